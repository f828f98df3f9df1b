// Seeds two boards with BENCH_JOBS generated jobs between them; the load runs on the first.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { categories, jobCategories, jobs, type NewJob, organizations } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { slugify } from '@/lib/core/slug';
import { DAY_MS } from '@/lib/core/time';
import { createOrganization } from '@/lib/organizations/service';
import { categoryNames, categoryTree } from './category-tree';
import { CMS_ITEMS, seedCms } from './cms-seed';
import { jobCount } from './config';
import type { BenchDatabase } from './database';
import { makeCompanies, makeJob, type OrgCategories } from './job-generator';
import { chance, random } from './random';

const BATCH = 1000;

interface SeededJob {
  org: 0 | 1;
  createdAt: Date;
}

export interface SeededOrg {
  id: number;
  slug: string;
  apiKey: string;
  jobIds: string[];
  /** Slugs of the live jobs (the board's job pages that answer 200). */
  liveJobSlugs: string[];
  jobs: number;
}

/** Seeds both boards with `count` jobs between them, and the CMS collection unless told not to. */
export async function seed(db: Database, count = jobCount, { cms = true } = {}): Promise<SeededOrg[]> {
  const now = new Date();
  const unlimited = { GET: 1_000_000_000, POST: 1_000_000_000, PATCH: 1_000_000_000, DELETE: 1_000_000_000 };
  const orgs: (SeededOrg & { cats: OrgCategories; companies: string[]; slugs: Map<string, number> })[] = [];
  for (const [name, slug] of [
    ['Bench Board Alpha', 'bench-alpha'],
    ['Bench Board Beta', 'bench-beta'],
  ] as const) {
    const org = await createOrganization(db, { name, slug });
    const { plaintext } = await createApiKey(db, org.id, { name: 'Bench key' });
    // Measure the server, not the limiter: no request of the run may be answered 429.
    await db.update(organizations).set({ rateLimits: unlimited }).where(eq(organizations.id, org.id));
    const cats: OrgCategories = { byName: new Map(), ids: [] };
    for (const spec of categoryTree) {
      const [main] = await db
        .insert(categories)
        .values({ organizationId: org.id, name: spec.name, slug: slugify(spec.name) })
        .returning();
      cats.byName.set(spec.name, main!.id);
      cats.ids.push(main!.id);
      for (const sub of spec.subs) {
        const [row] = await db
          .insert(categories)
          .values({ organizationId: org.id, name: sub.name, slug: slugify(sub.name), parentId: main!.id })
          .returning();
        cats.byName.set(sub.name, row!.id);
        cats.ids.push(row!.id);
      }
    }
    orgs.push({
      id: org.id,
      slug,
      apiKey: plaintext,
      jobIds: [],
      liveJobSlugs: [],
      jobs: 0,
      cats,
      companies: makeCompanies(orgs.length === 0 ? 600 : 250),
      slugs: new Map(),
    });
  }

  // Jobs arrive over 120 days, both boards interleaved: insert them in that order so the heap and
  // the (time-ordered UUID v7) primary key look like a board that grew over time.
  const plan: SeededJob[] = Array.from({ length: count }, () => ({
    org: chance(0.7) ? 0 : 1,
    createdAt: new Date(now.getTime() - Math.floor(random() * 120 * DAY_MS)),
  }));
  plan.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  for (let start = 0; start < plan.length; start += BATCH) {
    const rows: NewJob[] = [];
    const links: (typeof jobCategories.$inferInsert)[] = [];
    for (const planned of plan.slice(start, start + BATCH)) {
      const org = orgs[planned.org]!;
      const { row, categoryIds } = makeJob(
        org.id,
        org.companies,
        org.cats,
        org.slugs,
        planned.createdAt,
        now,
      );
      rows.push(row);
      org.jobIds.push(row.id!);
      if (row.status === 'active' && (!row.expiresAt || row.expiresAt > now)) org.liveJobSlugs.push(row.slug);
      org.jobs++;
      categoryIds.forEach((categoryId, position) => {
        links.push({ jobId: row.id!, categoryId, organizationId: org.id, position });
      });
    }
    await db.insert(jobs).values(rows);
    await db.insert(jobCategories).values(links);
    if (process.stdout.isTTY && (start / BATCH) % 10 === 9)
      process.stdout.write(`\r  ${start + rows.length} jobs`);
  }
  if (process.stdout.isTTY) process.stdout.write('\r\x1b[K');
  if (cms) await seedCms(db, orgs[0]!.id);
  return orgs.map(({ id, slug, apiKey, jobIds, liveJobSlugs, jobs }) => ({
    id,
    slug,
    apiKey,
    jobIds,
    liveJobSlugs,
    jobs,
  }));
}

/** Seeds the database, refreshes its statistics and closes the seeding connection. */
export async function seedAndAnalyze(database: BenchDatabase): Promise<SeededOrg[]> {
  try {
    const started = performance.now();
    const orgs = await seed(database.handle.db);
    const seeded = performance.now();
    // A bulk load leaves no statistics and no visibility map; autovacuum would soon provide both.
    await database.handle.db.execute(sql`vacuum analyze`);
    const analyzed = performance.now();
    console.log(
      `Seeded ${jobCount} jobs (${orgs.map((org) => `${org.slug}: ${org.jobs}`).join(', ')}), ` +
        `${categoryNames.length} categories per board, ${CMS_ITEMS} CMS items, in ${((seeded - started) / 1000).toFixed(1)} s; ` +
        `VACUUM ANALYZE ${((analyzed - seeded) / 1000).toFixed(1)} s.`,
    );
    return orgs;
  } finally {
    await database.handle.close();
  }
}
