import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, getDb } from '@/db/client';
import { jobs, organizations } from '@/db/schema';
import { listJobs } from '@/lib/jobs';
import { reseed } from './random';
import { checkRelevance, describeRelevance } from './relevance';
import { type SeededOrg, seed } from './seed';

// The bench corpus at a size a test can seed: the same generator, so the same kinds of titles,
// companies and descriptions as the 100,000 jobs `npm run bench` searches.
describe('search relevance over the bench corpus', () => {
  let db: Database;
  let board: SeededOrg;
  beforeAll(async () => {
    db = await getDb();
    reseed(16);
    [board] = (await seed(db, 1_500, { cms: false })) as [SeededOrg];
  }, 120_000);

  it('puts the jobs a person would expect in the top 3 of each of 20 searches', async () => {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, board.id));
    const corpus = await db
      .select({ title: jobs.title, company_name: jobs.companyName, description: jobs.description })
      .from(jobs)
      .where(eq(jobs.organizationId, board.id))
      .orderBy(jobs.id);
    const results = await checkRelevance(
      corpus[0]!.company_name,
      async (search) => (await listJobs(db, organization!, { search, page: 1, per_page: 3 })).jobs,
      corpus,
    );
    expect(
      results.filter((result) => !result.passed),
      describeRelevance(results),
    ).toEqual([]);
  });
});
