import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getDb } from '@/db/client';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { env } from '@/lib/core/env';
import { countFailedMail, listMailLog, mailStatuses, NOT_SENT_AGAIN } from '@/lib/mail';
import { EmptyState } from '../_components/empty-state';
import { FilterField, FilterForm } from '../_components/filter-form';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { ListPage } from '../_components/list-page';
import { Pagination } from '../_components/pagination';
import { SendAgainButton, SendAllAgainButton } from './send-again';

export const metadata: Metadata = { title: 'Mail · Boardkit' };

const MAIL_PATH = '/dashboard/mail';

const statusBadge = { sent: 'success', pending: 'default', failed: 'destructive' } as const;
const kindLabel: Record<string, string> = {
  member_sign_in: 'Sign-in code',
  alert_confirmation: 'Alert confirmation',
  alert_instant: 'Job alert',
  alert_digest: 'Alert digest',
  payment_receipt: 'Receipt',
  team_invitation: 'Team invitation',
  employer_approval: 'Employer to approve',
  application_status: 'Applicant update',
  application_received: 'New application',
};

/** Our own text part, split so its URLs are links (the dev mailbox is how a laptop signs in). */
function Linked({ text }: { text: string }) {
  let offset = 0;
  return (
    <>
      {text.split(/(https?:\/\/[^\s<>"]+)/).map((part, index) => {
        const key = offset;
        offset += part.length;
        return index % 2 === 1 ? (
          <a key={key} href={part} className="text-primary underline" target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          <span key={key}>{part}</span>
        );
      })}
    </>
  );
}

export default async function MailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization, role } = await requireMembership();
  const raw = queryFrom(await searchParams);
  const status = (mailStatuses as readonly string[]).includes(raw.status ?? '')
    ? (raw.status as (typeof mailStatuses)[number])
    : undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(raw.page ?? '1', 10) || 1));
  const recipient = raw.recipient?.trim().slice(0, 320) || undefined;
  const filters = { ...(status && { status }), ...(recipient && { recipient }) };
  const filtered = Object.keys(filters).length > 0;
  // Without SMTP the messages are only files on this machine: show them here, to the board's managers,
  // with their codes and links only in development (a laptop signs members in through them).
  const devMailbox = !env().SMTP_URL && !env().RESEND_API_KEY && can(role, 'members.manage');
  const reveal = devMailbox && process.env.NODE_ENV === 'development';
  const db = await getDb();
  const canSendAgain = can(role, 'members.manage');
  const [{ mails, pagination }, sendableAgain] = await Promise.all([
    listMailLog(db, organization.id, { page, per_page: 50, status, recipient, reveal }),
    canSendAgain ? countFailedMail(db, organization.id, 'sendable again') : 0,
  ]);
  return (
    <ListPage
      title="Mail"
      description="Every email your board sent or is sending: sign-in codes, alert confirmations, alerts and digests. Codes and links that would act for the recipient are hidden. Failed sends are retried for about 9 hours; after that, send them again here once the cause is fixed."
      actions={sendableAgain > 0 && <SendAllAgainButton count={sendableAgain} />}
      intro={
        devMailbox && (
          <p className="mb-4 rounded-md border border-border bg-muted/50 p-3 text-sm">
            <strong>Dev mailbox:</strong> <code>SMTP_URL</code> and <code>RESEND_API_KEY</code> are not set,
            so messages are written to <code>{env().MAIL_DIR}</code> instead of being sent.{' '}
            {reveal
              ? 'Open one below to follow its links.'
              : 'Sign-in codes and personal links show as [hidden] here; the files hold them.'}
          </p>
        )
      }
      filters={
        <FilterForm action={MAIL_PATH} label="Filter mail" clearHref={filtered ? MAIL_PATH : undefined}>
          <FilterField id="mail-recipient" label="Recipient">
            <Input
              id="mail-recipient"
              name="recipient"
              type="search"
              defaultValue={recipient ?? ''}
              placeholder="ada@example.com"
              className="w-64"
            />
          </FilterField>
          <FilterField id="mail-status" label="Status">
            <Select id="mail-status" name="status" defaultValue={status ?? ''}>
              <option value="">Any status</option>
              <option value="sent">Sent</option>
              <option value="pending">Waiting to send</option>
              <option value="failed">Failed</option>
            </Select>
          </FilterField>
        </FilterForm>
      }
      empty={
        mails.length === 0 ? (
          <EmptyState title={`No mail ${filtered ? 'matches' : page > 1 ? 'on this page' : 'yet'}`}>
            Mail goes out when visitors sign in on your board or subscribe to job alerts.
          </EmptyState>
        ) : undefined
      }
      pager={
        <Pagination
          total={pagination.total_items}
          noun={['message', 'messages']}
          page={pagination.current_page}
          perPage={pagination.per_page}
          href={(to) => hrefWith(MAIL_PATH, filters, { page: to })}
        />
      }
    >
      <ul className="divide-y divide-border">
        {mails.map((mail) => (
          <li key={mail.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-6 py-4">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {mail.subject}{' '}
                <Badge variant={statusBadge[mail.status as keyof typeof statusBadge] ?? 'default'}>
                  {mail.status}
                </Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                {kindLabel[mail.kind] ?? mail.kind} to {mail.to} ·{' '}
                <DateText value={mail.createdAt} style="dateTime" utc />
                {mail.attempts > 1 && ` · ${mail.attempts} attempts`}
              </p>
              {mail.lastError && mail.status !== 'sent' && (
                <p className="mt-1 text-sm text-destructive">Last error: {mail.lastError}</p>
              )}
              {mail.status === 'failed' && NOT_SENT_AGAIN.includes(mail.kind) && (
                <p className="mt-1 text-sm text-muted-foreground">
                  A sign-in code expires within minutes, so it is not sent again: the member asks the board
                  for a new one.
                </p>
              )}
              {devMailbox && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-primary">Open message</summary>
                  <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
                    <Linked text={mail.text} />
                  </pre>
                </details>
              )}
            </div>
            {canSendAgain && mail.status === 'failed' && !NOT_SENT_AGAIN.includes(mail.kind) && (
              <SendAgainButton id={mail.id} message={`${mail.subject}, to ${mail.to}`} />
            )}
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
