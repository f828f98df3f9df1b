// URL, color and alignment policies shared by the JSON walk (first wall) and the HTML sanitizer (second wall).

/** Hosts whose `/embed/` URLs are accepted for the YouTube node. */
export const YOUTUBE_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
];

/** Blocks may be centered, right-aligned or justified; left is the default and stored as none. */
export const TEXT_ALIGNMENTS = ['center', 'right', 'justify'] as const;

// Browsers ignore C0 controls and whitespace inside a scheme (`java\tscript:`), so strip them before checking.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

function parseAbsolute(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The scheme a browser would see, or null for a relative URL. */
function schemeOf(url: string): string | null {
  const match = /^([^/?#]*?):/.exec(url.replace(IGNORED_IN_SCHEME, ''));
  return match?.[1]?.toLowerCase() ?? null;
}

/** `a[href]`: http(s), mailto, tel, or relative (path, query, fragment). */
export function isSafeLinkHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.trim() === '') return false;
  if (href.trim().startsWith('//')) return false; // protocol-relative: an absolute URL in disguise
  const scheme = schemeOf(href);
  if (scheme === null) return true;
  if (!['http', 'https', 'mailto', 'tel'].includes(scheme)) return false;
  return scheme === 'mailto' || scheme === 'tel' || parseAbsolute(href.trim()) !== null;
}

/** `img[src]`: absolute http(s) only. */
export function isSafeImageSrc(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  const url = parseAbsolute(src.trim());
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && src === src.trim();
}

/** Generic iframe `src`: absolute https only. */
export function isSafeIframeSrc(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  const url = parseAbsolute(src);
  return url !== null && url.protocol === 'https:' && src === src.trim();
}

/** A YouTube embed URL (`https://www.youtube(-nocookie).com/embed/<id>`). */
export function isYoutubeEmbedUrl(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  const url = parseAbsolute(src);
  return (
    url !== null &&
    url.protocol === 'https:' &&
    YOUTUBE_HOSTS.includes(url.hostname) &&
    /^\/embed\/(?:videoseries|[\w-]+)$/.test(url.pathname)
  );
}

export function iframeHost(src: string): string | null {
  return parseAbsolute(src)?.hostname.toLowerCase() ?? null;
}

export function isTextAlignment(value: unknown): value is (typeof TEXT_ALIGNMENTS)[number] {
  return typeof value === 'string' && (TEXT_ALIGNMENTS as readonly string[]).includes(value);
}

// CSS Color Module 4 named colors plus `transparent`; `currentcolor` and system colors are left out on purpose.
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow ' +
    'lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const HEX_COLOR = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
// Only numbers, units and separators between the parentheses: no nested functions, so no url() or expression().
const FUNCTION_COLOR = /^(?:rgba?|hsla?)\((?:[\s\d.,%/+-]|deg|rad|grad|turn|none)+\)$/i;

/** A CSS color value safe to put in `style="color: ..."`. */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  const color = value.trim();
  return NAMED_COLORS.has(color.toLowerCase()) || HEX_COLOR.test(color) || FUNCTION_COLOR.test(color);
}

/** Same check as a RegExp for sanitize-html's `allowedStyles` (which matches the whole declaration value). */
export const CSS_COLOR_PATTERN = new RegExp(
  `^(?:${[...NAMED_COLORS].join('|')}|${HEX_COLOR.source.slice(1, -1)}|${FUNCTION_COLOR.source.slice(1, -1)})$`,
  'i',
);
