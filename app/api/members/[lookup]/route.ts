// GET, PATCH and DELETE /api/members/{lookup}: one member, by id or by email.
import { z } from 'zod';
import { notFound } from '@/lib/core/errors';
import { emailSchema } from '@/lib/core/fields';
import type { Db } from '@/lib/core/transaction';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { deleteMember, findMember, findMemberByEmail, getMemberProfile, updateMember } from '@/lib/members';
import { memberProfileSchema, memberSchema, updateMemberBodySchema } from '@/lib/members/schemas';
import { toPaymentOut } from '@/lib/payments';

const LOOKUP_ERROR = 'Expected a member id (UUID) or an email address (URL-encoded)';

/** The path segment as sent, percent-decoded if it still is encoded (`ada%40example.com`). */
function decodedLookup(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

const params = z.object({
  lookup: z
    .string()
    .transform((value, context) => {
      const text = decodedLookup(value).trim();
      if (z.uuid().safeParse(text).success) return { id: text.toLowerCase() };
      const email = emailSchema.safeParse(text);
      if (text.includes('@') && email.success) return { email: email.data };
      context.addIssue({ code: 'custom', message: LOOKUP_ERROR });
      return z.NEVER;
    })
    .describe(
      'The member’s id (UUID) or email (URL-encoded, e.g. `ada%40example.com`; compared case-insensitively).',
    ),
});

type Lookup = { id: string } | { email: string };

async function memberId(db: Db, orgId: number, lookup: Lookup): Promise<string> {
  if ('id' in lookup) return (await findMember(db, orgId, lookup.id)).id;
  const member = await findMemberByEmail(db, orgId, lookup.email);
  if (!member) throw notFound('Member');
  return member.id;
}

const read = apiRoute(
  {
    method: 'GET',
    path: '/members/{lookup}',
    operationId: 'getMember',
    summary: 'Get a member with subscriptions and payments',
    description:
      '`data.member` is the profile; `data.subscriptions` and `data.payments` are the member’s, newest first; `data.hasValidPaywallSubscription` is the quick paywall check. Another organization’s member is a 404 like an unknown one.',
    tags: ['Members'],
    params,
    response: z.object({ data: memberProfileSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => {
    const { payments, ...profile } = await getMemberProfile(db, organization.id, params.lookup);
    return { data: { ...profile, payments: payments.map(toPaymentOut) } };
  },
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/members/{lookup}',
    operationId: 'updateMember',
    summary: 'Update a member',
    description:
      'Partial update of `name`, `role`, `approvalStatus` (approve or reject), `description`, `customFields` (replaced whole; null clears) and `profilePicture`. Sends `member.updated`.',
    tags: ['Members'],
    params,
    body: updateMemberBodySchema,
    response: z.object({ data: memberSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateMember(db, organization.id, await memberId(db, organization.id, params.lookup), body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/members/{lookup}',
    operationId: 'deleteMember',
    summary: 'Erase a member',
    description:
      'Deletes the member and everything that is theirs alone (sessions, job alerts, subscriptions). Subscriptions that have not ended are first canceled at their provider, at once, so nobody is billed after erasure (each sends `subscription.updated`); when one cannot be (its provider no longer configured: 409; the provider not answering: 503), nothing is erased. Payments stay for bookkeeping: their `userId` becomes null and personal details are removed from their `metadata`. Sends `member.deleted`. Members erase themselves from their account page on the board the same way.',
    tags: ['Members'],
    params,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found', 'conflict', 'service_unavailable'],
  },
  async ({ db, organization, params }) => ({
    data: await deleteMember(db, organization.id, await memberId(db, organization.id, params.lookup)),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
