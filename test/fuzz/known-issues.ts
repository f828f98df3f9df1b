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

export const KNOWN_ISSUES: KnownIssue[] = [
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
