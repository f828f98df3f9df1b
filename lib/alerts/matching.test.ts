// An alert follows exactly the jobs the board's search finds: for a corpus of jobs and searches,
// on an open board and on one whose paywall hides the older jobs' descriptions, the alert made of a
// search matches the same jobs as the search itself. Both read the search rules of lib/jobs/search.ts
// and the salary rule of lib/jobs/salary.ts.
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobAlerts, type Organization } from '@/db/schema';
import { boardJobs } from '@/lib/board/queries';
import { parseBoardSearch } from '@/lib/board/search-params';
import { findOrCreateCategory } from '@/lib/categories';
import { executeRows } from '@/lib/core/transaction';
import { commitLocation } from '@/lib/geo/service';
import { anonymousJobGate, putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { alertsMatchingJob } from './matching';

const DAY_MS = 86_400_000;

/** Searches as the board's form sends them. */
const searches: Record<string, string>[] = [
  { q: 'engineer' },
  { q: 'developers' },
  { q: 'front' },
  { q: 'go' },
  { q: 'python' },
  { q: 'java -python' },
  { q: 'manager -java' },
  { q: '"data engineer"' },
  { q: 'nurse or accountant' },
  { q: 'kubernetes' },
  { q: 'account' },
  { q: '50%' },
  { q: 'ledger_' },
  { q: 'forge' },
  { q: 'co' },
  { category: 'engineering' },
  { category: 'frontend' },
  { job_type: 'full-time' },
  { remote: '1' },
  { location: 'berlin' },
  { location: 'lisbon' },
  { location: 'portugal' },
  { location: '%' },
  { q: 'developer', remote: '1' },
  { q: 'engineer', location: 'lisbon', category: 'engineering' },
  { job_type: 'part-time', remote: '1' },
  { salary_min: '0' },
  { salary_min: '60000' },
  { salary_min: '62400' },
  { salary_min: '62401' },
  { salary_min: '130000' },
  { q: 'developer', salary_min: '57000' },
  { remote: '1', salary_min: '50000' },
];

/** A board with the corpus: eight jobs, published a day apart, the first the oldest. */
async function corpusBoard(paywalled: boolean) {
  const db = await getDb();
  const { organization } = await createTenant();
  const orgId = organization.id;
  if (paywalled) {
    await putPaymentSettings(db, orgId, {
      provider: 'local',
      paywall: { jobs_preview_count: 3, apply: false, members_only_posts: false },
    });
  }
  const engineering = await findOrCreateCategory(db, orgId, 'Engineering');
  await findOrCreateCategory(db, orgId, 'Frontend', engineering.category.id);
  const lisbon = await commitLocation(db, orgId, { query: 'Lisbon', country: 'PT' });
  const corpus: NonNullable<Parameters<typeof createTestJob>[1]>[] = [
    {
      title: 'Night Nurse',
      company_name: 'Grand Hotel',
      description: 'Care for guests at night; kubernetes is our secret word.',
      job_type: 'temporary',
      location: 'Lisbon, Portugal',
      // 62,400 a year.
      salary_min: 30,
      salary_currency: 'USD',
      salary_period: 'hourly',
    },
    {
      title: 'Backend Engineer',
      company_name: 'Acme',
      description: 'Go, PostgreSQL and Kafka; python welcome.',
      category: 'Engineering',
      job_type: 'full-time',
      location: 'Remote',
      location_id: lisbon.id,
      salary_min: 70_000,
      salary_max: 90_000,
      salary_currency: 'USD',
      salary_period: 'yearly',
    },
    {
      title: 'Data Engineer',
      company_name: 'Numbers & Co',
      description: 'Python and SQL, 50% travel.',
      category: 'Engineering',
      job_type: 'contract',
      location: 'Portugal',
      // 48,000 a year.
      salary_min: 4_000,
      salary_currency: 'usd',
      salary_period: 'monthly',
    },
    {
      title: 'Accountant',
      company_name: 'Ledger_Works',
      description: 'Excel and patience.',
      job_type: 'part-time',
      is_remote: true,
      location: 'Porto',
    },
    {
      title: 'Account Manager',
      company_name: 'Frontline Sales',
      description: 'Sell things. Java not required.',
      job_type: 'full-time',
      location: 'Berlin',
      // Another currency: no minimum keeps it.
      salary_min: 95_000,
      salary_currency: 'EUR',
      salary_period: 'yearly',
    },
    {
      title: 'Java Developer',
      company_name: 'Beans Inc',
      description: 'Spring and Java, no python.',
      category: 'Engineering',
      job_type: 'full-time',
      location: 'Berlin, Germany',
      // 130,000 a year.
      salary_min: 500,
      salary_currency: 'USD',
      salary_period: 'daily',
    },
    {
      title: 'Senior Frontend Developer',
      company_name: 'Pixel Forge',
      description: 'React and TypeScript.',
      category: 'Frontend',
      job_type: 'full-time',
      is_remote: true,
      location: 'Berlin',
      // 57,200 a year.
      salary_max: 1_100,
      salary_currency: 'USD',
      salary_period: 'weekly',
    },
    {
      title: 'Go Developer',
      company_name: 'Gopher Ltd',
      description: 'Services in golang.',
      job_type: 'full-time',
      is_remote: true,
    },
  ];
  const jobs = [];
  for (const [index, fields] of corpus.entries()) {
    const published_at = new Date(Date.now() - (corpus.length - index) * DAY_MS);
    jobs.push({ ...(await createTestJob(orgId, { ...fields, published_at })), title: fields.title! });
  }
  return { db, organization: organization as Organization, jobs };
}

/** The titles the board's search finds. */
async function boardFinds(
  db: Awaited<ReturnType<typeof getDb>>,
  org: Organization,
  params: Record<string, string>,
) {
  const { filters, problems } = parseBoardSearch(params);
  expect(problems).toEqual([]);
  const { jobs, total } = await boardJobs(db, org, filters, 1);
  expect(jobs).toHaveLength(total);
  return jobs.map((job) => job.title).sort();
}

describe('alert matching and the board’s search', () => {
  it.each([
    ['an open board', false],
    ['a board whose paywall hides older descriptions', true],
  ])('agree on every search of the corpus on %s', async (_board, paywalled) => {
    const { db, organization, jobs } = await corpusBoard(paywalled);
    // One alert per search, made of the search's values as the board's alert form sends them.
    const alertIds = new Map<string, Record<string, string>>();
    for (const params of searches) {
      const { values } = parseBoardSearch(params);
      const [alert] = await db
        .insert(jobAlerts)
        .values({
          organizationId: organization.id,
          email: `alert-${alertIds.size}@example.com`,
          q: values.q || null,
          category: values.category.toLowerCase() || null,
          jobType: values.job_type || null,
          remote: values.remote,
          location: values.location || null,
          salaryMin: values.salary_min ? Number(values.salary_min) : null,
          frequency: 'instant',
          status: 'active',
        })
        .returning({ id: jobAlerts.id });
      alertIds.set(alert!.id, params);
    }
    const gated: SQL = await anonymousJobGate(db, [organization.id]);
    const followed = new Map<string, string[]>([...alertIds.keys()].map((id) => [id, []]));
    for (const job of jobs) {
      const rows = await executeRows<{ id: string }>(db, alertsMatchingJob(organization.id, job.id, gated));
      for (const { id } of rows) followed.get(id)!.push(job.title);
    }
    const answers = [];
    for (const [id, params] of alertIds) {
      const board = await boardFinds(db, organization, params);
      answers.push({ search: params, board, alert: followed.get(id)!.sort() });
    }
    for (const { search, board, alert } of answers)
      expect({ search, alert }).toEqual({ search, alert: board });

    // The corpus draws the rules' edges: substrings, stems, negation, places, sub-categories, the paywall.
    const found = Object.fromEntries(answers.map(({ search, board }) => [JSON.stringify(search), board]));
    expect(found['{"q":"front"}']).toEqual(['Account Manager', 'Senior Frontend Developer']);
    expect(found['{"q":"go"}']).toEqual(['Backend Engineer', 'Go Developer'].slice(paywalled ? 1 : 0));
    expect(found['{"location":"lisbon"}']).toEqual(['Backend Engineer', 'Night Nurse']);
    expect(found['{"category":"engineering"}']).toEqual([
      'Backend Engineer',
      'Data Engineer',
      'Java Developer',
      'Senior Frontend Developer',
    ]);
    expect(found['{"q":"kubernetes"}']).toEqual(paywalled ? [] : ['Night Nurse']);
    // Java Developer's description has the excluded word; Account Manager's is hidden behind the paywall.
    expect(found['{"q":"java -python"}']).toEqual(paywalled ? [] : ['Account Manager']);
    // Yearly upper ends in USD: hourly, monthly, daily and weekly pay annualized; EUR and no salary left out.
    expect(found['{"salary_min":"0"}']).toEqual([
      'Backend Engineer',
      'Data Engineer',
      'Java Developer',
      'Night Nurse',
      'Senior Frontend Developer',
    ]);
    expect(found['{"salary_min":"62400"}']).toEqual(['Backend Engineer', 'Java Developer', 'Night Nurse']);
    expect(found['{"salary_min":"62401"}']).toEqual(['Backend Engineer', 'Java Developer']);
    expect(found['{"q":"developer","salary_min":"57000"}']).toEqual([
      'Java Developer',
      'Senior Frontend Developer',
    ]);
  });
});
