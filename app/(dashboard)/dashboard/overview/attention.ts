// What needs the owner's attention, for the overview: each item a count, a line on why it matters
// and where it is solved. Every check is one indexed count (or two) scoped to the organization, and
// all of them run at once, so the overview stays as fast as its slowest count.
import type { Database } from '@/db/client';
import { countNewApplications } from '@/lib/applications';
import { DAY_MS } from '@/lib/core/time';
import { countFailingJobSources } from '@/lib/job-sources';
import { countJobsWithStatus } from '@/lib/jobs';
import { countFailedMail } from '@/lib/mail';
import { pendingEmployers } from '@/lib/members';
import type { MemberOut } from '@/lib/members/schemas';
import { paidJobsExpiring } from '@/lib/payments';
import { countFailingSubscriptions } from '@/lib/webhooks';
import { countOf } from './numbers';

/** Failed mail counts for a week: long enough to be seen, short enough to clear once fixed. */
export const FAILED_MAIL_WINDOW_MS = 7 * DAY_MS;
/** A paid job expiring within this long is worth a word to its employer. */
export const EXPIRING_SOON_MS = 7 * DAY_MS;
/**
 * Pending applications count for a week: a board whose employers review elsewhere would otherwise
 * be told of every application it ever received.
 */
export const NEW_APPLICATIONS_WINDOW_MS = 7 * DAY_MS;

export interface AttentionItem {
  key: 'employers' | 'jobs' | 'applications' | 'sources' | 'webhooks' | 'mail' | 'expiring';
  count: number;
  title: string;
  detail: string;
  href: string;
  /** The link's words: where the item is solved. */
  action: string;
  /** The employers who have waited longest, for approving them right on the overview. */
  employers?: MemberOut[];
  /** The jobs concerned, first few (the jobs list has no filter for them). */
  jobs?: { id: string; title: string; expiresAt: Date }[];
}

type Check = (db: Database, orgId: number, now: Date) => Promise<AttentionItem | null>;

const employersWaiting: Check = async (db, orgId) => {
  const { count, members } = await pendingEmployers(db, orgId);
  return count === 0
    ? null
    : {
        key: 'employers',
        count,
        title: `${countOf(count, 'employer waits', 'employers wait')} for approval`,
        detail: 'They cannot post or pay for jobs until you approve them.',
        href: '/dashboard/members?role=employer&approval_status=pending',
        action: 'Review employers',
        employers: members,
      };
};

const jobsPendingReview: Check = async (db, orgId) => {
  const count = await countJobsWithStatus(db, orgId, 'pending');
  return count === 0
    ? null
    : {
        key: 'jobs',
        count,
        title: `${countOf(count, 'job waits', 'jobs wait')} for review`,
        detail: 'They appear on your board once you publish them.',
        href: '/dashboard/jobs?status=pending',
        action: 'Review jobs',
      };
};

const newApplications: Check = async (db, orgId, now) => {
  const count = await countNewApplications(db, orgId, new Date(now.getTime() - NEW_APPLICATIONS_WINDOW_MS));
  return count === 0
    ? null
    : {
        key: 'applications',
        count,
        title: `${countOf(count, 'application', 'applications')} from the last 7 days ${count === 1 ? 'waits' : 'wait'} for review`,
        detail: 'Applicants hear back sooner when someone reads, rates and moves them on.',
        href: '/dashboard/applications?status=pending',
        action: 'Review applications',
      };
};

const failingJobSources: Check = async (db, orgId) => {
  const count = await countFailingJobSources(db, orgId);
  return count === 0
    ? null
    : {
        key: 'sources',
        count,
        title: `${countOf(count, 'job source', 'job sources')} failed ${count === 1 ? 'its' : 'their'} last sync`,
        detail: 'Their jobs stay as they were until a sync succeeds; the source says why it failed.',
        href: '/dashboard/job-sources',
        action: 'Check job sources',
      };
};

const failingWebhooks: Check = async (db, orgId) => {
  const count = await countFailingSubscriptions(db, orgId);
  return count === 0
    ? null
    : {
        key: 'webhooks',
        count,
        title: `${countOf(count, 'webhook fails', 'webhooks fail')}`,
        detail: 'Deliveries to their endpoints fail; after 5 days of failures a webhook is turned off.',
        href: '/dashboard/webhooks',
        action: 'Check webhooks',
      };
};

const failingMail: Check = async (db, orgId, now) => {
  const count = await countFailedMail(db, orgId, { since: new Date(now.getTime() - FAILED_MAIL_WINDOW_MS) });
  return count === 0
    ? null
    : {
        key: 'mail',
        count,
        title: `${countOf(count, 'email', 'emails')} could not be sent in the last 7 days`,
        detail:
          'Sign-in codes, alerts or receipts did not reach people; the mail log says why and sends them again.',
        href: '/dashboard/mail?status=failed',
        action: 'See failed mail',
      };
};

const paidJobsExpiringSoon: Check = async (db, orgId, now) => {
  const { count, jobs } = await paidJobsExpiring(db, orgId, EXPIRING_SOON_MS, now);
  return count === 0
    ? null
    : {
        key: 'expiring',
        count,
        title: `${countOf(count, 'paid job expires', 'paid jobs expire')} within 7 days`,
        detail: 'Their employers may want to renew before the jobs leave your board.',
        href: '/dashboard/jobs?status=active',
        action: 'See live jobs',
        jobs,
      };
};

const checks: Check[] = [
  employersWaiting,
  jobsPendingReview,
  newApplications,
  failingJobSources,
  failingWebhooks,
  failingMail,
  paidJobsExpiringSoon,
];

/** The items that need attention now, in the order above; empty when all is clear. */
export async function attentionItems(
  db: Database,
  orgId: number,
  now = new Date(),
): Promise<AttentionItem[]> {
  const items = await Promise.all(checks.map((check) => check(db, orgId, now)));
  return items.filter((item) => item !== null);
}
