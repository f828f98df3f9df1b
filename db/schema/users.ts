import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Invitations to a dashboard's team: a link mailed to `email` (its token kept as a hash), good
 * once until `expiresAt`. One open invitation per address and organization; inviting again
 * replaces its link.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().$type<MembershipRole>().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_invitations_open_email_idx')
      .on(table.organizationId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    check('team_invitations_role_check', sql`${table.role} in ('owner', 'admin', 'editor')`),
  ],
);

export type TeamInvitation = typeof teamInvitations.$inferSelect;
