import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/**
 * The mail outbox: a message is written in the transaction of the change that sends it, and the
 * mail worker (lib/mail/outbox.ts) sends it after commit, retrying while the SMTP server refuses.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPrimaryKey(),
    organizationId: integer().references(() => organizations.id, { onDelete: 'cascade' }),
    /** What the message is for: `member_sign_in`, `alert_confirmation`, `application`, ... */
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Where answers go (the applicant, on a new application's notice). */
    replyTo: text(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Codes and links that act for the recipient: the mail log shows them masked. */
    secrets: jsonb().$type<string[]>().notNull().default([]),
    /** `pending`, `sent` or `failed` (gave up). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_organization_created_idx').on(table.organizationId, table.createdAt),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
