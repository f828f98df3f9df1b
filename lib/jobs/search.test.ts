// A search page is one statement (issue 35), and its lower tiers are read only while the tiers above
// have not filled the page: PostgreSQL's EXPLAIN ANALYZE shows each tier's scan as run or never run.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import { executeRows } from '@/lib/core/transaction';
import { createTenant } from '@/test/factories';
import { countStatements } from '@/test/statement-count';
import { listJobs } from './queries';
import type { CreateJobInput, ListJobsQuery } from './schemas';
import { searchMatch, searchPage } from './search';
import { createJob } from './writes';

let orgId: number;

const job = (title: string, extra: Partial<CreateJobInput> = {}) =>
  ({ title, description: 'A role.', company_name: 'Acme', ...extra }) as CreateJobInput;

beforeEach(async () => {
  orgId = (await createTenant()).organization.id;
  const db = await getDb();
  // Oldest first: each tier's newest comes last here.
  for (const input of [
    job('Analyst', { description: 'Reporting in Python.' }),
    job('Analyst II', { description: 'Python notebooks.' }),
    job('Engineer', { company_name: 'Python Software Foundation' }),
    job('Pythonic Tools Engineer'),
    job('Python Developer'),
    job('Senior Python Developer'),
  ])
    await createJob(db, orgId, input);
});

/** The titles of a search page, and whether each tier read the jobs table (EXPLAIN ANALYZE). */
async function page(search: string, limit: number, offset = 0) {
  const db = await getDb();
  const query = searchPage(db, eq(jobs.organizationId, orgId), searchMatch(search), limit, offset);
  const plan = await executeRows<Record<string, string>>(
    db,
    sql`explain (analyze, costs off, timing off) ${query}`,
  );
  const lines = plan.map((row) => Object.values(row)[0]!);
  const indent = (line: string) => line.length - line.trimStart().length;
  // A tier's scan of `jobs` is in its candidates' CTE where it has one, else in its own.
  const ran = [1, 2, 3, 4].map((tier) => {
    const cte = (name: string) => lines.findIndex((line) => line.trim() === `CTE ${name}`);
    const start = cte(`candidates_${tier}`) >= 0 ? cte(`candidates_${tier}`) : cte(`tier_${tier}`);
    const end = lines.findIndex((line, at) => at > start && indent(line) <= indent(lines[start]!));
    const scan = lines.slice(start + 1, end).find((line) => /\bon jobs\b/.test(line));
    if (!scan) throw new Error(`No scan of jobs for tier ${tier}:\n${lines.join('\n')}`);
    return !scan.includes('never executed');
  });
  return { titles: (await query).map((row) => row.job.title), ran };
}

describe('search page', () => {
  it('ranks in tiers, newest first within each, in one statement', async () => {
    const db = await getDb();
    let titles: string[] = [];
    const statements = await countStatements(db, async () => {
      const query = { ...({ search: 'python' } as ListJobsQuery), per_page: 20, page: 1 };
      titles = (await listJobs(db, { id: orgId, revision: 0 }, query, { boardUrl: 'http://b' })).jobs.map(
        (row) => row.title,
      );
    });
    // A short first page is its own total: the page is the only statement.
    expect(statements).toHaveLength(1);
    expect(titles).toEqual([
      'Senior Python Developer',
      'Python Developer',
      'Pythonic Tools Engineer',
      'Engineer',
      'Analyst II',
      'Analyst',
    ]);
  });

  it('reads a lower tier only when the tiers above do not fill the page', async () => {
    // The search as typed in two titles fills a page of two: no other tier is read.
    expect(await page('python', 2)).toEqual({
      titles: ['Senior Python Developer', 'Python Developer'],
      ran: [true, false, false, false],
    });
    // A page of four needs the title stems ("Pythonic" holds the text but not the word) and company.
    expect(await page('python', 4)).toEqual({
      titles: ['Senior Python Developer', 'Python Developer', 'Pythonic Tools Engineer', 'Engineer'],
      ran: [true, true, true, false],
    });
    // The second page of three reads every tier; rows found again in a lower tier keep their rank.
    expect(await page('python', 3, 3)).toEqual({
      titles: ['Engineer', 'Analyst II', 'Analyst'],
      ran: [true, true, true, true],
    });
  });
});
