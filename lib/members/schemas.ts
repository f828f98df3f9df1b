// Board members: the spec's Member shape, in camelCase as the spec shows it for this resource only.
import { z } from 'zod';
import { emailSchema, httpUrl, optionalText, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';
import { paymentSchema, subscriptionSchema } from '@/lib/payments/schemas';

export const memberRoles = ['candidate', 'employer'] as const;
export const approvalStatuses = ['approved', 'pending', 'rejected'] as const;
export const authMethods = ['email', 'google', 'github'] as const;
export type MemberRole = (typeof memberRoles)[number];
export type ApprovalStatus = (typeof approvalStatuses)[number];

const MAX_CUSTOM_FIELDS_BYTES = 16_384;

const roleSchema = z
  .enum(memberRoles)
  .describe('`candidate` (a job seeker) or `employer` (a hiring company).');
const approvalStatusSchema = z
  .enum(approvalStatuses)
  .describe('Pending members can sign in but cannot post jobs; rejected ones cannot sign in.');
const nameSchema = z.string().trim().min(1, { error: 'Name is required' }).max(200);
const customFieldsSchema = z
  .record(z.string().max(100), z.unknown())
  .nullable()
  .refine((value) => value === null || JSON.stringify(value).length <= MAX_CUSTOM_FIELDS_BYTES, {
    error: `Must be at most ${MAX_CUSTOM_FIELDS_BYTES} bytes of JSON`,
  })
  .describe('Free-form profile data of the board (an object), or null.');

export const createMemberBodySchema = z.object({
  email: emailSchema.describe('Unique per organization, compared case-insensitively.'),
  name: nameSchema,
  role: roleSchema.default('candidate'),
  approvalStatus: approvalStatusSchema
    .optional()
    .describe(
      'Default: `pending` when the organization approves new members of this role (employers by default), else `approved`.',
    ),
  description: optionalText(5_000),
  customFields: customFieldsSchema.optional(),
});

export const updateMemberBodySchema = z
  .object({
    name: nameSchema.optional(),
    role: roleSchema.optional(),
    approvalStatus: approvalStatusSchema.optional(),
    description: optionalText(5_000),
    customFields: customFieldsSchema.optional(),
    profilePicture: httpUrl.nullable().optional().describe('An http(s) URL of the picture, or null.'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error:
      'Send at least one of `name`, `role`, `approvalStatus`, `description`, `customFields`, `profilePicture`.',
  });

/** The most links a member shows on their board profile. */
export const MAX_PROFILE_LINKS = 5;

/**
 * The board profile a member edits in their account: the name and description of the API's Member,
 * and contact details kept for one-click apply (never in the API's Member). The phone follows the
 * application's rule, so a saved profile always makes a valid application.
 */
export const memberContactSchema = z.object({
  name: nameSchema,
  description: optionalText(5_000),
  phone: optionalText(50),
  links: z
    .array(httpUrl.max(500, { error: 'Links can be at most 500 characters' }))
    .max(MAX_PROFILE_LINKS, { error: `At most ${MAX_PROFILE_LINKS} links` }),
});

export type MemberContactInput = z.output<typeof memberContactSchema>;

export const listMembersQuerySchema = z.object({
  ...paginationQuery(),
  search: z.string().trim().max(200).optional().describe('Part of the name or email, case-insensitive.'),
  role: z.enum(memberRoles, { error: 'Expected `candidate` or `employer`' }).optional(),
  approval_status: z
    .enum(approvalStatuses, { error: 'Expected `approved`, `pending` or `rejected`' })
    .optional(),
});

export const memberSchema = z
  .object({
    id: z.uuid(),
    organizationId: z.number().int(),
    email: z.string(),
    name: plainText(),
    role: z.enum(memberRoles),
    approvalStatus: z.enum(approvalStatuses),
    authMethod: z
      .enum(authMethods)
      .describe('How the member signs in: `email` (link or code), `google` or `github`.'),
    profilePicture: z.string().nullable(),
    description: plainText().nullable(),
    customFields: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    lastSignInAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Member' });

export const memberProfileSchema = z.object({
  member: memberSchema,
  subscriptions: z.array(subscriptionSchema),
  payments: z.array(paymentSchema),
  hasValidPaywallSubscription: z
    .boolean()
    .describe(
      'True while the member has an `active` or `trialing` subscription to a `paywall` plan whose current period has not ended, or a succeeded (not refunded) one-time `paywall` payment.',
    ),
});

export type MemberOut = z.infer<typeof memberSchema>;
export type CreateMemberInput = z.infer<typeof createMemberBodySchema>;
export type UpdateMemberInput = z.infer<typeof updateMemberBodySchema>;
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;
