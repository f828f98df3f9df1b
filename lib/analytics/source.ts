// Where a visit came from, in the words Plausible uses: a UTM source when the link carries one,
// else a known site's name, else the referring host; no referrer is Direct. Links inside the board
// are not a source (null): the visit keeps the source it started with.

const knownSources: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'Yahoo'],
  [/(^|\.)ecosia\.org$/, 'Ecosia'],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, 'LinkedIn'],
  [/(^|\.)(twitter|x)\.com$|^t\.co$/, 'Twitter'],
  [/(^|\.)facebook\.com$|^fb\.me$|^l\.facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)reddit\.com$/, 'Reddit'],
  [/(^|\.)news\.ycombinator\.com$/, 'Hacker News'],
  [/(^|\.)github\.com$/, 'GitHub'],
  [/(^|\.)indeed\.[a-z.]+$/, 'Indeed'],
  [/(^|\.)glassdoor\.[a-z.]+$/, 'Glassdoor'],
  [/(^|\.)chatgpt\.com$|(^|\.)openai\.com$/, 'ChatGPT'],
];

export const DIRECT = 'Direct';

const hostOf = (value: string | null | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.hostname.toLowerCase().replace(/^www\./, '')
      : null;
  } catch {
    return null;
  }
};

/**
 * `internalHosts`: further names of the board (the Host the browser used, which may differ from
 * the URL the server sees behind a proxy); a referrer on any of them is internal.
 */
export function trafficSource(
  pageUrl: URL,
  referrer: string | null | undefined,
  internalHosts: readonly string[] = [],
): { source: string | null; referrerHost: string | null } {
  const utm = (pageUrl.searchParams.get('utm_source') ?? pageUrl.searchParams.get('ref') ?? '').trim();
  const referrerHost = hostOf(referrer);
  if (utm) return { source: utm.slice(0, 100), referrerHost };
  if (!referrerHost) return { source: DIRECT, referrerHost: null };
  const own = [pageUrl.hostname, ...internalHosts].map((host) =>
    host
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, ''),
  );
  if (own.includes(referrerHost)) return { source: null, referrerHost };
  const known = knownSources.find(([pattern]) => pattern.test(referrerHost));
  return { source: known ? known[1] : referrerHost, referrerHost };
}
