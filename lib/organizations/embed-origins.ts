// The sites whose pages may frame a board's jobs widget. Each origin is written into a CSP
// `frame-ancestors` directive as it is stored, so only what that grammar reads as one origin is
// accepted: scheme, an ASCII host name or IPv4 address, an optional port, and at most a leading `*.`
// over a registrable domain (never over a public suffix such as `*.co.uk`).
import { parse } from 'tldts-icann';
import { z } from 'zod';

export const MAX_EMBED_ORIGINS = 20;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Host names as CSP's host-source reads them (no IPv6 literal: the grammar has none). */
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

/** `https://jobs.example.com` from what an owner typed, or the reason it is not an origin. */
export function normalizeEmbedOrigin(typed: string): { origin: string } | { problem: string } {
  const value = typed.trim();
  const refused = (why: string) => ({ problem: `'${value}' ${why}` });
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?(.*)$/i.exec(value);
  if (!match) return refused('is not an origin; write it as https://www.example.com');
  const [, scheme, wildcard, rest] = match;
  if (!/^https?$/i.test(scheme!)) return refused('must start with https:// or http://');
  let url: URL;
  try {
    url = new URL(`${scheme}://${rest}`);
  } catch {
    return refused('is not an origin; write it as https://www.example.com');
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || /[?#]/.test(rest!))
    return refused('has more than scheme, host and port; leave out any path, query or login');
  const host = url.hostname;
  if (host.startsWith('[')) return refused('is an IPv6 address, which a frame-ancestors policy cannot name');
  if (!HOST.test(host)) return refused('does not have a valid host name');
  if (wildcard) {
    const parsed = parse(host);
    if (parsed.isIp || !parsed.domain)
      return refused(
        'is a wildcard over a whole domain ending; name your own domain, as https://*.example.com',
      );
  }
  return { origin: `${url.protocol}//${wildcard ? '*.' : ''}${url.host}` };
}

export const embedOriginSchema = z.string().transform((value, context) => {
  const result = normalizeEmbedOrigin(value);
  if ('origin' in result) return result.origin;
  context.addIssue({ code: 'custom', message: result.problem });
  return z.NEVER;
});

export const embedOriginsSchema = z
  .array(embedOriginSchema)
  .max(MAX_EMBED_ORIGINS, { error: `At most ${MAX_EMBED_ORIGINS} origins` })
  .transform((origins) => [...new Set(origins)])
  .meta({ example: ['https://www.example.com', 'https://*.example.org'] })
  .describe(
    `Sites whose pages may show the board’s jobs widget (\`{board_url}/embed\`, or the \`{board_url}/embed.js\` snippet) in a frame: each \`https://host[:port]\` or \`http://…\`, a leading \`*.\` allowed over your own domain (not over a public suffix such as \`*.co.uk\`); no path. They become the widget’s CSP \`frame-ancestors\`; an empty list refuses framing everywhere. Every other board page stays unframeable. Sent, it replaces the list; at most ${MAX_EMBED_ORIGINS}.`,
  );

/** The widget's `frame-ancestors` sources: the listed origins, or `'none'`. */
export function frameAncestorSources(origins: readonly string[]): string[] {
  return origins.length > 0 ? [...origins] : ["'none'"];
}
