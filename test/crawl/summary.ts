// What a run prints: answers by method and status, the first answer of each route (cold), the
// slowest answers after warm-up, and every failure, grouped; optionally the whole table as TSV.
import { writeFileSync } from 'node:fs';
import { printKnownIssues, sortFailures } from './known-issues';
import type { Failure, Recorder } from './recorder';

/** Prints the summary; true when nothing failed. */
export function summarize(recorder: Recorder, tablePath?: string): boolean {
  const { limits } = recorder;
  const statuses = new Map<string, number>();
  for (const row of recorder.table) {
    const key = `${row.method} ${row.error ? 'none' : row.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  console.log(
    `Answers: ${[...statuses]
      .sort()
      .map(([key, count]) => `${key}×${count}`)
      .join(', ')}`,
  );
  const firsts = [...recorder.firsts].sort((a, b) => b[1] - a[1]);
  console.log(
    `First answer per route (limit ${limits.firstMs} ms), slowest: ${firsts
      .slice(0, 6)
      .map(([route, ms]) => `${route} ${ms} ms`)
      .join(', ')}`,
  );
  if (recorder.slowOnce.length > 0)
    console.log(
      `Over the limit once, in time when asked again (${recorder.slowOnce.length}): ${recorder.slowOnce
        .slice(0, 5)
        .map((row) => `${row.method} ${row.url} ${row.ms} ms`)
        .join(', ')}`,
    );
  // The burst has its own limit (10 s for the 20) and is reported on its own.
  const warmed = recorder.table.filter((row) => !row.first && row.check !== '20 at once');
  console.log(`Slowest answers after warm-up (limit ${limits.ms} ms):`);
  for (const row of [...warmed].sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${String(row.ms).padStart(5)} ms  ${row.method} ${row.status} ${row.url}  [${row.check}]`);
  if (tablePath) {
    const rows = recorder.table.map((row) =>
      [row.method, row.error ? 'none' : row.status, row.ms, row.first, row.url, row.check].join('\t'),
    );
    writeFileSync(tablePath, `method\tstatus\tms\tfirst\turl\tcheck\n${rows.join('\n')}\n`);
  }
  const strict = process.env.CRAWL_STRICT === '1';
  for (const [key, count] of recorder.skipped)
    recorder.fail(key, `${count} more requests not sent: 3 went unanswered`);
  const { known, unknown } = sortFailures(recorder.failures);
  const stale = printKnownIssues(known);
  const failures = [...unknown, ...stale, ...(strict ? [...known.values()].flat() : [])];
  if (failures.length === 0) {
    console.log(
      `\nNo failures${recorder.failures.length > 0 ? ' beyond the known issues above (CRAWL_STRICT=1 fails on them)' : ''}. Every other board address answered within ${limits.ms} ms (first answers within ${limits.firstMs} ms).`,
    );
    return true;
  }
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.check.replace(/ \(.*?\)/, '')} | ${failure.problem.replace(/\d+ ms/g, 'N ms').slice(0, 90)}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  console.log(`\n${failures.length} failures in ${groups.size} groups:`);
  for (const [key, members] of groups) {
    console.log(`\n✗ ${key} (${members.length}×)`);
    for (const member of members.slice(0, 3))
      console.log(`  ${member.check}: ${member.problem}\n    ${member.request}`);
  }
  return false;
}
