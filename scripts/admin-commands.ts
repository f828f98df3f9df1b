// The commands of `npm run admin` (scripts/admin.ts), callable in-process: each takes the database,
// its parsed options and where to print, so the tests run them without starting a process apiece.
import { parseArgs } from 'node:util';
import type { Database } from '@/db/client';
import { type ApiKeyScope, apiKeyScopes, type RateLimitOverrides, users } from '@/db/schema';
import { createApiKey, listApiKeys, revokeApiKeysByPrefix } from '@/lib/auth/api-keys';
import { addMember, findUserByEmail } from '@/lib/auth/users';
import { emailSchema } from '@/lib/core/fields';
import { purgeExpiredIdempotencyRecords } from '@/lib/http/idempotency';
import { createMember } from '@/lib/members';
import { createMemberBodySchema } from '@/lib/members/schemas';
import { organizationNameSchema, organizationSlugSchema } from '@/lib/organizations/schemas';
import {
  createOrganization,
  getOrganizationBySlug,
  setRateLimits,
  toOrganizationOut,
} from '@/lib/organizations/service';
import { defaultRateLimits } from '@/lib/rate-limit';
import { SealedValueError } from '@/lib/secrets/crypto';
import { resealAll } from '@/lib/secrets/reseal';
import { UsageError } from './cli-support';

export const usage = `Usage: npm run admin -- <command> [options]

  org:create --name NAME [--slug SLUG] [--owner-email EMAIL] [--json]
      Create an organization and a first API key (printed once).
  member:create --org SLUG --email EMAIL --name NAME [--role candidate|employer] [--json]
      Create a board member (as POST /api/members does); --json prints {"member": {...}}.
  apikey:create --org SLUG --name NAME [--scope full|read_only] [--json]
  apikey:list --org SLUG [--json]
  apikey:revoke --org SLUG --prefix PREFIX
  org:limits --org SLUG [--get N] [--post N] [--put N] [--patch N] [--delete N] [--reset]
      Per-organization rate limits (requests per minute per key).
  idempotency:purge
      Delete idempotency records older than 24 hours.
  secrets:reseal [--json]
      Re-seal vault secrets and webhook signing secrets under SECRETS_ENCRYPTION_KEY, after a
      master-key rotation (the old key in SECRETS_PREVIOUS_KEYS until this has run).

The database is the one DATABASE_URL names, or the embedded one under .data/ when it is unset.`;

const options = {
  name: { type: 'string' },
  slug: { type: 'string' },
  'owner-email': { type: 'string' },
  org: { type: 'string' },
  prefix: { type: 'string' },
  scope: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  get: { type: 'string' },
  post: { type: 'string' },
  put: { type: 'string' },
  patch: { type: 'string' },
  delete: { type: 'string' },
  reset: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type AdminOptions = ReturnType<typeof parseAdminArgs>['values'];

/** The command line of `npm run admin -- …`: the command and its options. */
export function parseAdminArgs(argv: string[]) {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options });
  return { command: positionals[0], values };
}

function parsed<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: string,
  flag: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new UsageError(`--${flag}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}

/** The commands, each reading `values` and printing through `out`. */
function commandsFor(
  values: AdminOptions,
  out: (line: string) => void,
): Record<string, (db: Database) => Promise<void>> {
  function required(name: keyof AdminOptions): string {
    const value = values[name];
    if (typeof value !== 'string' || value.trim() === '')
      throw new UsageError(`--${name} is required.\n\n${usage}`);
    return value.trim();
  }

  async function organizationBySlug(db: Database) {
    const slug = required('org');
    const org = await getOrganizationBySlug(db, slug);
    if (!org) throw new UsageError(`No organization with slug '${slug}'.`);
    return org;
  }

  function print(json: unknown, text: string): void {
    out(values.json ? JSON.stringify(json) : text);
  }

  return {
    async 'org:create'(db) {
      const name = parsed(organizationNameSchema, required('name'), 'name');
      const slug =
        values.slug === undefined ? undefined : parsed(organizationSlugSchema, values.slug, 'slug');
      const ownerEmail =
        values['owner-email'] === undefined
          ? undefined
          : parsed(emailSchema, values['owner-email'], 'owner-email');
      const organization = await createOrganization(db, { name, slug });
      if (ownerEmail) {
        const owner =
          (await findUserByEmail(db, ownerEmail)) ??
          (await db.insert(users).values({ email: ownerEmail }).returning())[0]!;
        await addMember(db, organization.id, owner.id, 'owner');
      }
      const { plaintext } = await createApiKey(db, organization.id, { name: 'Default key' });
      const { id, slug: orgSlug, name: orgName } = toOrganizationOut(organization);
      print(
        { organization: { id, slug: orgSlug, name: orgName }, api_key: plaintext },
        `Created organization ${orgName} (id ${id}, slug ${orgSlug}).\nAPI key (shown once): ${plaintext}` +
          (ownerEmail
            ? `\nOwner: ${ownerEmail} (sign up with this email to set a password if the account is new).`
            : ''),
      );
    },

    async 'member:create'(db) {
      const org = await organizationBySlug(db);
      const input = createMemberBodySchema.safeParse({
        email: required('email'),
        name: required('name'),
        role: values.role ?? 'candidate',
      });
      if (!input.success) {
        const issue = input.error.issues[0]!;
        throw new UsageError(`--${String(issue.path[0] ?? 'email')}: ${issue.message}`);
      }
      const member = await createMember(db, org.id, input.data);
      print(
        { member },
        `Created ${member.role} ${member.name} <${member.email}> in ${org.slug} (id ${member.id}, ${member.approvalStatus}).`,
      );
    },

    async 'apikey:create'(db) {
      const org = await organizationBySlug(db);
      const scope = (values.scope ?? 'full') as ApiKeyScope;
      if (!apiKeyScopes.includes(scope))
        throw new UsageError(`--scope must be one of: ${apiKeyScopes.join(', ')}.`);
      const { apiKey, plaintext } = await createApiKey(db, org.id, { name: required('name'), scope });
      print(
        {
          id: apiKey.id,
          name: apiKey.name,
          prefix: apiKey.prefix,
          scope: apiKey.scope,
          api_key: plaintext,
          organization: { id: org.id, slug: org.slug },
        },
        `Created ${apiKey.scope} key '${apiKey.name}' for ${org.slug}.\nAPI key (shown once): ${plaintext}`,
      );
    },

    async 'apikey:list'(db) {
      const org = await organizationBySlug(db);
      const keys = await listApiKeys(db, org.id);
      const rows = keys.map((key) => ({
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        scope: key.scope,
        created_at: key.createdAt.toISOString(),
        last_used_at: key.lastUsedAt?.toISOString() ?? null,
        revoked_at: key.revokedAt?.toISOString() ?? null,
      }));
      print(
        rows,
        rows
          .map(
            (r) => `${r.prefix}…  ${r.scope.padEnd(9)} ${r.revoked_at ? 'revoked ' : 'active  '} ${r.name}`,
          )
          .join('\n') || 'No keys.',
      );
    },

    async 'apikey:revoke'(db) {
      const org = await organizationBySlug(db);
      const revoked = await revokeApiKeysByPrefix(db, org.id, required('prefix'));
      if (revoked.length === 0)
        throw new UsageError(`No active key with prefix '${values.prefix}' in ${org.slug}.`);
      print(
        { revoked: revoked.map((key) => key.prefix) },
        `Revoked ${revoked.length} key(s): ${revoked.map((k) => k.name).join(', ')}.`,
      );
    },

    async 'org:limits'(db) {
      const org = await organizationBySlug(db);
      let limits: RateLimitOverrides | null = values.reset ? null : { ...(org.rateLimits ?? {}) };
      for (const method of Object.keys(defaultRateLimits) as (keyof RateLimitOverrides)[]) {
        const value = values[method.toLowerCase() as 'get'];
        if (value === undefined) continue;
        const number = Number(value);
        if (!Number.isInteger(number) || number < 1)
          throw new UsageError(`--${method.toLowerCase()} must be a positive integer.`);
        limits = { ...(limits ?? {}), [method]: number };
      }
      await setRateLimits(db, org.id, limits);
      const effective = Object.fromEntries(
        Object.entries(defaultRateLimits).map(([m, d]) => [m, limits?.[m as keyof RateLimitOverrides] ?? d]),
      );
      print(
        { organization: org.slug, rate_limits: effective },
        `Rate limits for ${org.slug} (per key per minute): ${JSON.stringify(effective)}`,
      );
    },

    async 'idempotency:purge'(db) {
      const purged = await purgeExpiredIdempotencyRecords(db);
      print({ purged }, `Purged ${purged} expired idempotency record(s).`);
    },

    async 'secrets:reseal'(db) {
      const result = await resealAll(db).catch((error) => {
        // A value no configured key opens: the message names the key id to add back; no stack needed.
        throw error instanceof SealedValueError ? new UsageError(error.message) : error;
      });
      print(
        { key_id: result.keyId, secrets: result.secrets, webhook_secrets: result.webhookSecrets },
        `Re-sealed under master key ${result.keyId}: ${result.secrets.resealed} vault secret(s) ` +
          `(${result.secrets.unchanged} unchanged), ${result.webhookSecrets.resealed} webhook signing ` +
          `secret(s) (${result.webhookSecrets.unchanged} unchanged).`,
      );
    },
  };
}

/**
 * Runs one command line against `db`, printing through `out`; a UsageError says what was wrong.
 * `--help` (or no command) prints the usage.
 */
export async function runAdminCommand(
  db: Database,
  argv: string[],
  out: (line: string) => void,
): Promise<void> {
  const { command, values } = parseAdminArgs(argv);
  if (values.help || !command) {
    out(usage);
    return;
  }
  const run = commandsFor(values, out)[command];
  if (!run) throw new UsageError(`Unknown command '${command}'.\n\n${usage}`);
  await run(db);
}
