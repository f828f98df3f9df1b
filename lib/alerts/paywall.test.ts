// Alert mails pass the paywall's decision: an alert's words match a gated job only in what every
// visitor reads of it, so a mail never tells which gated job holds a word.
import { and, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { DAY_MS } from '@/lib/core/time';
import { createMember } from '@/lib/members';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { runAlertWorker, subscribeAlert } from '.';
import type { SubscribeAlertInput } from './schemas';

describe('alerts behind the paywall', () => {
  it('match a gated job on its title, not on the rest of its description, in instant mails and digests', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Hotel Jobs' });
    await putPaymentSettings(db, organization.id, {
      provider: 'local',
      paywall: { jobs_preview_count: 1, apply: false, members_only_posts: false },
    });
    // A board without a paywall, whose digests go out in the same run.
    const { organization: openBoard } = await createTenant({ name: 'Open Hotel Jobs' });
    const follow = async (q: string, frequency: SubscribeAlertInput['frequency'], board = organization) => {
      const email = `${q}-${frequency}-${board.id}@example.com`;
      const member = await createMember(db, board.id, { email, name: 'Seeker', role: 'candidate' });
      await subscribeAlert(
        db,
        board,
        {
          email,
          frequency,
          q,
          category: null,
          job_type: null,
          remote: false,
          location: null,
          salary_min: null,
        },
        { clientAddress: '198.51.100.7', member: { id: member.id, email } },
      );
      return email;
    };
    const hidden = [await follow('quokkanese', 'instant'), await follow('quokkanese', 'daily')];
    const title = [await follow('night', 'instant'), await follow('night', 'daily')];
    const open = [await follow('wallabese', 'instant'), await follow('wallabese', 'daily')];
    const elsewhere = [await follow('quokkanese', 'daily', openBoard)];
    const filler = 'Serve guests well. '.repeat(10);
    for (const days of [3, 2]) {
      await createTestJob(openBoard.id, {
        title: `Night Porter ${days}`,
        description: `${filler}Speaks quokkanese.`,
        published_at: new Date(Date.now() - days * DAY_MS),
      });
    }
    // The older job is past the preview of one by the time the worker reads it.
    await createTestJob(organization.id, {
      title: 'Night Porter',
      description: `${filler}Speaks quokkanese.`,
      published_at: new Date(Date.now() - 2 * DAY_MS),
    });
    await createTestJob(organization.id, {
      title: 'Day Porter',
      description: `${filler}Speaks wallabese.`,
      published_at: new Date(Date.now() - DAY_MS),
    });
    await runAlertWorker(db);
    await runAlertWorker(db, { now: () => new Date(Date.now() + DAY_MS + 60_000) });
    const mails = await db
      .select({ to: mailOutbox.to, kind: mailOutbox.kind, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.organizationId, [organization.id, openBoard.id]),
          inArray(mailOutbox.kind, ['alert_instant', 'alert_digest']),
        ),
      );
    const to = (emails: string[]) =>
      mails
        .filter((mail) => emails.includes(mail.to))
        .map((mail) => `${mail.kind}: ${mail.subject}`)
        .sort();
    expect(to(hidden)).toEqual([]);
    expect(to(title)).toEqual([
      'alert_digest: 1 new job for your alert on Hotel Jobs',
      'alert_instant: New job: Night Porter at Acme',
    ]);
    expect(to(open)).toEqual([
      'alert_digest: 1 new job for your alert on Hotel Jobs',
      'alert_instant: New job: Day Porter at Acme',
    ]);
    expect(to(elsewhere)).toEqual(['alert_digest: 2 new jobs for your alert on Open Hotel Jobs']);
  });
});
