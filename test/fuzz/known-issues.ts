// Product bugs the board part found and that are not fixed yet (issue 29's report). Their failures
// are printed on every run, under the entry's name, and do not fail it; a failure no entry matches
// does. FUZZ_STRICT=1 fails on these too. When a fix lands, delete its entry: an entry that matched
// nothing in a run fails that run, so a fixed bug cannot stay listed here.
import type { FuzzFailure } from './probe';

export interface KnownIssue {
  name: string;
  /** What happens, and where it would be fixed. */
  what: string;
  matches: (failure: FuzzFailure) => boolean;
}

const serverError = (failure: FuzzFailure) => failure.problem.startsWith('server error 5');
const methodOf = (failure: FuzzFailure) => failure.request.split(' ')[0]!;
const pathOf = (failure: FuzzFailure) => failure.request.split(' ')[1]!;
const queryOf = (failure: FuzzFailure) => pathOf(failure).split('?')[1] ?? '';
const nextAction = (failure: FuzzFailure) => /\bnext-action: /.test(failure.request);

export const KNOWN_ISSUES: KnownIssue[] = [
  {
    name: 'NUL in a board search',
    what: 'A NUL (%00) in q, category or location of a jobs list (/b/fuzz?q=a%00b, /remote, /categories/x, /locations/x) reaches PostgreSQL, which refuses it: 500 page (lib/board/search-params.ts).',
    matches: (failure) =>
      serverError(failure) &&
      methodOf(failure) === 'GET' &&
      /(?:^|&)(?:q|category|location)=[^&]*%00/i.test(queryOf(failure)),
  },
  {
    name: 'Board slug beyond Latin-1',
    what: 'A /b/<slug> whose decoded slug has a character above U+00FF (/b/%E2%98%83) is a 500 text/plain: proxy.ts sets x-boardkit-board-base to /b/ and the decoded slug, and Headers refuses non-ByteString values.',
    matches: (failure) =>
      serverError(failure) &&
      /^\/\/?b\/[^/?]*%(?:C[4-9A-F]|D[0-9A-F]|E[0-9A-F]|F[0-4])/i.test(pathOf(failure)) &&
      failure.problem.includes('Internal Server Error'),
  },
  {
    name: 'NUL in a resume file name',
    what: 'The apply route (and applyAction) stores the resume file name as sent: a NUL in it fails the insert into applications, 500 with an empty body (lib/board/apply.ts).',
    matches: (failure) => serverError(failure) && failure.kind === 'apply: resume with a hostile name',
  },
  {
    name: 'NUL or lone surrogate in a payment event',
    what: 'A signed provider event holding \\u0000 or a lone surrogate escape (data.object: "\\u0000") fails the insert into payment_events: 500 internal_error (lib/payments).',
    matches: (failure) =>
      serverError(failure) && failure.operation === 'POST /api/organization/payments/webhook',
  },
  {
    name: 'Methods unknown to the HTTP parser',
    what: "FOO, TRACK, BREW and other methods outside llhttp's table get node's bare 400 (no body, no envelope, connection closed) instead of a 405: lib/http/node-listener.mjs could answer HPE_INVALID_METHOD in a clientError handler.",
    matches: (failure) => /^(?:FOO|TRACK|BREW) answered 400,/.test(failure.problem),
  },
  {
    name: 'PUT, PATCH and DELETE render pages',
    what: 'Pages answer PUT, PATCH and DELETE as a GET (200 and the page, or the sign-in redirect): refuseUnservedMethod (lib/http/request-guards.ts) passes every standard method.',
    matches: (failure) =>
      failure.kind.startsWith('unserved method ') &&
      !pathOf(failure).startsWith('/api/') &&
      /answered (?:200|30\d), not 405/.test(failure.problem),
  },
  {
    name: 'OPTIONS on a page',
    what: 'OPTIONS on a dynamic page (board or dashboard) is a 400 with an empty body and no Allow header (Next.js), not 204 with Allow or a 405 page.',
    matches: (failure) => failure.kind === 'OPTIONS' && /^OPTIONS answered 400/.test(failure.problem),
  },
  {
    name: "Static pages' own 405",
    what: 'Prerendered pages (/, /docs, /docs/errors) answer PUT, PATCH and OPTIONS with 405 "Method Not Allowed" as a body without a content type (Next.js).',
    matches: (failure) => /^a 405 page with content-type none/.test(failure.problem),
  },
  {
    name: "Route handlers' bare 405",
    what: "Route handlers outside the API (the board's feed.xml, jobs.xml, robots.txt, sitemaps, apply and unsubscribe routes; /cdn, /bench and the dashboard's export, image and upload routes) answer a method they do not export with Next.js's 405: no Allow header, no body.",
    matches: (failure) =>
      failure.problem === 'a 405 without an Allow header' && !pathOf(failure).startsWith('/api/'),
  },
  {
    name: 'Cross-origin server action',
    what: 'A server-action POST with a foreign Origin (any action id, a bogus one too) is a 500: Next.js throws "Invalid Server Actions request"; a 403 from proxy.ts would say what it is.',
    matches: (failure) =>
      serverError(failure) &&
      nextAction(failure) &&
      /\borigin: https:\/\/evil\.example/.test(failure.request),
  },
  {
    name: 'Server-action bodies React cannot decode',
    what: 'A server-action POST whose body is not JSON, is nested thousands deep, or holds malformed $ references is a 500 for every action (React decodeReply throws).',
    matches: (failure) =>
      serverError(failure) &&
      nextAction(failure) &&
      /: (?:not JSON|deep nesting|malformed references)$/.test(failure.kind),
  },
  {
    name: 'Server actions trust their arguments',
    what: 'Board actions called with arguments no form sends are 500s: requestSignInAction, signInWithCodeAction, signInWithLinkAction, createAlertAction, confirmAlertAction and unsubscribeAction call form.get on whatever comes (TypeError); applyAction sends a NUL job slug to PostgreSQL.',
    matches: (failure) =>
      serverError(failure) &&
      nextAction(failure) &&
      /: (?:the board and garbage|a huge number|NUL and surrogates|wrong types|another board)$/.test(
        failure.kind,
      ),
  },
  {
    name: 'Plain-text answers to no-JavaScript form posts',
    what: 'A form posted to a board page without a known action (no $ACTION_ID_, or an unknown one) gets Next.js\'s text/plain 400 "Invalid Server Action request." or 409 "Server Action unavailable.", not a page.',
    matches: (failure) =>
      /^a 4\d\d page with content-type text\/plain: (?:Invalid Server Action request|Server Action unavailable)/.test(
        failure.problem,
      ),
  },
];

/** Splits failures into those of known issues (by issue) and the rest. */
export function sortFailures(failures: FuzzFailure[]) {
  const known = new Map<KnownIssue, FuzzFailure[]>(KNOWN_ISSUES.map((issue) => [issue, []]));
  const unknown: FuzzFailure[] = [];
  for (const failure of failures) {
    const issue = KNOWN_ISSUES.find((candidate) => candidate.matches(failure));
    if (issue) known.get(issue)!.push(failure);
    else unknown.push(failure);
  }
  return { known, unknown };
}

/**
 * Prints each known issue met, with one example; answers a failure for each one not met (when the
 * board part ran, which is what meets them), so that a fixed bug's entry is deleted.
 */
export function printKnownIssues(known: Map<KnownIssue, FuzzFailure[]>, boardRan: boolean): FuzzFailure[] {
  const stale: FuzzFailure[] = [];
  for (const [issue, members] of known) {
    const [example] = members;
    if (example) {
      console.log(`\nKnown issue "${issue.name}" (${members.length}×): ${issue.what}`);
      console.log(
        `  e.g. ${example.kind}: ${example.problem.slice(0, 160)}\n    ${example.request.slice(0, 300)}`,
      );
    } else if (boardRan) {
      stale.push({
        operation: 'known-issues.ts',
        kind: issue.name,
        problem: 'this known issue did not happen in this run: if it is fixed, delete its entry',
        request: '',
      });
    }
  }
  return stale;
}
