// Scores, targets and failing audits of Lighthouse runs, and the BENCHMARKS.md block they fill.
import type lighthouse from 'lighthouse';

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export type Preset = 'mobile' | 'desktop';

export interface AuditedPage {
  name: string;
  url: string;
  /** Meant for search engines: SEO must be 100. The dashboard and sign-in say noindex. */
  indexed: boolean;
  /** Sent with every request of the page: the dashboard's session cookie. */
  headers?: Record<string, string>;
}

export interface Run {
  page: AuditedPage;
  preset: Preset;
  lhr: Lhr;
}

export const categories = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
] as const;

/** 0–100, or null when Lighthouse could not score the category. */
export function score(lhr: Lhr, category: string): number | null {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

/** The targets the run misses, e.g. "accessibility 96 < 100". Performance has none. */
export function missedTargets(run: Run): string[] {
  const missed: string[] = [];
  const check = (category: string, label: string, target: number) => {
    const value = score(run.lhr, category);
    if (value === null || value < target) missed.push(`${label} ${value ?? 'not scored'} < ${target}`);
  };
  check('accessibility', 'accessibility', 100);
  check('best-practices', 'best practices', 95);
  if (run.page.indexed) check('seo', 'SEO', 100);
  return missed;
}

/** The audits that cost points (score below 1) in accessibility, best practices and SEO. */
export function failingAudits(lhr: Lhr): { category: string; id: string; audit: Lhr['audits'][string] }[] {
  const failing = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['manual', 'informative', 'notApplicable'].includes(audit.scoreDisplayMode)) continue;
      failing.push({ category, id: ref.id, audit });
    }
  }
  return failing;
}

/** A line per item of an audit's details: the element (selector and markup), URL or source it names. */
export function describeItems(details: unknown, limit = 10): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const lines = items.slice(0, limit).map((item) => describeValue(item));
  if (items.length > limit) lines.push(`… and ${items.length - limit} more`);
  return lines;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const object = value as Record<string, unknown>;
  switch (object.type) {
    case 'node':
      return [
        object.selector,
        object.snippet,
        typeof object.explanation === 'string' ? `(${object.explanation.replace(/\s+/g, ' ')})` : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'source-location':
      return `${object.url}:${Number(object.line) + 1}:${Number(object.column) + 1}`;
    case 'url':
    case 'code':
    case 'text':
      return String(object.value);
    case 'link':
      return `${object.text} ${object.url}`;
    case 'subitems':
      return ((object.items as unknown[]) ?? []).map(describeValue).join('; ');
  }
  return Object.entries(object)
    .filter(([, field]) => field !== null && field !== undefined && field !== '')
    .map(([key, field]) => `${key}: ${describeValue(field)}`)
    .join(' · ');
}

/** The markdown between the markers in BENCHMARKS.md. */
export function markdownBlock(runs: Run[], chromium: string, date: string): string {
  const first = runs[0]!.lhr;
  const cell = (run: Run, category: string, label: string) => {
    const value = score(run.lhr, category);
    const missed = missedTargets(run).some((miss) => miss.startsWith(`${label} `));
    return value === null ? 'n/a' : missed ? `**${value}**` : String(value);
  };
  const rows = runs.map(
    (run) =>
      `| ${run.page.name} | ${run.preset} | ${categories.map(([id, label]) => cell(run, id, label)).join(' | ')} |`,
  );
  const misses = runs.flatMap((run) =>
    missedTargets(run).map((miss) => `${run.page.name} (${run.preset}): ${miss}`),
  );
  return [
    `Run on ${date} with Lighthouse ${first.lighthouseVersion} and Debian's Chromium ${chromium}, headless:`,
    "mobile is Lighthouse's default configuration, desktop its desktop preset. Targets: accessibility",
    '100 and best practices ≥ 95 on every page, SEO 100 on the board pages (the dashboard and sign-in',
    'are not meant to be indexed); a missed target is in bold.',
    '',
    '| page | preset | performance | accessibility | best practices | SEO |',
    '| --- | --- | --: | --: | --: | --: |',
    ...rows,
    '',
    misses.length === 0 ? 'Every target met.' : `Targets missed: ${misses.join('; ')}.`,
  ].join('\n');
}

export const START_MARKER = '<!-- lighthouse:start -->';
export const END_MARKER = '<!-- lighthouse:end -->';

/** `document` with the text between the markers (exclusive) replaced by `block`. */
export function replaceBlock(document: string, block: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`BENCHMARKS.md needs ${START_MARKER} and, after it, ${END_MARKER}.`);
  return `${document.slice(0, start + START_MARKER.length)}\n${block}\n${document.slice(end)}`;
}
