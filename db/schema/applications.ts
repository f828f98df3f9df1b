import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { jobs } from './jobs';
import { members } from './members';
import { organizations } from './organizations';
import { users } from './users';

export const applications = pgTable(
  'applications',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    coverLetter: text(),
    resumeUrl: text(),
    /** A resume uploaded on the board: a key in private storage, read through a signed link. */
    resumeKey: text(),
    resumeFilename: text(),
    answers: jsonb().$type<Record<string, unknown>>(),
    status: text().notNull().default('pending'),
    source: text().notNull(),
    /** The board member who applied: set when made signed in, or on the member's first sign-in. */
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    /** The team's rating, 1–5, in the dashboard only (never in the API's Application). */
    rating: smallint(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('applications_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('applications_job_created_idx').on(table.jobId, table.createdAt.desc().nullsFirst()),
    index('applications_member_idx').on(table.memberId),
    check('applications_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

export type Application = typeof applications.$inferSelect;

/** The team's notes on an application, in the dashboard only. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The dashboard user who wrote it; the note stays when they leave. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('application_notes_application_idx').on(table.applicationId, table.createdAt)],
);

export type ApplicationNote = typeof applicationNotes.$inferSelect;

/**
 * The mail an applicant gets when their application moves to `status`, as the organization wrote
 * it; a status without a row uses the default text (lib/applications/status-mail.ts), switched off.
 */
export const applicationMailTemplates = pgTable(
  'application_mail_templates',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    enabled: boolean().notNull().default(false),
    subject: text().notNull(),
    body: text().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.status] }),
    check(
      'application_mail_templates_status_check',
      sql`${table.status} in ('reviewed', 'shortlisted', 'hired', 'rejected')`,
    ),
  ],
);

export type ApplicationMailTemplate = typeof applicationMailTemplates.$inferSelect;

/**
 * Résumé files whose application is gone (deleted with its job or its organization): a trigger
 * (migration 0042) logs each key as the row goes, and lib/applications' worker deletes the file.
 */
export const privateFileDeletions = pgTable('private_file_deletions', {
  key: text().primaryKey(),
  createdAt: createdAt(),
});
