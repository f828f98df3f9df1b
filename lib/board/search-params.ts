// The board's job search as a plain GET form: q, category, job_type, remote, location,
// posted_within, salary_min, page. A value the board does not know is reported and left out, never a 500.
import { z } from 'zod';
import type { ListJobsQuery } from '@/lib/jobs/schemas';
import { jobTypes, MAX_SALARY_FILTER, postedWithinValues, SEARCH_TEXT_MAX } from '@/lib/jobs/schemas';

export interface BoardSearch {
  q: string;
  category: string;
  job_type: string;
  remote: boolean;
  location: string;
  posted_within: string;
  /** A minimum yearly salary in the board's salary currency, as digits; empty for any salary. */
  salary_min: string;
  page: number;
}

export interface ParsedBoardSearch {
  values: BoardSearch;
  filters: Omit<ListJobsQuery, 'status' | 'page' | 'per_page'>;
  problems: string[];
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export const MAX_PAGE = 10_000;

/** A `page` query value as a page number: 1 unless it is a whole number from 1 to MAX_PAGE. */
export function pageParam(value: string | string[] | undefined): number {
  const page = Number(first(value) || 1);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

const text = (max: number) => z.string().trim().max(max);

export const postedWithinLabels: Record<(typeof postedWithinValues)[number], string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '14d': 'Last 14 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/**
 * A typed minimum salary as a whole number: digits, grouped or not (`60,000`, `60 000`); undefined
 * when it is something else. Decimal points are refused rather than guessed (`60.000` is 60 or 60,000).
 */
export function salaryAmount(text: string): number | undefined {
  const digits = text.replace(/[\s,_\u00a0\u202f']/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

export function parseBoardSearch(params: Record<string, string | string[] | undefined>): ParsedBoardSearch {
  const problems: string[] = [];
  const q = text(SEARCH_TEXT_MAX).safeParse(first(params.q));
  const category = text(100).safeParse(first(params.category));
  const location = text(SEARCH_TEXT_MAX).safeParse(first(params.location));
  const jobType = first(params.job_type).trim().toLowerCase();
  const posted = first(params.posted_within).trim();
  const page = pageParam(params.page);
  const salaryText = first(params.salary_min).trim();
  const salary = salaryAmount(salaryText);
  const values: BoardSearch = {
    q: q.success ? q.data : first(params.q).slice(0, SEARCH_TEXT_MAX),
    category: category.success ? category.data : '',
    job_type: jobType,
    remote: first(params.remote) === '1',
    location: location.success ? location.data : first(params.location).slice(0, SEARCH_TEXT_MAX),
    posted_within: posted,
    salary_min: salary !== undefined && salary <= MAX_SALARY_FILTER ? String(salary) : '',
    page,
  };
  const cut = `limited to ${SEARCH_TEXT_MAX} characters; only the first ${SEARCH_TEXT_MAX} were used.`;
  if (!q.success) problems.push(`The search is ${cut}`);
  if (!location.success) problems.push(`The location is ${cut}`);
  if (jobType && !(jobTypes as readonly string[]).includes(jobType)) {
    problems.push(`“${jobType}” is not a job type; showing every type.`);
    values.job_type = '';
  }
  if (posted && !(postedWithinValues as readonly string[]).includes(posted)) {
    problems.push(`“${posted}” is not a date range; showing jobs of any date.`);
    values.posted_within = '';
  }
  if (salaryText && salary === undefined)
    problems.push(
      `“${salaryText.slice(0, 40)}” is not a yearly salary in whole numbers; showing jobs of any salary.`,
    );
  else if (salary !== undefined && salary > MAX_SALARY_FILTER)
    problems.push(
      `A minimum salary goes up to ${MAX_SALARY_FILTER.toLocaleString('en-US')} a year; showing jobs of any salary.`,
    );
  if (first(params.page) && values.page !== page)
    problems.push('That page number does not exist; showing the first page.');
  return {
    values,
    filters: {
      search: values.q || undefined,
      categories: values.category ? [values.category] : undefined,
      job_types: values.job_type ? [values.job_type as (typeof jobTypes)[number]] : undefined,
      is_remote: values.remote ? true : undefined,
      locations: values.location ? [values.location] : undefined,
      posted_within: (values.posted_within || undefined) as ListJobsQuery['posted_within'],
      salary_min: values.salary_min ? Number(values.salary_min) : undefined,
    },
    problems,
  };
}

/** The query string of a search, without empty values (and without page 1). */
export function searchQueryString(values: Partial<BoardSearch>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'page' && value === 1) continue;
    if (value === true) params.set(key, '1');
    else if (value !== false && value !== '' && value !== undefined && value !== null)
      params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The canonical path of page `values.page` of the job listing at `path` (`/`, `/remote`, a category
 * or a place): each page past the first names itself, so search engines index every page of the
 * listing; a search names the listing itself.
 */
export function listingCanonicalPath(path: string, values: BoardSearch): string {
  const searching = searchQueryString({ ...values, page: 1 }) !== '';
  return values.page > 1 && !searching ? `${path}?page=${values.page}` : path;
}
