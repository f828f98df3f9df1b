import { z } from 'zod';

export const SECRET_NAME_MAX_LENGTH = 64;
/** How configuration refers to a vault secret: `vault:<name>`. */
export const SECRET_REF_PREFIX = 'vault:';

// `*`, not `+`: an empty name gets only the "give it a name" message.
const namePattern = /^[a-z0-9_-]*$/;

/** The one rule for secret names: the API, the dashboard and `vault:<name>` references use it. */
export const secretNameSchema = z
  .string()
  .min(1, { error: 'Give the secret a name' })
  .max(SECRET_NAME_MAX_LENGTH, { error: `Must be at most ${SECRET_NAME_MAX_LENGTH} characters` })
  .regex(namePattern, { error: 'Use lowercase letters, digits, _ and - only' })
  .describe(
    `Lowercase letters, digits, \`_\` and \`-\`; at most ${SECRET_NAME_MAX_LENGTH} characters. Referenced in configuration as \`${SECRET_REF_PREFIX}<name>\`.`,
  );

export const secretSchema = z
  .object({
    name: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime().describe('When the value was last set (created or rotated).'),
  })
  .describe('A vault secret. Its value is write-only: no operation returns it.')
  .meta({ id: 'Secret' });

export const setSecretBodySchema = z.object({
  name: secretNameSchema,
  value: z
    .string({ error: 'The value is required and must be a string' })
    .min(1, { error: 'The value cannot be empty; delete the secret instead' })
    .describe('The secret value. Write-only: encrypted at rest and never returned.'),
});

export const secretWrittenSchema = z.object({
  name: z.string(),
  reference: z.string().describe(`\`${SECRET_REF_PREFIX}<name>\`: how configuration refers to this secret.`),
});

export type SecretOut = z.infer<typeof secretSchema>;
export type SetSecretInput = z.infer<typeof setSecretBodySchema>;
