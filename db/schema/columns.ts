import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '@/lib/core/ids';

/** UUID v7 primary key generated in the app: time-ordered ids keep b-tree inserts local. */
export const uuidPrimaryKey = () => uuid().primaryKey().$defaultFn(newId);

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
