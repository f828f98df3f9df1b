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
  /**
   * When the password last changed, or the account asked every browser to sign in again: a session
   * started before it is over (lib/auth/auth.ts).
   */
  credentialsChangedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const membershipRoles = ['owner', 'admin', 'editor'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

/** The notices a teammate may turn off for one organization (kinds of `mail_outbox`). */
export const teamNotices = ['application_received', 'employer_approval'] as const;
export type TeamNotice = (typeof teamNotices)[number];

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
    /** The notices this teammate does not want by mail for this organization. */
    mutedNotices: text().array().$type<TeamNotice[]>().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('memberships_user_idx').on(table.userId),
    check('memberships_role_check', sql`${table.role} in ('owner', 'admin', 'editor')`),
    check(
      'memberships_muted_notices_check',
      sql`${table.mutedNotices} <@ array['application_received', 'employer_approval']`,
    ),
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

/**
 * A password reset asked for by mail: the link's token kept as a hash, good once until `expiresAt`.
 * One per account; asking again replaces the link.
 */
export const passwordResets = pgTable('password_resets', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
