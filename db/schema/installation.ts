import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row: this deployment's id, made by its first migration. Keys in services several deployments
 * may share (a Redis) start with it, so one deployment never reads or counts another's entries.
 */
export const installation = pgTable(
  'installation',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Always true and unique: the table holds one row.
    single: boolean().notNull().default(true).unique(),
    createdAt: createdAt(),
  },
  (table) => [check('installation_single_row', sql`${table.single}`)],
);
