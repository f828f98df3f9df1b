// npm run bench: seeds a board of BENCH_JOBS jobs over 2 organizations, starts `next start` on it and
// loads each API endpoint with autocannon beside a trivial Next route (the framework floor). Prints a
// table; asserts nothing. DATABASE_URL (PostgreSQL) names a database that is dropped, created, migrated
// and kept afterwards for EXPLAIN; unset, a throwaway embedded PGlite is used. BENCH_JOBS (100000),
// BENCH_DURATION (seconds per scenario, 10) and BENCH_CONNECTIONS (50) size the run; BENCH_SKIP_BUILD=1
// reuses the last build in .next-bench.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { connect, type Database, type DatabaseHandle } from '@/db/client';
import { categories, jobCategories, jobs, type NewJob, organizations } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { createOrganization } from '@/lib/organizations/service';
import { slugify } from '@/lib/slug';

const jobCount = Number(process.env.BENCH_JOBS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Math.min(3, duration);
const distDir = '.next-bench';
const searchWord = 'python';
const categoryFilter = 'Engineering';
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Deterministic data: the same seed gives the same board, so runs compare.

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = mulberry32(20_260_101);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;
function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

interface CategorySpec {
  name: string;
  weight: number;
  /** Annual base salary in USD for a mid-level role. */
  pay: number;
  roles: string[];
  skills: string[];
  subs: { name: string; roles: string[] }[];
}

const categoryTree: CategorySpec[] = [
  {
    name: 'Engineering',
    weight: 26,
    pay: 125_000,
    roles: ['Software Engineer', 'Software Developer', 'Engineering Manager', 'Full Stack Developer'],
    skills: [
      'Python',
      'TypeScript',
      'JavaScript',
      'Go',
      'Java',
      'Kotlin',
      'Rust',
      'PostgreSQL',
      'Kubernetes',
      'AWS',
      'Docker',
      'Terraform',
      'React',
      'GraphQL',
      'Redis',
      'Kafka',
      'Linux',
      'CI/CD pipelines',
      'Swift',
    ],
    subs: [
      {
        name: 'Backend Development',
        roles: [
          'Backend Engineer',
          'Java Developer',
          'Python Developer',
          'Go Developer',
          'Node.js Developer',
        ],
      },
      {
        name: 'Frontend Development',
        roles: [
          'Frontend Engineer',
          'React Developer',
          'UI Engineer',
          'JavaScript Developer',
          'Web Developer',
        ],
      },
      { name: 'Mobile Development', roles: ['iOS Developer', 'Android Developer', 'Mobile Engineer'] },
      {
        name: 'DevOps & Infrastructure',
        roles: ['DevOps Engineer', 'Site Reliability Engineer', 'Platform Engineer', 'Cloud Engineer'],
      },
      {
        name: 'QA & Testing',
        roles: ['QA Engineer', 'Test Automation Engineer', 'Quality Assurance Analyst'],
      },
      { name: 'Security', roles: ['Security Engineer', 'Application Security Engineer', 'Security Analyst'] },
    ],
  },
  {
    name: 'Data & Analytics',
    weight: 10,
    pay: 115_000,
    roles: ['Data Analyst', 'Analytics Manager'],
    skills: [
      'Python',
      'SQL',
      'dbt',
      'Spark',
      'Airflow',
      'Tableau',
      'Looker',
      'pandas',
      'statistics',
      'machine learning',
      'BigQuery',
      'Snowflake',
    ],
    subs: [
      { name: 'Data Science', roles: ['Data Scientist', 'Machine Learning Engineer', 'Research Scientist'] },
      { name: 'Data Engineering', roles: ['Data Engineer', 'Analytics Engineer', 'ETL Developer'] },
      { name: 'Business Intelligence', roles: ['BI Analyst', 'BI Developer', 'Reporting Analyst'] },
    ],
  },
  {
    name: 'Design',
    weight: 6,
    pay: 100_000,
    roles: ['Designer', 'Design Lead'],
    skills: [
      'Figma',
      'Sketch',
      'prototyping',
      'design systems',
      'user research',
      'accessibility',
      'Illustrator',
    ],
    subs: [
      { name: 'Product Design', roles: ['Product Designer', 'UX Designer', 'UI Designer'] },
      { name: 'UX Research', roles: ['UX Researcher', 'User Researcher'] },
      { name: 'Graphic Design', roles: ['Graphic Designer', 'Visual Designer', 'Brand Designer'] },
    ],
  },
  {
    name: 'Product',
    weight: 6,
    pay: 120_000,
    roles: ['Product Manager', 'Product Owner'],
    skills: ['roadmapping', 'Jira', 'stakeholder management', 'A/B testing', 'product analytics', 'Scrum'],
    subs: [{ name: 'Project Management', roles: ['Project Manager', 'Program Manager', 'Scrum Master'] }],
  },
  {
    name: 'Marketing',
    weight: 8,
    pay: 80_000,
    roles: ['Marketing Manager', 'Marketing Coordinator'],
    skills: [
      'Google Analytics',
      'HubSpot',
      'SEO',
      'copywriting',
      'Google Ads',
      'email marketing',
      'Salesforce',
    ],
    subs: [
      { name: 'Content Marketing', roles: ['Content Writer', 'Content Marketing Manager', 'Copywriter'] },
      {
        name: 'Performance Marketing',
        roles: ['Growth Marketer', 'Paid Media Specialist', 'PPC Specialist'],
      },
      { name: 'SEO', roles: ['SEO Specialist', 'SEO Manager'] },
      { name: 'Social Media', roles: ['Social Media Manager', 'Community Manager'] },
    ],
  },
  {
    name: 'Sales',
    weight: 9,
    pay: 85_000,
    roles: ['Sales Manager', 'Sales Representative'],
    skills: [
      'Salesforce',
      'HubSpot',
      'negotiation',
      'pipeline management',
      'B2B SaaS',
      'outbound prospecting',
    ],
    subs: [
      { name: 'Account Management', roles: ['Account Executive', 'Account Manager', 'Key Account Manager'] },
      {
        name: 'Business Development',
        roles: ['Business Development Representative', 'Sales Development Representative'],
      },
    ],
  },
  {
    name: 'Customer Support',
    weight: 7,
    pay: 52_000,
    roles: ['Customer Support Specialist', 'Customer Service Representative'],
    skills: ['Zendesk', 'Intercom', 'troubleshooting', 'SQL', 'written communication', 'Jira'],
    subs: [
      { name: 'Customer Success', roles: ['Customer Success Manager', 'Onboarding Specialist'] },
      {
        name: 'Technical Support',
        roles: ['Technical Support Engineer', 'Support Engineer', 'Help Desk Technician'],
      },
    ],
  },
  {
    name: 'Finance & Accounting',
    weight: 5,
    pay: 90_000,
    roles: ['Financial Analyst', 'Controller'],
    skills: ['Excel', 'NetSuite', 'GAAP', 'financial modelling', 'QuickBooks', 'SAP'],
    subs: [
      {
        name: 'Accounting',
        roles: ['Accountant', 'Staff Accountant', 'Bookkeeper', 'Accounts Payable Specialist'],
      },
      { name: 'Financial Planning', roles: ['FP&A Analyst', 'Finance Manager'] },
    ],
  },
  {
    name: 'Human Resources',
    weight: 4,
    pay: 78_000,
    roles: ['HR Manager', 'HR Generalist'],
    skills: ['Workday', 'Greenhouse', 'employment law', 'onboarding', 'compensation planning', 'Excel'],
    subs: [
      { name: 'Recruiting', roles: ['Recruiter', 'Technical Recruiter', 'Talent Acquisition Partner'] },
      { name: 'People Operations', roles: ['People Operations Specialist', 'HR Business Partner'] },
    ],
  },
  {
    name: 'Operations',
    weight: 5,
    pay: 65_000,
    roles: ['Operations Manager', 'Operations Analyst'],
    skills: ['Excel', 'SAP', 'inventory management', 'Lean', 'forklift certification', 'ERP systems'],
    subs: [
      { name: 'Logistics', roles: ['Logistics Coordinator', 'Warehouse Supervisor', 'Dispatcher'] },
      { name: 'Supply Chain', roles: ['Supply Chain Analyst', 'Procurement Specialist', 'Buyer'] },
    ],
  },
  {
    name: 'Healthcare',
    weight: 6,
    pay: 82_000,
    roles: ['Medical Assistant', 'Clinical Coordinator'],
    skills: ['patient care', 'EHR systems', 'BLS certification', 'Epic', 'medication administration'],
    subs: [
      { name: 'Nursing', roles: ['Registered Nurse', 'Nurse Practitioner', 'Licensed Practical Nurse'] },
      { name: 'Pharmacy', roles: ['Pharmacist', 'Pharmacy Technician'] },
    ],
  },
  {
    name: 'Education',
    weight: 3,
    pay: 55_000,
    roles: ['Teacher', 'Tutor', 'Instructional Designer', 'Teaching Assistant'],
    skills: ['curriculum design', 'classroom management', 'Google Classroom', 'lesson planning'],
    subs: [],
  },
  {
    name: 'Legal',
    weight: 2,
    pay: 95_000,
    roles: ['Paralegal', 'Legal Counsel', 'Compliance Officer', 'Contract Manager'],
    skills: ['contract review', 'GDPR', 'regulatory compliance', 'legal research'],
    subs: [],
  },
  {
    name: 'Hospitality',
    weight: 3,
    pay: 42_000,
    roles: ['Chef', 'Line Cook', 'Restaurant Manager', 'Front Desk Agent', 'Barista'],
    skills: ['food safety', 'POS systems', 'stock control', 'guest relations'],
    subs: [],
  },
];

const cities = [
  'New York, NY',
  'San Francisco, CA',
  'Austin, TX',
  'Seattle, WA',
  'Chicago, IL',
  'Boston, MA',
  'Denver, CO',
  'Atlanta, GA',
  'Los Angeles, CA',
  'Miami, FL',
  'Portland, OR',
  'Raleigh, NC',
  'Minneapolis, MN',
  'Phoenix, AZ',
  'Pittsburgh, PA',
  'Toronto, Canada',
  'Vancouver, Canada',
  'London, UK',
  'Manchester, UK',
  'Dublin, Ireland',
  'Berlin, Germany',
  'Munich, Germany',
  'Amsterdam, Netherlands',
  'Paris, France',
  'Barcelona, Spain',
  'Lisbon, Portugal',
  'Stockholm, Sweden',
  'Warsaw, Poland',
  'Zurich, Switzerland',
  'Sydney, Australia',
  'Singapore',
  'Bangalore, India',
];
const remoteLocations = ['Remote', 'Remote', 'Remote (US)', 'Remote (Europe)', 'Remote (Americas)'];

const companyStems = [
  'Blue',
  'North',
  'Bright',
  'Cedar',
  'Iron',
  'Silver',
  'Clear',
  'Swift',
  'Harbor',
  'Summit',
  'Pine',
  'Red',
  'Nova',
  'Atlas',
  'Quantum',
  'Orbit',
  'Maple',
  'Stone',
  'Green',
  'Lumen',
];
const companyTails = [
  'wave',
  'field',
  'point',
  'bridge',
  'path',
  'stack',
  'works',
  'leaf',
  'line',
  'forge',
  'gate',
];
const companyKinds = [
  'Labs',
  'Technologies',
  'Inc.',
  'Group',
  'Health',
  'Systems',
  'Solutions',
  'Partners',
  'Co.',
];
const industries = [
  'fintech',
  'healthcare',
  'logistics',
  'e-commerce',
  'education technology',
  'cybersecurity',
  'climate technology',
  'media',
  'travel',
  'developer tools',
  'insurance',
  'real estate',
  'food delivery',
  'manufacturing',
];
const companyAdjectives = [
  'fast-growing',
  'profitable',
  'venture-backed',
  'employee-owned',
  'global',
  'award-winning',
];
const companyClauses = [
  'that helps small businesses get paid faster',
  'building the infrastructure behind modern supply chains',
  'on a mission to make healthcare affordable and accessible',
  'trusted by thousands of customers in more than forty countries',
  'that turns complex data into simple decisions',
  'helping millions of people learn new skills every month',
  'reinventing how teams plan, build and ship together',
  'that keeps critical systems secure and compliant',
];
const introSentences = [
  'We were founded by a small team of engineers and operators who had felt the problem first hand.',
  'Our customers range from independent shops to some of the largest companies in the world.',
  'We care about doing the right thing for our customers, our colleagues and the communities we work in.',
  'Since our last funding round we have doubled the team and tripled our revenue.',
  'We believe the best products come from diverse teams who are given trust and ownership.',
  'Our offices are open, but most of our people work in a hybrid way that suits them.',
  'We publish our salary bands and promote from within whenever we can.',
];
const roleSentences = [
  'You will report to the head of the team and work closely with product, design and operations.',
  'This is a hands-on role with plenty of room to shape how we work as we grow.',
  'You will own your projects from the first conversation with a customer to the final release.',
  'The team is small, senior and friendly, and ships to production several times a day.',
  'We value clear writing, thoughtful feedback and a bias towards simple solutions.',
  'In your first three months you will get to know our customers, our systems and our roadmap.',
  'You will mentor colleagues, review their work and help us raise the bar for quality.',
  'Much of the work is collaborative, so good communication matters as much as technical depth.',
];
const duties = [
  'Plan, build and maintain',
  'Own the roadmap for',
  'Improve the reliability of',
  'Work with customers to understand',
  'Measure and report on',
  'Design and document',
  'Review and improve',
  'Coordinate the delivery of',
  'Support the team with',
  'Automate repetitive parts of',
];
const dutyObjects = [
  'the systems our customers rely on every day',
  'internal tools used across the company',
  'new features from idea to launch',
  'our weekly and monthly reporting',
  'processes that keep our operations running smoothly',
  'onboarding for new customers and colleagues',
  'the quality of everything we deliver',
  'long-term plans with leadership and stakeholders',
  'budgets, schedules and priorities for the team',
  'integrations with partners and third-party services',
];
const softSkills = [
  'Excellent written and spoken communication in English',
  'A structured approach to solving problems and making decisions',
  'Comfort working with ambiguity in a fast-moving environment',
  'A track record of delivering results with cross-functional teams',
  'Curiosity, ownership and a willingness to learn',
  'Attention to detail and pride in the quality of your work',
];
const benefits = [
  'Competitive salary and equity',
  'Comprehensive health, dental and vision insurance',
  '25 days of paid vacation plus public holidays',
  'A yearly learning and conference budget',
  'Flexible working hours and a hybrid or remote setup',
  'Parental leave of up to 20 weeks',
  'A home office allowance and the equipment you need',
  'Retirement plan with company matching',
  'Regular team offsites and social events',
  'Wellness stipend and mental health support',
];
const closings = [
  'If this sounds like you, we would love to hear from you.',
  'We welcome applications from people of all backgrounds and experiences.',
  'Apply even if you do not meet every requirement: we hire for potential as well as experience.',
];

const jobTypeWeights = [
  ['full-time', 70],
  ['part-time', 8],
  ['contract', 10],
  ['freelance', 3],
  ['internship', 3],
  ['temporary', 3],
  ['seasonal', 1],
  ['per-diem', 1],
  ['volunteer', 0.5],
  ['other', 0.5],
] as const;
const periodWeights = [
  ['yearly', 75],
  ['monthly', 8],
  ['hourly', 12],
  ['daily', 2],
  ['weekly', 2],
  [null, 1],
] as const;
const periodFactor: Record<string, number> = { yearly: 1, monthly: 12, weekly: 52, daily: 260, hourly: 2080 };
const currencyWeights = [
  ['USD', 85],
  ['EUR', 8],
  ['GBP', 5],
  ['CAD', 2],
] as const;
const seniorityWeights = [
  ['', 44],
  ['Senior ', 25],
  ['Junior ', 9],
  ['Lead ', 8],
  ['Staff ', 3],
  ['Principal ', 2],
] as const;
const seniorityPay: Record<string, number> = {
  '': 1,
  'Senior ': 1.3,
  'Junior ': 0.7,
  'Lead ': 1.45,
  'Staff ': 1.6,
  'Principal ': 1.8,
};

interface RoleChoice {
  main: CategorySpec;
  /** The category name the job is filed under first (a sub-category or the main one). */
  filedUnder: string;
  role: string;
}

function chooseRole(): RoleChoice {
  const main = weighted(categoryTree.map((spec) => [spec, spec.weight] as const));
  if (main.subs.length && chance(0.85)) {
    const sub = pick(main.subs);
    return { main, filedUnder: sub.name, role: pick(sub.roles) };
  }
  return { main, filedUnder: main.name, role: pick(main.roles) };
}

function makeCompanies(count: number): string[] {
  return Array.from(
    { length: count },
    () => `${pick(companyStems)}${pick(companyTails)} ${pick(companyKinds)}`,
  );
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

function bullets(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

function jobDescription(company: string, title: string, where: string, choice: RoleChoice): string {
  const skills = sample(choice.main.skills, between(3, 6));
  const paragraphs = [
    `${company} is ${article(pick(companyAdjectives))} ${pick(industries)} company ${pick(companyClauses)}. ${sample(introSentences, between(1, 3)).join(' ')}`,
    `We are looking for ${article(title)} to join our ${choice.filedUnder} team ${where}. ${sample(roleSentences, between(2, 4)).join(' ')}`,
    `What you will do:\n${bullets(sample(duties, between(4, 7)).map((duty) => `${duty} ${pick(dutyObjects)}.`))}`,
    `What we are looking for:\n${bullets([
      `${between(1, 8)}+ years of experience as ${article(choice.role)} or in a similar role.`,
      `Hands-on experience with ${skills.slice(0, -1).join(', ')} and ${skills.at(-1)}.`,
      ...sample(softSkills, between(2, 4)).map((skill) => `${skill}.`),
    ])}`,
    `What we offer:\n${bullets(sample(benefits, between(3, 7)))}`,
    pick(closings),
  ];
  return paragraphs.join('\n\n');
}

interface SeededJob {
  org: 0 | 1;
  createdAt: Date;
}

interface OrgCategories {
  byName: Map<string, string>;
  ids: string[];
}

function makeJob(
  orgId: number,
  companies: string[],
  cats: OrgCategories,
  slugs: Map<string, number>,
  createdAt: Date,
  now: Date,
): { row: NewJob; categoryIds: string[] } {
  const choice = chooseRole();
  const seniority = weighted(seniorityWeights);
  const title = `${seniority}${choice.role}`;
  const company = pick(companies);
  const isRemote = chance(0.25);
  const location = isRemote ? pick(remoteLocations) : pick(cities);
  const description = jobDescription(company, title, isRemote ? '(fully remote)' : `in ${location}`, choice);
  const base = slugify(`${title} ${company}`, 80) || 'job';
  const seen = (slugs.get(base) ?? 0) + 1;
  slugs.set(base, seen);
  const slug = seen === 1 ? base : `${base}-${seen}`;
  const domain = `${slugify(company, 40)}.example`;

  let salary: Pick<NewJob, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'> = {};
  if (chance(0.8)) {
    const period = weighted(periodWeights);
    const annual = choice.main.pay * seniorityPay[seniority]! * (0.8 + random() * 0.4);
    const unit = annual / periodFactor[period ?? 'yearly']!;
    const step = unit > 10_000 ? 1000 : unit > 500 ? 50 : 1;
    const low = Math.round(unit / step) * step;
    const high = Math.round((unit * (1.1 + random() * 0.4)) / step) * step;
    const shape = random();
    salary = {
      salaryMin: shape < 0.04 ? null : low,
      salaryMax: shape >= 0.04 && shape < 0.12 ? null : high,
      salaryCurrency: weighted(currencyWeights),
      salaryPeriod: period,
    };
  }

  const status = weighted([
    ['active', 88],
    ['expired', 5],
    ['draft', 4],
    ['pending', 3],
  ] as const);
  let publishedAt: Date | null = null;
  let expiresAt: Date | null = null;
  if (status === 'active') {
    publishedAt = createdAt;
    expiresAt = chance(0.05) ? null : new Date(createdAt.getTime() + between(90, 180) * DAY_MS);
  } else if (status === 'expired') {
    publishedAt = createdAt;
    expiresAt = new Date(Math.min(createdAt.getTime() + 30 * DAY_MS, now.getTime() - DAY_MS));
  }

  const mainId = cats.byName.get(choice.filedUnder)!;
  const extra = chance(0.3) ? pick(cats.ids) : undefined;
  const method = weighted([
    ['form-external', 70],
    ['email', 20],
    [null, 10],
  ] as const);
  return {
    row: {
      id: uuidv7({ msecs: createdAt.getTime() }),
      organizationId: orgId,
      title,
      description,
      companyName: company,
      slug,
      location,
      jobType: weighted(jobTypeWeights),
      status,
      isRemote,
      ...salary,
      contactEmail: `jobs@${domain}`,
      howToApply:
        method === 'form-external'
          ? `https://${domain}/careers/${slug}`
          : method === 'email'
            ? `jobs@${domain}`
            : null,
      howToApplyMethod: method,
      companyWebsite: `https://${domain}`,
      categoryId: mainId,
      publishedAt,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    },
    categoryIds: extra && extra !== mainId ? [mainId, extra] : [mainId],
  };
}

// ---------------------------------------------------------------------------------------------
// Database

interface BenchDatabase {
  handle: DatabaseHandle;
  label: string;
  /** The PostgreSQL database's name (its backends count as this run's CPU). */
  name?: string;
  /** Environment for `next build` / `next start` pointing at the same database. */
  env: Record<string, string>;
  cleanup(): void;
}

async function openBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    if (!/^[a-z_][a-z0-9_]*$/i.test(name) || name === 'postgres')
      throw new Error(
        `DATABASE_URL must name a throwaway database (got '${name}'); it is dropped and recreated.`,
      );
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    } finally {
      await client.end();
    }
    const handle = await connect({ driver: 'pg', url });
    await handle.migrate();
    return {
      handle,
      label: `PostgreSQL (${target.host}/${name}, kept after the run)`,
      name,
      env: { DATABASE_URL: url, DATABASE_DRIVER: 'pg' },
      cleanup: () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'boardkit-bench-'));
  const dataDir = path.join(dir, 'pglite');
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const handle = await connect({ driver: 'pglite', dataDir }).catch((error) => {
    cleanup();
    throw error;
  });
  await handle.migrate().catch(async (error) => {
    await handle.close();
    cleanup();
    throw error;
  });
  return {
    handle,
    label: 'PGlite (embedded, throwaway directory)',
    env: { PGLITE_DATA_DIR: dataDir, DATABASE_DRIVER: 'pglite' },
    cleanup,
  };
}

interface SeededOrg {
  id: number;
  slug: string;
  apiKey: string;
  jobIds: string[];
  jobs: number;
}

async function seed(db: Database): Promise<SeededOrg[]> {
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
      jobs: 0,
      cats,
      companies: makeCompanies(orgs.length === 0 ? 600 : 250),
      slugs: new Map(),
    });
  }

  // Jobs arrive over 120 days, both boards interleaved: insert them in that order so the heap and
  // the (time-ordered UUID v7) primary key look like a board that grew over time.
  const plan: SeededJob[] = Array.from({ length: jobCount }, () => ({
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
  return orgs.map(({ id, slug, apiKey, jobIds, jobs }) => ({ id, slug, apiKey, jobIds, jobs }));
}

// ---------------------------------------------------------------------------------------------
// Server

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `next build` into .next-bench; whatever it rewrites in tsconfig.json or next-env.d.ts goes back. */
function build(env: NodeJS.ProcessEnv): void {
  const keep = ['tsconfig.json', 'next-env.d.ts'].map((file) => ({
    file,
    text: existsSync(file) ? readFileSync(file, 'utf8') : undefined,
  }));
  console.log(`Building into ${distDir} (BENCH_SKIP_BUILD=1 skips this)...`);
  const started = performance.now();
  const result = spawnSync('node_modules/.bin/next', ['build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const { file, text } of keep) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (now === text) continue;
    if (text === undefined) rmSync(file);
    else writeFileSync(file, text);
  }
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error('next build failed');
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

interface Server {
  baseUrl: string;
  pid: number;
  stop(): void;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const child = spawn('node_modules/.bin/next', ['start', '-p', String(port), '-H', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const stop = () => {
    if (exited || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240 && !exited; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/bench/floor`)).ok) return { baseUrl, pid: child.pid!, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`next start did not answer on ${baseUrl}/bench/floor`);
}

/** Resident memory of the server and every process it started, in MB. */
function treeRssMb(rootPid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {}
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; current > 1 && hops < 50; hops++) {
      if (current === rootPid) return true;
      current = parents.get(current) ?? 0;
    }
    return false;
  };
  let kb = 0;
  for (const [pid, value] of rss) if (inTree(pid)) kb += value;
  return Math.round(kb / 1024);
}

interface CpuSnapshot {
  at: number;
  /** Busy jiffies of the whole machine. */
  busy: number;
  /** Busy jiffies of this run's processes by pid: the server's tree, this process, the database's backends. */
  ours: Map<number, number>;
}

/** How busy the machine is and how much of that is this run, so noise from other work shows. */
function cpuSnapshot(serverPid: number, databaseName: string | undefined): CpuSnapshot {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  const stats = new Map<number, { ppid: number; jiffies: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const jiffies = Number(fields[11]) + Number(fields[12]);
      const cmdline = databaseName ? readFileSync(`/proc/${entry}/cmdline`, 'utf8') : '';
      // A backend of the bench database counts as the server's. Processes that start and end
      // between two snapshots (PostgreSQL's parallel query workers) are never seen: they count as other work.
      const ppid = databaseName && cmdline.includes(` ${databaseName} `) ? serverPid : Number(fields[1]);
      stats.set(Number(entry), { ppid, jiffies });
    } catch {}
  }
  const ours = new Map<number, number>();
  for (const [pid, { jiffies }] of stats) {
    for (let current = pid, hops = 0; current > 1 && hops < 50; hops++) {
      if (current === serverPid || current === process.pid) {
        ours.set(pid, jiffies);
        break;
      }
      current = stats.get(current)?.ppid ?? 0;
    }
  }
  return { at: performance.now(), busy, ours };
}

/** CPU used between two snapshots by other work and by this run, in percent of the whole machine. */
function cpuPercent(before: CpuSnapshot, after: CpuSnapshot): { other: number; ours: number } {
  const ticks = ((after.at - before.at) / 1000) * 100 * availableParallelism();
  // Per process: a database backend that exits in between (idle pool connections do) takes its
  // whole history with it and must not count as negative use.
  let ours = 0;
  for (const [pid, jiffies] of after.ours) ours += Math.max(0, jiffies - (before.ours.get(pid) ?? 0));
  return {
    other: Math.max(0, ((after.busy - before.busy - ours) / ticks) * 100),
    ours: (ours / ticks) * 100,
  };
}

/**
 * Waits (30 s at most) until the server has finished what the last load left in flight and other
 * work on the machine leaves it mostly idle, so one scenario does not measure another's tail.
 */
async function settle(serverPid: number, databaseName: string | undefined): Promise<void> {
  let usage = { other: 0, ours: 0 };
  for (let waited = 0; waited < 30; waited++) {
    const before = cpuSnapshot(serverPid, databaseName);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    usage = cpuPercent(before, cpuSnapshot(serverPid, databaseName));
    if (usage.ours < 5 && usage.other < 25) return;
  }
  console.log(
    `  (machine still busy after 30 s: this run ${usage.ours.toFixed(0)}%, other work ${usage.other.toFixed(0)}%)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Load

/** floor: the reference; read: >= 60% of the floor, p99 < 100 ms; latency: p50 < 10 ms; info: no target. */
type Kind = 'floor' | 'read' | 'latency' | 'info';

interface Scenario {
  name: string;
  kind: Kind;
  path: string;
  /** A path to check once before the load, when `path` is not the one requested. */
  probe?: string;
  /** Defaults to BENCH_CONNECTIONS. */
  connections?: number;
  options?: Partial<autocannon.Options>;
}

interface Row {
  name: string;
  kind: Kind;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors (timeouts included). */
  non2xx: number;
  errors: number;
  /** CPU other work used during the measurement, in percent of the machine. */
  otherCpu: number;
}

function load(
  baseUrl: string,
  scenario: Scenario,
  apiKey: string,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl + scenario.path,
    connections: scenario.connections ?? connections,
    duration: seconds,
    headers: scenario.kind === 'floor' ? {} : { 'x-api-key': apiKey },
    ...scenario.options,
  });
}

function postBodies(cats: string[]): string[] {
  random = mulberry32(7);
  const companies = makeCompanies(200);
  return Array.from({ length: 500 }, () => {
    const choice = chooseRole();
    const title = `${weighted(seniorityWeights)}${choice.role}`;
    const company = pick(companies);
    const isRemote = chance(0.25);
    const location = isRemote ? 'Remote' : pick(cities);
    const annual = Math.round((choice.main.pay * (0.8 + random() * 0.4)) / 1000) * 1000;
    const extra = pick(cats);
    return JSON.stringify({
      title,
      description: jobDescription(company, title, isRemote ? '(fully remote)' : `in ${location}`, choice),
      company_name: company,
      location,
      is_remote: isRemote,
      job_type: weighted(jobTypeWeights),
      salary_min: annual,
      salary_max: Math.round(annual * 1.25),
      salary_currency: 'USD',
      salary_period: 'yearly',
      categories: extra === choice.filedUnder ? [choice.filedUnder] : [choice.filedUnder, extra],
      how_to_apply: `https://${slugify(company, 40)}.example/careers`,
      how_to_apply_method: 'form-external',
      company_website: `https://${slugify(company, 40)}.example`,
    });
  });
}

function verdict(row: Row, floor: number): string {
  if (row.kind === 'read') return row.rps >= 0.6 * floor && row.p99 < 100 ? 'yes' : 'no';
  if (row.kind === 'latency') return row.p50 < 10 ? 'yes' : 'no';
  return 'n/a';
}

function statusSummary(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count ?? 0}`)
    .join(' ');
}

/** The framework floor is measured first and last; the faster of the two is the reference. */
const floorOf = (rows: Row[]) =>
  Math.max(0, ...rows.filter((row) => row.kind === 'floor').map((row) => row.rps));

function printTable(rows: Row[]): void {
  const floor = floorOf(rows);
  const ratio = (row: Row) =>
    row.kind === 'read' || row.kind === 'floor' ? `${((row.rps / floor) * 100).toFixed(0)}%` : '';
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs floor',
    'target met',
    'non-2xx/errors',
    'other CPU',
  ];
  const cells = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    row.p50.toFixed(0),
    row.p99.toFixed(0),
    floor ? ratio(row) : 'n/a',
    verdict(row, floor),
    `${row.non2xx}/${row.errors}`,
    `${row.otherCpu.toFixed(0)}%`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const values of cells) console.log(line(values));
}

// ---------------------------------------------------------------------------------------------
// Run

const categoryNames = categoryTree.flatMap((spec) => [spec.name, ...spec.subs.map((sub) => sub.name)]);

/** Seeds the database, refreshes its statistics and closes the seeding connection. */
async function seedAndAnalyze(database: BenchDatabase): Promise<SeededOrg[]> {
  try {
    const started = performance.now();
    const orgs = await seed(database.handle.db);
    const seeded = performance.now();
    // A bulk load leaves no statistics and no visibility map; autovacuum would soon provide both.
    await database.handle.db.execute(sql`vacuum analyze`);
    const analyzed = performance.now();
    console.log(
      `Seeded ${jobCount} jobs (${orgs.map((org) => `${org.slug}: ${org.jobs}`).join(', ')}), ` +
        `${categoryNames.length} categories per board, in ${((seeded - started) / 1000).toFixed(1)} s; ` +
        `VACUUM ANALYZE ${((analyzed - seeded) / 1000).toFixed(1)} s.`,
    );
    return orgs;
  } finally {
    await database.handle.close();
  }
}

async function runLoad(server: Server, alpha: SeededOrg, database: BenchDatabase): Promise<void> {
  let next = 0;
  const ids = alpha.jobIds.filter((_, index) => index % 7 === 0).slice(0, 5000);
  let nextBody = 0;
  const bodies = postBodies(categoryNames);
  const scenarios: Scenario[] = [
    { name: 'floor: GET /bench/floor', kind: 'floor', path: '/bench/floor' },
    { name: 'GET /api/jobs', kind: 'read', path: '/api/jobs' },
    { name: `GET /api/jobs?search=${searchWord}`, kind: 'read', path: `/api/jobs?search=${searchWord}` },
    {
      name: `GET /api/jobs?categories=${categoryFilter}&is_remote=true`,
      kind: 'read',
      path: `/api/jobs?categories=${encodeURIComponent(categoryFilter)}&is_remote=true`,
    },
    {
      name: 'GET /api/jobs/{id}',
      kind: 'read',
      path: '/api/jobs',
      probe: `/api/jobs/${ids[0]}`,
      options: {
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: `/api/jobs/${ids[next++ % ids.length]}` }),
          },
        ],
      },
    },
    { name: 'GET /api/salaries', kind: 'read', path: '/api/salaries' },
    {
      name: 'GET /api/salaries, 1 connection',
      kind: 'latency',
      path: '/api/salaries',
      connections: 1,
    },
    { name: 'floor, 1 connection', kind: 'info', path: '/bench/floor', connections: 1 },
    {
      name: 'POST /api/jobs (adds jobs)',
      kind: 'info',
      path: '/api/jobs',
      options: {
        method: 'POST',
        requests: [
          {
            method: 'POST',
            headers: { 'x-api-key': alpha.apiKey, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[nextBody++ % bodies.length] }),
          },
        ],
      },
    },
    { name: 'floor again', kind: 'floor', path: '/bench/floor' },
  ];

  console.log(`\nServer: next start at ${server.baseUrl}; load on ${alpha.slug} (${alpha.jobs} jobs).`);
  for (const scenario of scenarios) {
    if (scenario.options?.method === 'POST' || scenario.connections) continue;
    if (scenario.kind === 'floor' && scenario !== scenarios[0]) continue;
    const response = await fetch(server.baseUrl + (scenario.probe ?? scenario.path), {
      headers: { 'x-api-key': alpha.apiKey },
    });
    const body = (await response.json().catch(() => null)) as {
      meta?: { pagination?: { total_items?: number } };
    } | null;
    const total = body?.meta?.pagination?.total_items;
    console.log(
      `  ${scenario.name}: ${response.status}${total === undefined ? '' : `, ${total} matching jobs`}`,
    );
  }
  console.log(
    `\nLoad: autocannon, ${connections} connections, ${warmup} s warm-up then ${duration} s per scenario, loopback.`,
  );

  const rows: Row[] = [];
  for (const scenario of scenarios) {
    await settle(server.pid, database.name);
    await load(server.baseUrl, scenario, alpha.apiKey, warmup);
    await settle(server.pid, database.name);
    const before = cpuSnapshot(server.pid, database.name);
    const result = await load(server.baseUrl, scenario, alpha.apiKey, duration);
    const otherCpu = cpuPercent(before, cpuSnapshot(server.pid, database.name)).other;
    const row: Row = {
      name: scenario.name,
      kind: scenario.kind,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      otherCpu,
    };
    rows.push(row);
    console.log(
      `  ${row.name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
        (row.non2xx ? `, non-2xx: ${statusSummary(result)}` : '') +
        (row.errors ? `, ${row.errors} errors (${result.timeouts} timeouts after 10 s)` : '') +
        `; other work used ${otherCpu.toFixed(0)}% of the machine's CPU`,
    );
  }

  console.log(
    `\nTargets: every read endpoint at >= 60% of the floor's req/s (the faster floor run, ` +
      `${floorOf(rows).toFixed(0)} req/s) with p99 < 100 ms, at ${connections} connections; GET /api/salaries p50 < 10 ms warm, measured with 1 connection ` +
      `(at ${connections} connections every route, the floor included, queues: p50 is about connections / req/s).`,
  );
  printTable(rows);
  console.log(`\nServer RSS after load: ${treeRssMb(server.pid)} MB. Database: ${database.label}.`);
  console.log(
    `Machine: ${availableParallelism()} CPUs shared by server, database and load generator; "other CPU" is ` +
      'the share of the machine that work outside this run used during the measurement (PostgreSQL parallel ' +
      'query workers of this run count there too).',
  );
}

const database = await openBenchDatabase();
console.log(`Database: ${database.label}`);
let server: Server | undefined;
try {
  const [alpha] = await seedAndAnalyze(database);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...database.env,
    NEXT_DIST_DIR: distDir,
    LOG_LEVEL: 'silent',
    BENCHMARK: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (process.env.BENCH_SKIP_BUILD !== '1') build(serverEnv);
  server = await startServer(serverEnv);
  await runLoad(server, alpha!, database);
} finally {
  server?.stop();
  database.cleanup();
}
