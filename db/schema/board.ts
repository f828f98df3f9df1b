import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { jobs } from './jobs';
import { organizations } from './organizations';

/** A visitor's click on a form-external job's apply button, recorded before the redirect. */
export const applyClicks = pgTable(
  'apply_clicks',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('apply_clicks_job_created_idx').on(table.jobId, table.createdAt)],
);
