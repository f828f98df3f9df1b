import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** Dashboard accounts (board owners and their staff), not the board's visitors. */
export const users = pgTable('users', {
  id: uuidPrimaryKey(),
  email: text().notNull().unique(),
  name: text(),
  image: text(),
  // Null for accounts that only sign in through GitHub or Google.
  passwordHash: text(),
  emailVerifiedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const membershipRoles = ['owner', 'admin', 'editor'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

export const memberships = pgTable(
  'memberships',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<MembershipRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('memberships_user_idx').on(table.userId),
    check('memberships_role_check', sql`${table.role} in ('owner', 'admin', 'editor')`),
  ],
);

export type User = typeof users.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
