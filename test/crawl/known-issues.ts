// Product bugs the crawler found that are not fixed yet (issue 29's report), as test/fuzz keeps
// its own. Their failures are printed under the entry's name on every run and do not fail it; a
// failure no entry matches does. CRAWL_STRICT=1 fails on these too. When a fix lands, delete its
// entry: an entry that matched nothing in a run fails that run, so a fixed bug cannot stay listed.
import type { Failure } from './recorder';
import { GATED_COLLECTION } from './seed';

export interface KnownIssue {
  name: string;
  /** What happens, how to see it, and where it would be fixed. */
  what: string;
  matches: (failure: Failure) => boolean;
}

export const KNOWN_ISSUES: KnownIssue[] = [
  {
    name: 'Board 404 pages drawn by JavaScript only',
    what: 'Every notFound() under app/(board)/b/[board] (an unknown job, post, page, category, place, collection or board; a draft; another board’s slug) answers 404 with Next.js’s error shell: <html id="__next_error__"> with an empty body; the board’s (or the app’s) not-found page is only in the flight data and drawn once JavaScript runs, so visitors without JavaScript and crawlers that do not run it get a blank page. Next.js renders not-found boundaries on the client after a render error (vercel/next.js#62228); an unmatched URL (/zz-nothing) is server-rendered. E.g. curl -s localhost:3000/b/demo-board/jobs/zz | grep -c "Page not found" finds it only in self.__next_f.',
    matches: (failure) => failure.problem.includes("404 page is not in the HTML: Next.js's error shell"),
  },
  {
    name: 'Addresses under a board that no route matches get the app’s 404',
    what: 'A path under a board that matches no route (/b/{slug}/pricing/x, /b/{slug}/jobs/{job}/x, /b/{slug}/feed.xml/x, /b/{slug}/sign-in/x) is 404 with the app’s not-found page (“Go to Boardkit”, no board header, navigation or footer), not the board’s: nothing under app/(board)/b/[board] catches it (a [...rest] catch-all calling notFound() would, though its page would then meet the issue above).',
    matches: (failure) =>
      failure.check.startsWith('unknown child of ') &&
      failure.problem.startsWith("a 404 that is not the board's own page (app;"),
  },
  {
    name: 'A gated collection answers any item id',
    what: 'GET /c/{gated collection}/{anything} is 200 with the “for subscribers” page (and a canonical link to that address) whatever the id, where an unknown item of an open collection is 404: loadItem (app/(board)/b/[board]/c/[collection]/[item]/page.tsx) falls back to the gated page on any not_found. Every made-up address is a soft 404 search engines may index.',
    matches: (failure) =>
      /^unknown (?:item in|child of) \/c\/\[collection\]/.test(failure.check) &&
      failure.request.includes(`/c/${GATED_COLLECTION}/`) &&
      /answered 200|router request answered 200 without the not-found page/.test(failure.problem),
  },
  {
    name: 'HEAD of an expired job is 200',
    what: 'GET /jobs/{expired job} is 410 (proxy.ts rewrites it to /gone), HEAD of the same address is 200: the rewrite is only done for GET (`jobSlug && request.method === "GET"` in proxy.ts). Link checkers and crawlers that ask HEAD see a live page.',
    matches: (failure) =>
      failure.check === 'expired job, HEAD' && failure.problem === 'answered 200, expected 410',
  },
  {
    name: 'Canonical links of list pages redirect',
    what: 'In path mode the canonical link of page 2 and beyond of the jobs list is /b/{slug}/?page=2 (boardMetadata’s url("/?page=2") adds a slash after the board’s address), which answers 308 to /b/{slug}?page=2: a canonical address should answer itself (app/(board)/b/[board]/board.ts, `url`).',
    matches: (failure) =>
      failure.check === 'canonical' &&
      /^the canonical \S+\/\?page=\d+ \(of .*\) answers 308/.test(failure.problem),
  },
];

/** Splits failures into those of known issues (by issue) and the rest. */
export function sortFailures(failures: Failure[]) {
  const known = new Map<KnownIssue, Failure[]>(KNOWN_ISSUES.map((issue) => [issue, []]));
  const unknown: Failure[] = [];
  for (const failure of failures) {
    const issue = KNOWN_ISSUES.find((candidate) => candidate.matches(failure));
    if (issue) known.get(issue)!.push(failure);
    else unknown.push(failure);
  }
  return { known, unknown };
}

/** Prints each known issue met, with one example; answers a failure for each one not met. */
export function printKnownIssues(known: Map<KnownIssue, Failure[]>): Failure[] {
  const stale: Failure[] = [];
  for (const [issue, members] of known) {
    const [example] = members;
    if (example) {
      console.log(`\nKnown issue "${issue.name}" (${members.length}×): ${issue.what}`);
      console.log(
        `  e.g. ${example.check}: ${example.problem.slice(0, 160)}\n    ${example.request.slice(0, 300)}`,
      );
    } else {
      stale.push({
        check: `known-issues.ts: ${issue.name}`,
        problem: 'this known issue did not happen in this run: if it is fixed, delete its entry',
        request: '',
      });
    }
  }
  return stale;
}
