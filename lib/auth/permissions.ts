import type { MembershipRole } from '@/db/schema';

/**
 * Who may do what in the dashboard, the one place to read or change it. Every member may look at
 * everything; writing is listed here. Editors run the day-to-day content; what shapes the board
 * itself, holds credentials or decides where data goes is for owners and admins.
 */
export const permissions = {
  'jobs.write': ['owner', 'admin', 'editor'],
  // Moving applicants, their notes and rating, and the mails they get on a move.
  'applications.review': ['owner', 'admin', 'editor'],
  // Every applicant's personal data at once, out of the product (the inbox's CSV export).
  'applications.export': ['owner', 'admin'],
  'pages.write': ['owner', 'admin', 'editor'],
  'authors.write': ['owner', 'admin', 'editor'],
  'cms.items.write': ['owner', 'admin', 'editor'],
  'media.write': ['owner', 'admin', 'editor'],
  // Categories and collections shape the board's navigation, data and public routes.
  'categories.manage': ['owner', 'admin'],
  // So do companies (a public page each); a rename renames every job linked to it. Editors still
  // name a job's company, which links it to the company of that name.
  'companies.manage': ['owner', 'admin'],
  'cms.collections.manage': ['owner', 'admin'],
  'settings.manage': ['owner', 'admin'],
  // Who may post on the board and sign in to it.
  'members.manage': ['owner', 'admin'],
  'secrets.manage': ['owner', 'admin'],
  'api_keys.manage': ['owner', 'admin'],
  // Where events go and how they are signed.
  'webhooks.manage': ['owner', 'admin'],
  // Who works on the organization; only an owner makes or unmakes owners (lib/auth/team.ts).
  'team.manage': ['owner', 'admin'],
} as const satisfies Record<string, readonly MembershipRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: MembershipRole, permission: Permission): boolean {
  return (permissions[permission] as readonly MembershipRole[]).includes(role);
}
