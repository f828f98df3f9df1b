// Product bugs the crawler found that are not fixed yet (issue 29's report), as test/fuzz keeps
// its own. Their failures are printed under the entry's name on every run and do not fail it; a
// failure no entry matches does. CRAWL_STRICT=1 fails on these too. When a fix lands, delete its
// entry: an entry that matched nothing in a run fails that run, so a fixed bug cannot stay listed.
import type { Failure } from './recorder';

export interface KnownIssue {
  name: string;
  /** What happens, how to see it, and where it would be fixed. */
  what: string;
  matches: (failure: Failure) => boolean;
}

export const KNOWN_ISSUES: KnownIssue[] = [];

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
