import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { jobs } from './jobs';
import { members } from './members';
import { organizations } from './organizations';

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
  ],
);

export type Application = typeof applications.$inferSelect;
