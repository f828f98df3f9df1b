import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { secrets } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { openSealed } from './crypto';
import { SECRET_REF_PREFIX, secretNameSchema } from './schemas';
import { secretContext } from './service';

/** Whether a configuration value refers to the vault (`vault:<name>`) rather than being the value. */
export const isSecretRef = (value: string): boolean => value.startsWith(SECRET_REF_PREFIX);

/** `vault:<name>`, the name checked with the vault's name rule. */
export const secretRefSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (!isSecretRef(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected ${SECRET_REF_PREFIX}<name>` });
      return;
    }
    const name = secretNameSchema.safeParse(value.slice(SECRET_REF_PREFIX.length));
    for (const issue of name.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: `Secret name: ${issue.message}` });
    }
  })
  .describe(`A reference to a vault secret: \`${SECRET_REF_PREFIX}<name>\`.`);

/**
 * THE resolver for configuration values: a `vault:<name>` reference becomes the organization's
 * current value of that secret, or '' once the secret is deleted (or never existed); any other
 * value is returned unchanged.
 */
export async function resolveSecretRef(db: Db, orgId: number, value: string): Promise<string> {
  if (!isSecretRef(value)) return value;
  const name = value.slice(SECRET_REF_PREFIX.length);
  const [row] = await db
    .select({ sealedValue: secrets.sealedValue })
    .from(secrets)
    .where(and(eq(secrets.organizationId, orgId), eq(secrets.name, name)))
    .limit(1);
  return row ? openSealed(row.sealedValue, secretContext(orgId, name)) : '';
}
