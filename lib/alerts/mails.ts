// The alert emails: confirmation (double opt-in), one new job (instant) and digests. Every alert
// mail but the confirmation carries RFC 8058 one-click unsubscribe headers.
import type { Organization } from '@/db/schema';
import { type BoardSearch, searchQueryString } from '@/lib/board';
import { signToken } from '@/lib/core/signed-tokens';
import { DAY_MS } from '@/lib/core/time';
import { jobPageUrl } from '@/lib/jobs';
import { type MailLink, mailFrom, type QueuedMail, renderMail } from '@/lib/mail';
import { boardUrl, resolveLook } from '@/lib/organizations';
import type { AlertFrequency, AlertSearch } from './schemas';

export const CONFIRM_TTL_MS = 7 * DAY_MS;
/** The footer link that manages every alert of the address. */
export const MANAGE_TTL_MS = 60 * DAY_MS;

export const tokenPurposes = {
  confirm: 'alert-confirm',
  unsubscribe: 'alert-unsubscribe',
  manage: 'alert-manage',
} as const;

export type AlertBoard = Pick<
  Organization,
  'id' | 'name' | 'slug' | 'board' | 'customDomain' | 'customDomainVerifiedAt'
>;

interface AlertRecipient {
  id: string;
  email: string;
  frequency: AlertFrequency;
}

export interface AlertJob {
  title: string;
  companyName: string;
  slug: string;
  location: string | null;
  isRemote: boolean;
}

const brandOf = (org: AlertBoard) => {
  const look = resolveLook(org.name, org.board);
  return { name: look.name, accent: look.accent };
};

/** The board's link for confirming one alert at `frequency`; valid a week. */
export function confirmUrl(org: AlertBoard, alertId: string, frequency: AlertFrequency, now: Date): string {
  const token = signToken(
    tokenPurposes.confirm,
    [String(org.id), alertId, frequency],
    new Date(now.getTime() + CONFIRM_TTL_MS),
  );
  return `${boardUrl(org)}/alerts/confirm?token=${token}`;
}

/** The token of the page that lists every alert of `email` on the board; valid 60 days. */
export function manageToken(orgId: number, email: string, now: Date): string {
  return signToken(tokenPurposes.manage, [String(orgId), email], new Date(now.getTime() + MANAGE_TTL_MS));
}

/** That page's address, for the footer of each alert mail. */
export function manageUrl(org: AlertBoard, email: string, now: Date): string {
  return `${boardUrl(org)}/alerts/manage?token=${manageToken(org.id, email, now)}`;
}

/** RFC 8058's one-click target: a POST unsubscribes this alert without a session; it does not expire. */
export function unsubscribeUrl(org: AlertBoard, alertId: string): string {
  return `${boardUrl(org)}/alerts/unsubscribe/${signToken(tokenPurposes.unsubscribe, [String(org.id), alertId])}`;
}

/** "“designer” jobs in Design, full-time, remote, in Berlin, paying 60,000 a year or more", or "every new job". */
export function describeSearch(search: AlertSearch): string {
  const parts = [
    search.category ? `in ${search.category}` : '',
    search.job_type ? search.job_type.replace(/_/g, '-') : '',
    search.remote ? 'remote' : '',
    search.location ? `in ${search.location}` : '',
    search.salary_min !== null ? `paying ${search.salary_min.toLocaleString('en-US')} a year or more` : '',
  ].filter(Boolean);
  const head = search.q ? `“${search.q}” jobs` : 'new jobs';
  if (!search.q && parts.length === 0) return 'every new job';
  return [head, ...parts].join(', ');
}

export const frequencyWords: Record<AlertFrequency, string> = {
  instant: 'as soon as a job is posted',
  daily: 'once a day',
  weekly: 'once a week',
};

export function confirmationMail(
  org: AlertBoard,
  alert: AlertRecipient & { search: AlertSearch },
  now: Date,
): QueuedMail {
  const brand = brandOf(org);
  const rendered = renderMail(brand, {
    subject: `Confirm your job alert on ${brand.name}`,
    heading: 'Confirm your job alert',
    paragraphs: [
      `You asked ${brand.name} to email you ${describeSearch(alert.search)}, ${frequencyWords[alert.frequency]}.`,
      'Nothing is sent until you confirm. The link works for 7 days.',
    ],
    button: { label: 'Confirm alert', url: confirmUrl(org, alert.id, alert.frequency, now), secret: true },
    footer: ['If you did not ask for this, ignore this email: without confirmation, no alert is sent.'],
  });
  return { ...rendered, to: alert.email, kind: 'alert_confirmation', organizationId: org.id };
}

function alertHeaders(org: AlertBoard, alertId: string): Record<string, string> {
  const address = /<([^>]+)>/.exec(mailFrom())?.[1] ?? mailFrom();
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(org, alertId)}>, <mailto:${address}?subject=unsubscribe%20${alertId}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function jobLink(org: AlertBoard, job: AlertJob): MailLink {
  const where = [job.location, job.isRemote ? 'Remote' : ''].filter(Boolean).join(' · ');
  return {
    label: job.title,
    url: jobPageUrl(boardUrl(org), job.slug),
    detail: [job.companyName, where].filter(Boolean).join(' · '),
  };
}

function footerLinks(org: AlertBoard, alert: AlertRecipient, now: Date): MailLink[] {
  return [
    { label: 'Manage your alerts', url: manageUrl(org, alert.email, now), secret: true },
    { label: 'Unsubscribe from this alert', url: unsubscribeUrl(org, alert.id), secret: true },
  ];
}

/** One new job for an instant alert. */
export function instantMail(
  org: AlertBoard,
  alert: AlertRecipient & { search: AlertSearch },
  job: AlertJob,
  now: Date,
): QueuedMail {
  const brand = brandOf(org);
  const rendered = renderMail(brand, {
    subject: `New job: ${job.title} at ${job.companyName}`,
    heading: 'A new job for your alert',
    paragraphs: [`Your alert on ${brand.name}: ${describeSearch(alert.search)}.`],
    items: [jobLink(org, job)],
    button: { label: 'View the job', url: jobPageUrl(boardUrl(org), job.slug) },
    footer: [`You get this because you confirmed a job alert on ${brand.name}.`],
    footerLinks: footerLinks(org, alert, now),
  });
  return {
    ...rendered,
    to: alert.email,
    kind: 'alert_instant',
    organizationId: org.id,
    headers: alertHeaders(org, alert.id),
  };
}

/** A daily or weekly digest: at most `jobs.length` jobs, and a link to the rest on the board. */
export function digestMail(
  org: AlertBoard,
  alert: AlertRecipient & { search: AlertSearch },
  jobs: AlertJob[],
  total: number,
  now: Date,
): QueuedMail {
  const brand = brandOf(org);
  const board = boardUrl(org);
  const search: Partial<BoardSearch> = {
    q: alert.search.q ?? '',
    category: alert.search.category ?? '',
    job_type: alert.search.job_type ?? '',
    remote: alert.search.remote,
    location: alert.search.location ?? '',
    salary_min: alert.search.salary_min === null ? '' : String(alert.search.salary_min),
    posted_within: alert.frequency === 'daily' ? '24h' : '7d',
  };
  const more = total - jobs.length;
  const period = alert.frequency === 'daily' ? 'today' : 'this week';
  const rendered = renderMail(brand, {
    subject: `${total} new ${total === 1 ? 'job' : 'jobs'} for your alert on ${brand.name}`,
    heading: `${total} new ${total === 1 ? 'job' : 'jobs'} ${period}`,
    paragraphs: [`Your alert: ${describeSearch(alert.search)}.`],
    items: jobs.map((job) => jobLink(org, job)),
    button: {
      label: more > 0 ? `And ${more} more: see them all` : 'See them on the board',
      url: `${board}/${searchQueryString(search)}`,
    },
    footer: [
      `You get this because you confirmed a job alert on ${brand.name}, ${frequencyWords[alert.frequency]}.`,
    ],
    footerLinks: footerLinks(org, alert, now),
  });
  return {
    ...rendered,
    to: alert.email,
    kind: 'alert_digest',
    organizationId: org.id,
    headers: alertHeaders(org, alert.id),
  };
}
