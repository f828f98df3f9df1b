import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/**
 * The board's own accounts: job seekers (`candidate`) and hiring companies (`employer`). Not
 * dashboard users, who are `users` with memberships.
 */
export const members = pgTable(
  'members',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** As given; unique per organization compared case-insensitively. */
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull().default('candidate'),
    approvalStatus: text().notNull().default('approved'),
    authMethod: text().notNull().default('email'),
    profilePicture: text(),
    description: text(),
    customFields: jsonb().$type<Record<string, unknown>>(),
    /** Contact details the member keeps for applying (the email is the sign-in address); board only. */
    phone: text(),
    /** http(s) links the member shows (a portfolio, a profile elsewhere); board only. */
    links: jsonb().$type<string[]>().notNull().default([]),
    /**
     * The profile's resume: a key in private storage (the applications' resume rules), copied into
     * each application made with it, so replacing it never changes what was sent.
     */
    resumeKey: text(),
    resumeFilename: text(),
    resumeBytes: integer(),
    resumeUploadedAt: timestamp({ withTimezone: true }),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('members_organization_email_idx').on(table.organizationId, sql`lower(${table.email})`),
    index('members_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    check('members_role_check', sql`${table.role} in ('candidate', 'employer')`),
    check(
      'members_approval_status_check',
      sql`${table.approvalStatus} in ('approved', 'pending', 'rejected')`,
    ),
    check('members_auth_method_check', sql`${table.authMethod} in ('email', 'google', 'github')`),
  ],
);

export type Member = typeof members.$inferSelect;

/**
 * A sign-in request on the board: one email with a link and a 6-digit code, valid 10 minutes,
 * used once; 5 wrong codes spend it. Only hashes are stored.
 */
export const memberSignInTokens = pgTable(
  'member_sign_in_tokens',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text().notNull(),
    /** The role an address without an account signs up with. */
    role: text().notNull().default('candidate'),
    /** SHA-256 of the link's token (base64url). */
    linkHash: text().notNull().unique(),
    /** HMAC-SHA256 of the code, keyed with the app secret and bound to this row's id. */
    codeHash: text().notNull(),
    wrongCodes: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('member_sign_in_tokens_email_idx').on(table.organizationId, table.email, table.createdAt),
  ],
);

/** A signed-in browser: the cookie holds a random token, the table its SHA-256. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('member_sessions_member_idx').on(table.memberId)],
);

export type MemberSession = typeof memberSessions.$inferSelect;
