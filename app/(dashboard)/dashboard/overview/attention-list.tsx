import {
  ArrowRight,
  CalendarClock,
  CircleCheck,
  CloudAlert,
  FileClock,
  Inbox,
  MailX,
  UserCheck,
  Webhook,
} from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { ApprovalStatus, ApproveButton } from './approve-employer';
import type { AttentionItem } from './attention';
import { namedByEmail } from './member-name';

const icons: Record<AttentionItem['key'], ReactNode> = {
  employers: <UserCheck />,
  jobs: <FileClock />,
  applications: <Inbox />,
  sources: <CloudAlert />,
  webhooks: <Webhook />,
  mail: <MailX />,
  expiring: <CalendarClock />,
};

/** The rows an item names (employers to approve, jobs that expire), under its explanation. */
function Rows({ item, canApprove }: { item: AttentionItem; canApprove: boolean }) {
  if (item.employers?.length) {
    return (
      <ul className="grid gap-2" aria-label="Waiting longest">
        {item.employers.map((member) => {
          const name = namedByEmail(member) ? member.email : member.name;
          return (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                <Link href={`/dashboard/members/${member.id}`} className="font-medium text-link">
                  {name}
                </Link>{' '}
                <span className="text-muted-foreground">
                  {name === member.email ? '' : `${member.email} · `}signed up{' '}
                  <DateText value={member.createdAt} />
                </span>
              </span>
              {canApprove && <ApproveButton id={member.id} name={name} />}
            </li>
          );
        })}
      </ul>
    );
  }
  if (item.jobs?.length) {
    return (
      <ul className="grid gap-1 text-sm" aria-label="Expiring first">
        {item.jobs.map((job) => (
          <li key={job.id} className="min-w-0 wrap-anywhere">
            <Link href={`/dashboard/jobs/${job.id}`} className="font-medium text-link">
              {job.title}
            </Link>{' '}
            <span className="text-muted-foreground">
              expires <DateText value={job.expiresAt} />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return null;
}

/**
 * What needs the owner now, above the traffic: each item with its count, why it matters and where
 * it is solved. With nothing to do, one line says so.
 */
export function AttentionList({ items, canApprove }: { items: AttentionItem[]; canApprove: boolean }) {
  return (
    <div className="mb-8">
      <ApprovalStatus>
        {items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-clear">
            <CircleCheck aria-hidden className="size-4 text-success" />
            All clear: nothing needs your attention.
          </p>
        ) : (
          <Card className="p-4 sm:p-6">
            <section aria-labelledby="attention-heading">
              <h2 id="attention-heading" className="text-lg font-semibold">
                Needs your attention
              </h2>
              <ul className="mt-4 divide-y divide-border">
                {items.map((item) => (
                  <li
                    key={item.key}
                    className="flex gap-4 py-4 first:pt-0 last:pb-0"
                    data-testid={`attention-${item.key}`}
                  >
                    <span
                      aria-hidden
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-900 [&_svg]:size-4"
                    >
                      {icons[item.key]}
                    </span>
                    <div className="grid min-w-0 flex-1 gap-2">
                      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                        <div className="min-w-0">
                          <h3 className="font-medium wrap-anywhere">{item.title}</h3>
                          <p className="text-sm text-muted-foreground">{item.detail}</p>
                        </div>
                        <Link
                          href={item.href}
                          className="inline-flex items-center gap-1 text-sm font-medium text-link [&_svg]:size-4"
                        >
                          {item.action} <ArrowRight aria-hidden />
                        </Link>
                      </div>
                      <Rows item={item} canApprove={canApprove} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          </Card>
        )}
      </ApprovalStatus>
    </div>
  );
}
