import { z } from 'zod';
import { httpUrl, isoDateTime, optionalText, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';

export const pageKinds = ['page', 'blog_post'] as const;
export const pageStatuses = ['draft', 'published', 'archived'] as const;
export type PageKind = (typeof pageKinds)[number];
export type PageStatus = (typeof pageStatuses)[number];

/** For the OpenAPI descriptions of writes. */
export const pageContentRules =
  'Allowed content: headings h1–h6, p, br, strong, em, s, inline code, ul/ol/li, blockquote, pre/code, hr, a[href] (http, https, mailto, tel or relative), img[src] (http or https), tables (th/td with colspan and rowspan), text-align center/right/justify on blocks, span color (CSS colors only), YouTube embeds (youtube.com or youtube-nocookie.com embed URLs) and https iframes (rendered sandboxed). Everything else is stripped on save; `content_html` is derived from the stored document and sanitized again. `warnings` lists images not hosted on the board (upload them as assets first); they are kept, not rewritten.';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Paths of the public board a page slug would shadow (`/{slug}`), and of the blog (`/blog/{slug}`). */
export const reservedSlugs: Record<PageKind, ReadonlySet<string>> = {
  page: new Set([
    'account',
    'alerts',
    'api',
    'b',
    'c',
    'apply',
    'checkout',
    'assets',
    'auth',
    'blog',
    'categories',
    'companies',
    'dashboard',
    'docs',
    'embed',
    'feed',
    'jobs',
    'locations',
    'login',
    'logout',
    'media',
    'post-a-job',
    'pricing',
    'remote',
    'rss',
    'salaries',
    'search',
    'sign-in',
    'sign-out',
    'sign-up',
    'sitemap',
    'static',
    'robots',
    '_next',
  ]),
  blog_post: new Set(['author', 'authors', 'category', 'feed', 'page', 'rss', 'tag']),
};

const slugSchema = z
  .string()
  .trim()
  .max(120, { error: 'Must be at most 120 characters' })
  .regex(SLUG_PATTERN, { error: 'Use lowercase letters, digits and single hyphens (e.g. `about-us`)' })
  .describe('URL slug; generated from the title (and made unique) when omitted.');

const content = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullable()
  .describe(
    'An HTML string, or a Tiptap JSON document (`{ "type": "doc", "content": [...] }`). Only the allowed elements survive (see the Page description); the rest is stripped on save.',
  );

const common = {
  content: content.optional(),
  slug: slugSchema.optional(),
  cover_image: httpUrl.nullable().optional(),
  meta_title: optionalText(300),
  meta_description: optionalText(1_000),
  author_id: z.uuid({ error: 'Expected an author id (UUID)' }).nullable().optional(),
  members_only: z
    .boolean()
    .optional()
    .describe(
      'Blog posts: only paywall subscribers read it in full when the board gates members-only posts (GET /organization/payments).',
    ),
  published_at: isoDateTime
    .optional()
    .describe('ISO 8601; defaults to the moment the page is first published.'),
};

export const createPageBodySchema = z.object({
  title: z.string().trim().min(1, { error: 'A title is required' }).max(300),
  kind: z.enum(pageKinds, { error: 'Expected `page` or `blog_post`' }).default('page'),
  status: z.enum(['draft', 'published'], { error: 'Expected `draft` or `published`' }).default('draft'),
  ...common,
});

export const updatePageBodySchema = z
  .object({
    title: z.string().trim().min(1, { error: 'A title cannot be empty' }).max(300).optional(),
    status: z.enum(pageStatuses, { error: `Expected one of: ${pageStatuses.join(', ')}` }).optional(),
    ...common,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change.',
  });

export const listPagesQuerySchema = z.object({
  ...paginationQuery(20),
  kind: z.enum([...pageKinds, 'all'], { error: 'Expected `page`, `blog_post` or `all`' }).default('all'),
  status: z.enum(pageStatuses, { error: `Expected one of: ${pageStatuses.join(', ')}` }).optional(),
  search: z.string().trim().max(200).optional().describe('Matches the title (case-insensitive substring).'),
});

export const pageSummarySchema = z
  .object({
    id: z.uuid(),
    title: plainText(),
    slug: z.string(),
    type: z.enum(pageKinds),
    is_blog_article: z.boolean(),
    status: z.enum(pageStatuses),
    url: z.string().describe('The full public URL: `/blog/{slug}` for blog posts, `/{slug}` for pages.'),
    cover_image: z.string().nullable(),
    meta_title: plainText('Defaults to the title.'),
    meta_description: plainText(
      'Defaults to the start of the first paragraph (at most 160 characters); also the blog card summary.',
    ),
    author_id: z.uuid().nullable(),
    members_only: z.boolean(),
    published_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PageSummary' });

export const pageSchema = pageSummarySchema
  .extend({
    content: z
      .record(z.string(), z.unknown())
      .describe('The Tiptap JSON document (the stored source of truth).'),
    content_html: z.string().describe('HTML derived from `content` on save, sanitized.'),
    content_text: plainText('The content without markup.'),
    og_image: z.string().nullable().describe('The cover image.'),
    custom_fields: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Page' });

export type PageSummaryOut = z.infer<typeof pageSummarySchema>;
export type PageOut = z.infer<typeof pageSchema>;
export type CreatePageInput = z.infer<typeof createPageBodySchema>;
export type UpdatePageInput = z.infer<typeof updatePageBodySchema>;
export type ListPagesQuery = z.infer<typeof listPagesQuerySchema>;
