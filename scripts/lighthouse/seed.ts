// The data the audited pages show: the demo owner's organization with the demo board's jobs, blog
// post and page (scripts/seed-board.ts, as `npm run db:seed` writes them), in the database that
// the environment names. Runs before the server starts: the embedded database takes one process.
import { and, asc, eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '@/db/client';
import { categories, companies, jobs, locations, pages } from '@/db/schema';
import { signUp } from '@/lib/auth/users';
import { boardUrl } from '@/lib/organizations';
import { seedDemoBoard } from '../seed-board';

export const owner = {
  name: 'Demo Owner',
  email: 'demo@boardkit.local',
  password: 'boardkit-demo',
  organizationName: 'Demo Board',
};

export interface SeededBoard {
  /** Absolute, without a trailing slash. */
  board: string;
  /** Under `board`, with a leading slash. */
  jobPath: string;
  postPath: string;
  /** The job's company, category and place pages, by name. */
  landings: { name: string; path: string }[];
}

export async function seedAuditedPages(): Promise<SeededBoard> {
  const handle = await openConfiguredDatabase();
  try {
    if (handle.driver === 'pglite') await handle.migrate();
    const db = handle.db;
    const { organization } = await signUp(db, owner);
    if (!(await seedDemoBoard(db, organization.id)))
      throw new Error('The demo board already had jobs: the database is not fresh.');
    // The newest job, as a visitor coming from the board's home would open first.
    const [job] = await db
      .select({
        slug: jobs.slug,
        company: companies.slug,
        category: categories.slug,
        location: locations.slug,
      })
      .from(jobs)
      .leftJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(categories, eq(categories.id, jobs.categoryId))
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      .where(eq(jobs.organizationId, organization.id))
      .orderBy(asc(jobs.id))
      .limit(1);
    const [post] = await db
      .select({ slug: pages.slug })
      .from(pages)
      .where(and(eq(pages.organizationId, organization.id), eq(pages.kind, 'blog_post')))
      .limit(1);
    if (!job || !post) throw new Error('Seeding wrote no job or no blog post.');
    if (!job.company || !job.category || !job.location)
      throw new Error('The seeded job has no company, category or place.');
    return {
      board: boardUrl(organization),
      jobPath: `/jobs/${job.slug}`,
      postPath: `/blog/${post.slug}`,
      landings: [
        { name: 'company page', path: `/companies/${job.company}` },
        { name: 'category page', path: `/categories/${job.category}` },
        { name: 'location page', path: `/locations/${job.location}` },
      ],
    };
  } finally {
    await handle.close();
  }
}
