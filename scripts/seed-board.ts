// The demo board's content for `npm run db:seed`: jobs in categories and places, a blog post and
// a page, written through the same services as the API so everything renders as real data would.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { createAuthor } from '@/lib/authors/service';
import { createCompany } from '@/lib/companies';
import { commitLocation } from '@/lib/geo/service';
import { createJob, descriptionHtml } from '@/lib/jobs';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { createAsset } from '@/lib/media';
import { boardUrlOf } from '@/lib/organizations';
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
    workplace: 'on_site',
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
    workplace: 'remote',
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
    workplace: 'hybrid',
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
    workplace: 'on_site',
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
    workplace: 'remote',
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
    workplace: 'on_site',
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
    workplace: 'on_site',
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
    workplace: 'remote',
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
    workplace: 'remote',
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
    workplace: 'on_site',
    method: 'form-internal',
    days: 15,
  },
] as const;

/** The demo employers: a colour and a mark each for a logo drawn without fonts, so it renders anywhere. */
const demoCompanies = [
  ['Northwind Labs', '#2563eb', 'ring', 'Developer tools for teams that ship every day.'],
  ['Bluebird Health', '#0891b2', 'wave', 'Care coordination software used by 400 clinics.'],
  ['Lumen Studio', '#d97706', 'sun', 'A product design studio for climate and health startups.'],
  [
    'Harbor Freight Analytics',
    '#0f766e',
    'bars',
    'Shipping data that tells ports and carriers what comes next.',
  ],
  ['Cloudhaven', '#7c3aed', 'cloud', 'Managed infrastructure for regulated industries.'],
  ['Tandem CRM', '#db2777', 'links', 'The CRM small sales teams actually keep up to date.'],
  ['Sprout & Co', '#16a34a', 'leaf', 'Payroll and benefits for growing companies in Europe.'],
  ['Docsmith', '#475569', 'page', 'Documentation that stays true to the code it describes.'],
] as const;

type Mark = (typeof demoCompanies)[number][2];

const marks: Record<Mark, string> = {
  ring: '<circle cx="128" cy="128" r="64" fill="none" stroke="#fff" stroke-width="28"/>',
  wave: '<path d="M40 140 q44 -60 88 0 t88 0" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round"/>',
  sun: '<circle cx="128" cy="128" r="44" fill="#fff"/><g stroke="#fff" stroke-width="16" stroke-linecap="round"><path d="M128 36v24M128 196v24M36 128h24M196 128h24M63 63l17 17M176 176l17 17M63 193l17-17M176 80l17-17"/></g>',
  bars: '<g fill="#fff"><rect x="56" y="120" width="32" height="76" rx="6"/><rect x="112" y="84" width="32" height="112" rx="6"/><rect x="168" y="52" width="32" height="144" rx="6"/></g>',
  cloud: '<path d="M80 176h104a36 36 0 0 0 0-72 52 52 0 0 0-100 12 30 30 0 0 0-4 60z" fill="#fff"/>',
  links:
    '<g fill="none" stroke="#fff" stroke-width="24"><circle cx="100" cy="128" r="44"/><circle cx="156" cy="128" r="44"/></g>',
  leaf: '<path d="M64 192c0-88 56-128 128-128 0 72-40 128-128 128z" fill="#fff"/><path d="M64 192l72-72" stroke="currentColor" stroke-width="10"/>',
  page: '<path d="M76 44h72l40 40v128H76z" fill="#fff"/><g stroke="currentColor" stroke-width="10"><path d="M100 120h64M100 148h64M100 176h40"/></g>',
};

async function logoPng(colour: string, mark: Mark): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" color="${colour}"><rect width="256" height="256" rx="48" fill="${colour}"/>${marks[mark]}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A picture for a job description: shapes in a company's colour, like an office photo's placeholder. */
async function bannerPng(colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500"><rect width="1200" height="500" fill="#eef2ff"/><circle cx="260" cy="250" r="170" fill="${colour}" opacity="0.85"/><rect x="520" y="120" width="260" height="260" rx="40" fill="${colour}" opacity="0.55"/><path d="M880 380 L1010 120 L1140 380 Z" fill="${colour}" opacity="0.35"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const websiteOf = (company: string) => `https://${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

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
  const board = await boardUrlOf(db, orgId);
  for (const [name, colour, mark, introduction] of demoCompanies) {
    const { asset } = await createAsset(
      db,
      orgId,
      { bytes: await logoPng(colour, mark), title: `${name} logo`, filename: `${mark}.png` },
      { dedupe: true },
    );
    await createCompany(
      db,
      orgId,
      { name, logo_url: asset.url, website: websiteOf(name), description: introduction },
      board,
    );
  }
  // The first job's description shows a picture, as many real ones do.
  const { asset: banner } = await createAsset(
    db,
    orgId,
    {
      bytes: await bannerPng(demoCompanies[0][1]),
      title: 'The Northwind Labs studio',
      filename: 'studio.png',
    },
    { dedupe: true },
  );
  for (const [index, job] of demoJobs.entries()) {
    const text = description(job.title, job.company_name);
    const location = await commitLocation(db, orgId, { query: job.place, country: job.country });
    const [min, max, currency, period] = job.salary ?? [];
    await createJob(
      db,
      orgId,
      createJobBodySchema.parse({
        title: job.title,
        company_name: job.company_name,
        company_website: websiteOf(job.company_name),
        description: index === 0 ? `${descriptionHtml(text)}<p><img src="${banner.url}"></p>` : text,
        location: job.place,
        location_id: location.id,
        workplace_type: job.workplace,
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
