// The demo board's content for `npm run db:seed`: jobs in categories and places, a blog post and
// a page, written through the same services as the API so everything renders as real data would.
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { createAuthor } from '@/lib/authors/service';
import { commitLocation } from '@/lib/geo/service';
import { createJob } from '@/lib/jobs';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { createPageBodySchema } from '@/lib/pages/schemas';
import { createPage } from '@/lib/pages/service';

const DAY = 86_400_000;

const demoJobs = [
  {
    title: 'Senior Backend Engineer',
    company_name: 'Northwind Labs',
    place: 'Berlin',
    country: 'DE',
    category: 'Engineering',
    job_type: 'full-time',
    salary: [75_000, 95_000, 'EUR'],
    remote: false,
    method: 'form-internal',
    days: 1,
  },
  {
    title: 'Frontend Developer (React)',
    company_name: 'Bluebird Health',
    place: 'Amsterdam',
    country: 'NL',
    category: 'Engineering',
    job_type: 'full-time',
    salary: [60_000, 78_000, 'EUR'],
    remote: true,
    method: 'form-internal',
    days: 2,
  },
  {
    title: 'Product Designer',
    company_name: 'Lumen Studio',
    place: 'London',
    country: 'GB',
    category: 'Design',
    job_type: 'full-time',
    salary: [55_000, 70_000, 'GBP'],
    remote: false,
    method: 'form-external',
    days: 3,
  },
  {
    title: 'Data Analyst',
    company_name: 'Harbor Freight Analytics',
    place: 'Austin',
    country: 'US',
    category: 'Data',
    job_type: 'full-time',
    salary: [85_000, 105_000, 'USD'],
    remote: false,
    method: 'form-internal',
    days: 4,
  },
  {
    title: 'DevOps Engineer',
    company_name: 'Cloudhaven',
    place: 'Remote',
    country: undefined,
    category: 'Engineering',
    job_type: 'contract',
    salary: [70, 95, 'USD', 'hourly'],
    remote: true,
    method: 'email',
    days: 5,
  },
  {
    title: 'Customer Success Manager',
    company_name: 'Tandem CRM',
    place: 'Toronto',
    country: 'CA',
    category: 'Customer Success',
    job_type: 'full-time',
    salary: [70_000, 85_000, 'CAD'],
    remote: false,
    method: 'form-internal',
    days: 6,
  },
  {
    title: 'Marketing Intern',
    company_name: 'Sprout & Co',
    place: 'Dublin',
    country: 'IE',
    category: 'Marketing',
    job_type: 'internship',
    salary: null,
    remote: false,
    method: 'form-internal',
    days: 8,
  },
  {
    title: 'Machine Learning Engineer',
    company_name: 'Northwind Labs',
    place: 'Berlin',
    country: 'DE',
    category: 'Data',
    job_type: 'full-time',
    salary: [85_000, 110_000, 'EUR'],
    remote: true,
    method: 'form-internal',
    days: 10,
  },
  {
    title: 'Technical Writer',
    company_name: 'Docsmith',
    place: 'Lisbon',
    country: 'PT',
    category: 'Marketing',
    job_type: 'part-time',
    salary: [30_000, 38_000, 'EUR'],
    remote: true,
    method: 'form-external',
    days: 12,
  },
  {
    title: 'iOS Engineer',
    company_name: 'Bluebird Health',
    place: 'Amsterdam',
    country: 'NL',
    category: 'Engineering',
    job_type: 'full-time',
    salary: [65_000, 82_000, 'EUR'],
    remote: false,
    method: 'form-internal',
    days: 15,
  },
] as const;

const description = (
  title: string,
  company: string,
) => `${company} is hiring a ${title} to join a small team that ships every week.

What you will do:
- Own features from the first sketch to production
- Work closely with product, design and customers
- Improve how we build, test and release

What we look for:
- Experience in a similar role, or the curiosity to grow into it quickly
- Clear written communication
- Care for the people who use what you build

We offer a learning budget, flexible hours and a team that reviews each other's work kindly.`;

export async function seedDemoBoard(db: Database, orgId: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.organizationId, orgId))
    .limit(1);
  if (existing) return false;
  const now = Date.now();
  for (const job of demoJobs) {
    const location = await commitLocation(db, orgId, { query: job.place, country: job.country });
    const [min, max, currency, period] = job.salary ?? [];
    await createJob(
      db,
      orgId,
      createJobBodySchema.parse({
        title: job.title,
        company_name: job.company_name,
        company_website: `https://${job.company_name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        description: description(job.title, job.company_name),
        location: job.place,
        location_id: location.id,
        is_remote: job.remote,
        job_type: job.job_type,
        category: job.category,
        salary_min: min ?? null,
        salary_max: max ?? null,
        salary_currency: currency ?? null,
        salary_period: period ?? (min ? 'yearly' : null),
        contact_email: 'hiring@demo.example',
        how_to_apply_method: job.method,
        how_to_apply:
          job.method === 'form-external'
            ? `https://careers.example/${job.title.toLowerCase().replace(/[^a-z]+/g, '-')}`
            : job.method === 'email'
              ? 'jobs@cloudhaven.example'
              : null,
        published_at: new Date(now - job.days * DAY).toISOString(),
      }),
    );
  }
  const author = await createAuthor(db, orgId, { name: 'Alex Rivera' });
  await createPage(
    db,
    orgId,
    createPageBodySchema.parse({
      kind: 'blog_post',
      status: 'published',
      title: 'How to write a cover letter that gets read',
      author_id: author.id,
      meta_description: 'Five habits of cover letters that hiring managers finish reading.',
      content:
        '<p>Hiring managers read hundreds of applications. The letters they finish have a few things in common.</p><h2>Lead with the job, not with you</h2><p>Open with what you would do in the role in your first months, in their words.</p><h2>Show one result</h2><p>One specific outcome, with a number, beats a list of adjectives.</p><ul><li>Keep it under 250 words</li><li>Name the team you are applying to</li><li>End with a question you would like to discuss</li></ul><blockquote><p>“The best letters read like the start of a conversation.”</p></blockquote>',
    }),
  );
  await createPage(
    db,
    orgId,
    createPageBodySchema.parse({
      kind: 'page',
      status: 'published',
      title: 'About this board',
      slug: 'about',
      content:
        '<p>Demo Board lists jobs at product companies that work in small, kind teams.</p><h2>For employers</h2><p>Post a job from the dashboard or through the API; it appears here within seconds.</p>',
    }),
  );
  return true;
}
