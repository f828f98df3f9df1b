// Second, independent wall: the spec's content allowlist enforced on the HTML Tiptap renders.
import sanitizeHtml from 'sanitize-html';
import { CSS_COLOR_PATTERN, iframeHost, YOUTUBE_HOSTS } from './policy';

const BLOCK_ALIGN = { 'text-align': [/^(?:center|right|justify)$/] };
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Granted only to YouTube and to the board's allow-listed iframe hosts; every other iframe gets no flags. */
export const TRUSTED_IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups';

/**
 * Tags and attributes of the spec's "Allowed content HTML". Two structural additions: `tbody` (the HTML parser
 * inserts it into every table anyway) and `code.language-*` (keeps a code block's language through HTML).
 */
export const ALLOWED_TAGS = [
  ...HEADINGS,
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'hr',
  'a',
  'img',
  'table',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'iframe',
];

export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  ...Object.fromEntries(HEADINGS.map((tag) => [tag, ['style']])),
  p: ['style'],
  a: ['href'],
  img: ['src'],
  th: ['colspan', 'rowspan', 'style'],
  td: ['colspan', 'rowspan', 'style'],
  span: ['style'],
  div: ['data-youtube-video'],
  code: ['class'],
  iframe: ['src', 'width', 'height', 'sandbox', 'loading', 'allowfullscreen'],
};

export function sanitizeContentHtml(html: string, options: { iframeHosts: string[] }): string {
  const trusted = new Set([...YOUTUBE_HOSTS, ...options.iframeHosts.map((host) => host.toLowerCase())]);
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { code: ['language-*'] },
    allowedStyles: {
      ...Object.fromEntries(HEADINGS.map((tag) => [tag, BLOCK_ALIGN])),
      p: BLOCK_ALIGN,
      th: BLOCK_ALIGN,
      td: BLOCK_ALIGN,
      span: { color: [CSS_COLOR_PATTERN] },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // sanitize-html deletes empty non-boolean attributes by default, and `sandbox=""` is the one that matters.
    nonBooleanAttributes: sanitizeHtml.defaults.nonBooleanAttributes.filter((name) => name !== 'sandbox'),
    // A `div` is only allowed as the YouTube wrapper; the attribute value carries nothing.
    transformTags: {
      div: (tagName, attribs) => ({
        tagName,
        attribs: ('data-youtube-video' in attribs
          ? { 'data-youtube-video': '' }
          : {}) as sanitizeHtml.Attributes,
      }),
      iframe: (tagName, attribs) => {
        const host = attribs.src ? iframeHost(attribs.src) : null;
        return {
          tagName,
          attribs: {
            ...attribs,
            sandbox: host && trusted.has(host) ? TRUSTED_IFRAME_SANDBOX : '',
            loading: 'lazy',
          },
        };
      },
    },
    // Elements that are meaningless (or unframed) without their URL go entirely.
    exclusiveFilter: (frame) =>
      ((frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src) ||
      (frame.tag === 'div' && !('data-youtube-video' in frame.attribs)),
  });
}
