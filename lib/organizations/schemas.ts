import { z } from 'zod';
import { plainText } from '@/lib/core/fields';

const reservedSlugs = new Set([
  'www',
  'api',
  'app',
  'admin',
  'dashboard',
  'docs',
  'cdn',
  'static',
  'assets',
  'auth',
]);

export const organizationSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, { error: 'Must be at least 2 characters' })
  .max(48, { error: 'Must be at most 48 characters' })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: 'Use lowercase letters, digits and hyphens; start and end with a letter or digit',
  })
  .refine((slug) => !reservedSlugs.has(slug), { error: 'This slug is reserved' });

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(120, { error: 'Must be at most 120 characters' });

export const updateOrganizationSchema = z.object({
  name: organizationNameSchema,
  slug: organizationSlugSchema,
});

export const organizationSchema = z
  .object({
    id: z.number().int().describe('Organizations have integer ids.'),
    slug: z.string(),
    name: plainText(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Organization' });

export type OrganizationOut = z.infer<typeof organizationSchema>;

export const MAX_CORS_ORIGINS = 20;

/** One allowed browser origin for the public routes: `https://example.com[:port]`, or `*` for any. */
const corsOriginSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '*') return value;
    try {
      const url = new URL(value);
      const bare = value.replace(/\/+$/, '').toLowerCase();
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === bare) return url.origin;
    } catch {}
    context.addIssue({
      code: 'custom',
      message: `'${value}' is not an origin; write it as https://example.com (scheme, host, optional port)`,
    });
    return z.NEVER;
  });

export const corsOriginsSchema = z
  .array(corsOriginSchema)
  .max(MAX_CORS_ORIGINS, { error: `At most ${MAX_CORS_ORIGINS} origins` })
  .transform((origins) => [...new Set(origins)]);
