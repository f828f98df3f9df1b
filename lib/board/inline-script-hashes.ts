import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/**
 * CSP source expressions (`'sha256-…'`) for every inline script of an HTML document, so that a page
 * served from a cache keeps a strict script-src without a per-response nonce. The text hashed is
 * the script element's source text as a browser's parser sees it (raw, newlines normalized).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let inScript = false;
  let external = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script') return;
        inScript = true;
        external = 'src' in attributes;
        text = '';
      },
      ontext(chunk) {
        if (inScript) text += chunk;
      },
      onclosetag(name) {
        if (name !== 'script' || !inScript) return;
        inScript = false;
        if (external) return;
        const source = text.replace(/\r\n?/g, '\n');
        hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.end(html);
  return [...hashes];
}
