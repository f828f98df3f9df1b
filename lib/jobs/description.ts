import { ContentError, normalizeContent } from '@/lib/content';
import { env } from '@/lib/core/env';
import { invalid } from '@/lib/core/validation';
import { cdnBaseUrl } from '@/lib/media';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Tags of real HTML documents; `<world>` or `<3` in plain text is not markup.
const HTML_TAG =
  /<\/?(?:p|br|div|span|a|b|i|u|s|em|strong|code|pre|blockquote|ul|ol|li|h[1-6]|hr|img|table|thead|tbody|tr|th|td|iframe|section|article|small|sub|sup)(?:\s[^<>]*)?\/?>/i;

/** Whether a description was sent as HTML (it holds an HTML element tag) rather than plain text. */
export function isHtmlDescription(description: string): boolean {
  return HTML_TAG.test(description);
}

function sanitized(input: string | Record<string, unknown>): { html: string; text: string } {
  const config = env();
  try {
    return normalizeContent(input, { cdnUrl: cdnBaseUrl(config), iframeHosts: config.CONTENT_IFRAME_HOSTS });
  } catch (error) {
    if (error instanceof ContentError) throw invalid('description', error.message);
    throw error;
  }
}

/**
 * A description as sent, ready to store: plain text stays as typed; HTML is stored sanitized (the
 * pages' allow-list) and a Tiptap JSON document as its sanitized HTML. Both columns are returned:
 * `description` (what the API gives back) and `descriptionHtml` (what the board renders).
 */
export function prepareDescription(input: string | Record<string, unknown>): {
  description: string;
  descriptionHtml: string;
} {
  if (typeof input === 'string' && !isHtmlDescription(input))
    return { description: input, descriptionHtml: descriptionHtml(input) };
  const { html, text } = sanitized(input);
  if (text.trim() === '' && !/<img|<iframe/.test(html))
    throw invalid('description', 'Description is required');
  return { description: html, descriptionHtml: html };
}

/**
 * The sanitized HTML a board renders for a description: HTML through the content pipeline (the
 * pages' allow-list); plain text as paragraphs (a single line break kept as `<br>`) and lists.
 */
export function descriptionHtml(description: string): string {
  if (isHtmlDescription(description)) {
    const config = env();
    return normalizeContent(description, {
      cdnUrl: cdnBaseUrl(config),
      iframeHosts: config.CONTENT_IFRAME_HOSTS,
    }).html;
  }
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map(plainBlockHtml)
    .join('');
}

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** One blank-line-separated block: runs of `- `, `* `, `• ` or `1.` lines become a list. */
function plainBlockHtml(block: string): string {
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  let html = '';
  let text: string[] = [];
  let items: string[] = [];
  let ordered = false;
  const flushText = () => {
    if (text.length) html += `<p>${text.map((line) => escapeHtml(line.trim())).join('<br>')}</p>`;
    text = [];
  };
  const flushItems = () => {
    const tag = ordered ? 'ol' : 'ul';
    if (items.length)
      html += `<${tag}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    items = [];
  };
  for (const line of lines) {
    if (BULLET.test(line)) {
      flushText();
      if (!items.length) ordered = /^\s*\d/.test(line);
      items.push(line.replace(BULLET, '').trim());
    } else {
      flushItems();
      text.push(line);
    }
  }
  flushText();
  flushItems();
  return html;
}
