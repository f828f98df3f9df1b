import { z } from 'zod';
import { httpUrl, optionalText, plainText } from '@/lib/core/fields';
import { supportedLocale } from '@/lib/core/format';
import { embedOriginsSchema } from './embed-origins';

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

export const organizationLocaleSchema = z
  .string()
  .trim()
  .max(35)
  .transform((tag, context) => {
    const locale = supportedLocale(tag);
    if (!locale)
      context.addIssue({ code: 'custom', message: 'Expected a language tag such as en-US or de-DE' });
    return locale ?? z.NEVER;
  })
  .meta({ example: 'en-GB' })
  .describe('BCP 47 language tag: how dates are written in the dashboard, on the board and in mail.');

export const updateOrganizationSchema = z.object({
  name: organizationNameSchema,
  slug: organizationSlugSchema,
  locale: organizationLocaleSchema,
});

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Expected a colour as #RRGGBB' })
  .transform((value) => value.toLowerCase());

/** A board link: an absolute http(s) URL or a path on the board (`/blog`). */
const boardLinkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^\/(?!\/)/.test(value) || httpUrl.safeParse(value).success, {
    error: 'Expected an http(s) URL or a path starting with /',
  });

export const MAX_NAV_LINKS = 8;

/** How the public board looks; every field may be left out, and the default looks finished. */
export const boardLookSchema = z
  .object({
    logo_url: httpUrl
      .nullable()
      .optional()
      .describe('Shown in the header instead of the name; an uploaded asset URL.'),
    accent_color: hexColor
      .nullable()
      .optional()
      .describe(
        'Links and buttons, as #RRGGBB; too light a colour is darkened until white text on it has 4.5:1 contrast.',
      ),
    tagline: optionalText(200).describe('One line under the heading of the home page.'),
    footer_text: optionalText(500),
    nav_links: z
      .array(z.object({ label: z.string().trim().min(1).max(40), url: boardLinkUrl }))
      .max(MAX_NAV_LINKS, { error: `At most ${MAX_NAV_LINKS} links` })
      .optional()
      .describe('Header links after Jobs and Blog.'),
  })
  .meta({ id: 'BoardLook' });

export type BoardLookInput = z.output<typeof boardLookSchema>;

const memberSettingsSchema = z.object({
  employers_need_approval: z
    .boolean()
    .describe('New employers start `pending` and cannot post jobs until approved (default true).'),
  candidates_need_approval: z.boolean().describe('New candidates start `pending` (default false).'),
});

export const updateOrganizationBodySchema = z
  .object({
    name: organizationNameSchema.optional(),
    locale: organizationLocaleSchema.optional(),
    board: boardLookSchema.optional().describe('Replaces the fields sent; fields left out keep their value.'),
    members: memberSettingsSchema
      .partial()
      .optional()
      .describe('Who waits for approval after signing up on the board; fields left out keep their value.'),
    embed_origins: embedOriginsSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change' });

export const organizationSchema = z
  .object({
    id: z.number().int().describe('Organizations have integer ids.'),
    slug: z.string(),
    name: plainText(),
    board_url: z
      .string()
      .describe(
        'The public board: a verified custom domain, else https://{slug}.{BOARD_ROOT_DOMAIN}, else {APP_URL}/b/{slug}. Absolute, no trailing slash.',
      ),
    locale: z.string().describe('BCP 47 language tag dates are written in (default `en-US`).'),
    members: memberSettingsSchema,
    embed_origins: z
      .array(z.string())
      .describe(
        'Sites whose pages may frame the board’s jobs widget (`{board_url}/embed`); empty: framed nowhere.',
      ),
    board: z.object({
      logo_url: z.string().nullable(),
      accent_color: z.string().nullable(),
      tagline: plainText().nullable(),
      footer_text: plainText().nullable(),
      nav_links: z.array(z.object({ label: plainText(), url: z.string() })),
    }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Organization' });

export const domainStatuses = ['none', 'pending', 'verified', 'failing'] as const;

export const putDomainBodySchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
      error: 'Expected a host name such as jobs.example.com (no scheme, path or port)',
    })
    .nullable()
    .describe('The host to serve the board on, e.g. `jobs.example.com`; null removes it.'),
  verify: z
    .boolean()
    .optional()
    .describe('Check DNS now (default true when a domain is set); the answer carries the outcome.'),
});

export const domainSchema = z
  .object({
    domain: z.string().nullable(),
    status: z
      .enum(domainStatuses)
      .describe(
        'none: no domain; pending: never verified (or verification lapsed), waiting for the DNS records, `error` says what is still missing; verified: the board is served there; failing: was verified but the latest check failed (`error` says what broke, `failing_since` since when): the board keeps being served there until `grace_ends_at` (72 h after the first failed check); a check after that makes it pending again.',
      ),
    records: z
      .array(z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string() }))
      .describe(
        'The DNS records to create at the domain’s DNS provider. The CNAME is left out when `cname_target` is null.',
      ),
    cname_target: z
      .string()
      .nullable()
      .describe(
        'The host the CNAME names (BOARD_CNAME_TARGET, else the APP_URL host). Null when BOARD_CNAME_TARGET is not set and APP_URL is an IP address or localhost: the operator must set it before a domain can verify.',
      ),
    verified_at: z.iso.datetime().nullable(),
    checked_at: z.iso.datetime().nullable(),
    failing_since: z.iso
      .datetime()
      .nullable()
      .describe('When `failing`: the first failed check since the domain was last seen working.'),
    grace_ends_at: z.iso
      .datetime()
      .nullable()
      .describe('When `failing`: the board stops being served on the domain at the first check after this.'),
    error: z
      .string()
      .nullable()
      .describe('What the last check found missing or wrong (`; `-separated), or null when it passed.'),
    board_url: z.string(),
  })
  .meta({ id: 'BoardDomain' });

export type DomainOut = z.infer<typeof domainSchema>;

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
