// The board's jobs widget: the latest live jobs as one small HTML document (no framework script,
// no cookie) that other sites frame, in the board's look, each job linking to its page in a new tab.
// Its framing policy is set by proxy.ts from the organization's `embed_origins`.
import { escapeAttribute, escapeUTF8 } from 'entities';
import { z } from 'zod';
import type { Organization } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { SEARCH_TEXT_MAX } from '@/lib/jobs/schemas';
import { resolveLook } from '@/lib/organizations';
import { jobPlace, postedAge } from './format';
import { type BoardCategory, boardCategories, boardJobs } from './queries';
import { documentLanguage } from './routing';

export const EMBED_DEFAULT_COUNT = 10;
export const EMBED_MAX_COUNT = 50;
/** The filters the widget takes, as query parameters of its address and `data-` attributes of the snippet. */
export const EMBED_FILTERS = ['category', 'location', 'remote', 'count'] as const;

export interface EmbedFilters {
  /** A category's slug (or name); its sub-categories' jobs too. */
  category?: string;
  /** Free text matched against the job's location, as the board's search does. */
  location?: string;
  remote?: boolean;
  count: number;
}

const single = (name: string) =>
  z
    .array(z.string())
    .max(1, { error: `Give ${name} once.` })
    .transform((values) => values[0]?.trim() || undefined);

const embedQuerySchema = z
  .object({
    category: single('category').pipe(z.string().max(100).optional()),
    location: single('location').pipe(z.string().max(SEARCH_TEXT_MAX).optional()),
    remote: single('remote').pipe(
      z
        .enum(['1', 'true', '0', 'false'], { error: 'remote is 1 (remote jobs only) or 0 (every job).' })
        .optional()
        .transform((value) => (value === '1' || value === 'true' ? true : undefined)),
    ),
    count: single('count').pipe(
      z
        .string()
        .regex(/^\d+$/, { error: `count is a whole number from 1 to ${EMBED_MAX_COUNT}.` })
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, { error: `count is a whole number from 1 to ${EMBED_MAX_COUNT}.` })
            .max(EMBED_MAX_COUNT, { error: `count is a whole number from 1 to ${EMBED_MAX_COUNT}.` }),
        )
        .optional()
        .transform((count) => count ?? EMBED_DEFAULT_COUNT),
    ),
  })
  .strict();

/** The widget's filters from its query string, or what is wrong with it, in a sentence. */
export function parseEmbedQuery(params: URLSearchParams): EmbedFilters | { problem: string } {
  const unknown = [...new Set(params.keys())].find(
    (key) => !(EMBED_FILTERS as readonly string[]).includes(key),
  );
  if (unknown !== undefined)
    return { problem: `The widget does not know “${unknown}”; it takes ${EMBED_FILTERS.join(', ')}.` };
  const parsed = embedQuerySchema.safeParse(
    Object.fromEntries(EMBED_FILTERS.map((key) => [key, params.getAll(key)])),
  );
  if (!parsed.success) return { problem: parsed.error.issues[0]!.message };
  const { category, location, remote, count } = parsed.data;
  return {
    ...(category ? { category } : {}),
    ...(location ? { location } : {}),
    ...(remote ? { remote } : {}),
    count,
  };
}

/** The category a widget names by slug or name, among the board's. */
export function embedCategory(categories: BoardCategory[], ref: string): BoardCategory | undefined {
  const wanted = ref.toLowerCase();
  return categories.find((category) => category.slug === wanted || category.name.toLowerCase() === wanted);
}

/**
 * The height reporter the widget document runs: its parent frames it at this height (embed.js). The
 * root element's own box, not its scrollHeight, which never reports less than the frame's height.
 */
const HEIGHT_SCRIPT =
  "(function(){var h=0;function s(){var n=Math.ceil(document.documentElement.getBoundingClientRect().height);if(n!==h){h=n;parent.postMessage({boardkitEmbed:{height:n}},'*')}}s();addEventListener('load',s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.body)})()";

const text = (value: string) => escapeUTF8(value);
const attribute = (value: string) => escapeAttribute(value);

export interface EmbedDocument {
  status: number;
  html: string;
}

/**
 * The widget for `filters`: 200 with the jobs (or a sentence saying there are none), or 400 naming
 * a category the board does not have. Links start at `base`, where the board's pages are on the
 * host that served the widget (`/b/{slug}`, or '' on the board's own host; absolute for the
 * dashboard's preview). `nonce` goes on the height reporter; `script: false` leaves it out (the
 * preview, which frames the document sandboxed).
 */
export async function embedDocument(
  db: Db,
  org: Organization,
  filters: EmbedFilters,
  { base, nonce, script = true }: { base: string; nonce?: string; script?: boolean },
): Promise<EmbedDocument> {
  const look = resolveLook(org.name, org.board);
  const board = base || '/';
  let categoryId: string | undefined;
  if (filters.category) {
    const category = embedCategory(await boardCategories(db, org), filters.category);
    if (!category)
      return embedProblem(
        400,
        `This board has no category “${filters.category}”.`,
        documentLanguage(org.locale),
      );
    categoryId = category.id;
  }
  const { jobs } = await boardJobs(
    db,
    org,
    {
      categories: categoryId ? [categoryId] : undefined,
      locations: filters.location ? [filters.location] : undefined,
      is_remote: filters.remote,
    },
    1,
    filters.count,
  );
  const link = (href: string, inner: string, className?: string) =>
    `<a href="${attribute(href)}" target="_blank" rel="noopener"${className ? ` class="${className}"` : ''}>${inner}</a>`;
  const items = jobs.map((job) => {
    const details = [job.company_name, jobPlace(job), `Posted ${postedAge(job.published_at)}`].filter(
      Boolean,
    );
    return `<li>${link(`${base}/jobs/${encodeURIComponent(job.slug)}`, `<span class="t">${text(job.title)}</span><span class="d">${details.map((detail) => text(detail!)).join(' · ')}</span>`)}</li>`;
  });
  const brand = look.logoUrl
    ? `<img src="${attribute(look.logoUrl)}" alt="${attribute(look.name)}" height="28">`
    : text(look.name);
  const body = [
    `<header>${link(board, brand, 'b')}</header>`,
    items.length > 0
      ? `<ul>${items.join('')}</ul>`
      : '<p class="e">No open jobs here right now. Check back soon.</p>',
    `<footer>${link(board, `All jobs at ${text(look.name)} →`)}</footer>`,
  ].join('');
  return {
    status: 200,
    html: page({
      lang: documentLanguage(org.locale),
      title: `Jobs at ${look.name}`,
      accent: look.accent,
      body: `<main aria-label="${attribute(`Latest jobs at ${look.name}`)}">${body}</main>`,
      script: script ? HEIGHT_SCRIPT : undefined,
      nonce,
    }),
  };
}

/** The widget's own answer to a bad address: a short page in the widget's frame that says what is wrong. */
export function embedProblem(status: number, message: string, lang = 'en'): EmbedDocument {
  return {
    status,
    html: page({
      lang,
      title: 'This jobs widget cannot be shown',
      accent: '#3346c4',
      body: `<main><p class="e"><strong>This jobs widget cannot be shown.</strong> ${text(message)}</p></main>`,
    }),
  };
}

function page({
  lang,
  title,
  accent,
  body,
  script,
  nonce,
}: {
  lang: string;
  title: string;
  accent: string;
  body: string;
  script?: string;
  nonce?: string;
}): string {
  // Plain CSS in the board's accent; no web font, no framework: the document is all the widget loads.
  const style = `:root{--a:${accent};color-scheme:light}*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#18181b;background:#fff}main{border:1px solid #e4e4e7;border-top:4px solid var(--a);border-radius:8px;padding:12px 16px}header{margin-bottom:4px}ul{list-style:none;margin:0;padding:0}li{border-top:1px solid #e4e4e7}li:first-child{border-top:0}a{color:var(--a)}li a{display:block;padding:10px 0;text-decoration:none}li a:hover .t,li a:focus-visible .t{text-decoration:underline}a:focus-visible{outline:2px solid var(--a);outline-offset:2px;border-radius:2px}.b{font-weight:700;font-size:17px;color:#18181b;text-decoration:none}.b img{display:block;max-width:200px;object-fit:contain}.t{display:block;font-weight:600}.d{display:block;font-size:13px;color:#52525b}.e{margin:8px 0;color:#3f3f46}footer{border-top:1px solid #e4e4e7;padding-top:10px;margin-top:2px;font-size:14px;font-weight:600}`;
  const reporter = script ? `<script${nonce ? ` nonce="${attribute(nonce)}"` : ''}>${script}</script>` : '';
  return `<!doctype html><html lang="${attribute(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text(title)}</title><style>${style}</style></head><body>${body}${reporter}</body></html>`;
}
