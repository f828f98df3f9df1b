// A posting as the job it becomes: the body the jobs service takes, checked by the API's own schema,
// and a hash of it, so that a posting that did not change leaves its job untouched.
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import { type CreateJobInput, createJobBodySchema } from '@/lib/jobs/schemas';
import type { Posting } from './parse';
import type { JobSourceKind } from './schemas';

export interface SourceSettings {
  kind: JobSourceKind;
  url: string;
  companyName: string | null;
  category: string | null;
}

/** What a job takes from its posting; status and expiry are the sync's to decide. */
export type MappedJob = Omit<CreateJobInput, 'status' | 'expires_at'>;

export type MappingResult = { ok: true; job: MappedJob; hash: string } | { ok: false; message: string };

const LOCATION_MAX = 200;

/** Employment types as providers write them, folded (`Full-time`, `FullTime`, `fulltime`). */
const JOB_TYPES: Record<string, CreateJobInput['job_type']> = {
  fulltime: 'full-time',
  parttime: 'part-time',
  contract: 'contract',
  contractor: 'contract',
  freelance: 'freelance',
  intern: 'internship',
  internship: 'internship',
  temporary: 'temporary',
  temp: 'temporary',
  volunteer: 'volunteer',
  seasonal: 'seasonal',
  perdiem: 'per-diem',
};

export function jobTypeOf(words: string | null): CreateJobInput['job_type'] {
  if (!words) return undefined;
  return JOB_TYPES[words.toLowerCase().replace(/[^a-z]/g, '')];
}

/** The board's name in the kind's endpoint (`/boards/{token}`, `/postings/{site}`, `/job-board/{name}`), else the host. */
export function companyFromUrl(kind: JobSourceKind, url: string): string {
  const parsed = new URL(url);
  const pattern = {
    greenhouse: /\/boards\/([^/]+)/,
    lever: /\/postings\/([^/]+)/,
    ashby: /\/job-board\/([^/]+)/,
  }[kind as 'greenhouse' | 'lever' | 'ashby'];
  const name = pattern?.exec(parsed.pathname)?.[1] ?? parsed.hostname.replace(/^(www|jobs|careers)\./, '');
  const words = decodeURIComponent(name).replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A location cut at a comma (then a space) to the longest the job takes, rather than refused. */
function fitLocation(location: string | null): string | null {
  if (!location || location.length <= LOCATION_MAX) return location;
  const cut = location.slice(0, LOCATION_MAX);
  const at = Math.max(cut.lastIndexOf(','), cut.lastIndexOf(' '));
  return (at > 0 ? cut.slice(0, at) : cut).trim();
}

const isHttpUrl = (value: string | null) => !!value && /^https?:\/\/\S+$/i.test(value);

/** The job a posting becomes, or why it cannot be one (the API's own messages). */
export function mapPosting(posting: Posting, source: SourceSettings): MappingResult {
  const salary = posting.salary;
  const hasAmount = salary && (salary.min !== null || salary.max !== null);
  const body: Record<string, unknown> = {
    title: posting.title,
    description: posting.description,
    company_name: source.companyName ?? posting.companyName ?? companyFromUrl(source.kind, source.url),
    location: fitLocation(posting.location),
    job_type: jobTypeOf(posting.jobType) ?? null,
    salary_min: hasAmount ? (salary.min ?? salary.max) : null,
    salary_max: hasAmount ? (salary.max ?? salary.min) : null,
    salary_currency: hasAmount ? salary.currency : null,
    salary_period: hasAmount ? salary.period : null,
    how_to_apply: isHttpUrl(posting.applyUrl) ? posting.applyUrl : null,
    how_to_apply_method: isHttpUrl(posting.applyUrl) ? 'form-external' : null,
    ...(posting.workplaceType ? { workplace_type: posting.workplaceType } : { workplace_type: 'on_site' }),
    ...(source.category ? { category: source.category } : {}),
    ...(posting.publishedAt ? { published_at: posting.publishedAt.toISOString() } : {}),
  };
  if (!posting.title) return { ok: false, message: 'title: the posting has no title' };
  if (!posting.description.trim())
    return {
      ok: false,
      message:
        source.kind === 'greenhouse'
          ? 'description: the posting has no content (add ?content=true to the URL)'
          : 'description: the posting has no description',
    };
  const parsed = createJobBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.join('.') || 'posting'}: ${issue.message}` };
  }
  const { status: _status, expires_at: _expires, ...job } = parsed.data;
  return { ok: true, job, hash: hashOf(job) };
}

/** SHA-256 of the job's fields in a stable order (dates as ISO strings). */
export function hashOf(job: MappedJob): string {
  return createHash('sha256')
    .update(stringify(job) ?? '')
    .digest('hex');
}
