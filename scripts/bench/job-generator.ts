// Generated jobs: rows to seed a board with, and bodies to POST to the API.
import { v7 as uuidv7 } from 'uuid';
import type { NewJob } from '@/db/schema';
import { slugify } from '@/lib/core/slug';
import { DAY_MS } from '@/lib/core/time';
import { type CategorySpec, categoryTree } from './category-tree';
import { between, chance, pick, random, reseed, sample, weighted } from './random';
import {
  benefits,
  cities,
  closings,
  companyAdjectives,
  companyClauses,
  companyKinds,
  companyStems,
  companyTails,
  duties,
  dutyObjects,
  industries,
  introSentences,
  remoteLocations,
  roleSentences,
  softSkills,
} from './text-corpus';

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

export function makeCompanies(count: number): string[] {
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

export interface OrgCategories {
  byName: Map<string, string>;
  ids: string[];
}

export function makeJob(
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

/** Bodies for the POST scenario, the same whatever BENCH_JOBS seeded before them. */
export function postBodies(cats: string[]): string[] {
  reseed(7);
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
