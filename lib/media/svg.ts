import { DOMParser, type Element, type Node, XMLSerializer } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Static SVG graphics. Absent on purpose: script, foreignObject, a, animation, feImage, metadata. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

// Raster data embedded in the file itself is self-contained; anything else would be fetched.
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
// url(...) that points anywhere but a fragment of this document.
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?\s*#)/i;
const DANGEROUS_VALUE = /javascript:|vbscript:|data:text\/html|expression\s*\(|-moz-binding|behavior\s*:/i;

export class SvgError extends Error {}

export interface SanitizedSvg {
  svg: string;
  width: number | null;
  height: number | null;
  /** What was removed, e.g. `script element`, `onload attribute`. */
  removed: string[];
}

/**
 * Keeps only static SVG: allow-listed elements, no event handlers, no references outside the
 * document (href, url(), @import), no DOCTYPE or processing instructions. Entities other than XML's
 * five are never expanded: a file that uses them fails to parse.
 */
export function sanitizeSvg(source: string): SanitizedSvg {
  const removed: string[] = [];
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new SvgError(message);
      },
    }).parseFromString(source, 'image/svg+xml');
  } catch (error) {
    throw new SvgError(`The SVG is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  const root = document.documentElement;
  if (root?.localName !== 'svg') throw new SvgError('The file has no <svg> root element.');
  if (root.namespaceURI !== SVG_NS) {
    if (root.namespaceURI) throw new SvgError('The <svg> root element is not in the SVG namespace.');
    root.setAttribute('xmlns', SVG_NS);
  }
  for (const child of Array.from(document.childNodes)) {
    if (child !== root) {
      document.removeChild(child);
      if (child.nodeType === child.DOCUMENT_TYPE_NODE) removed.push('DOCTYPE');
    }
  }
  cleanElement(root, removed);
  return {
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`,
    ...intrinsicSize(root),
    removed,
  };
}

function cleanElement(element: Element, removed: string[]): void {
  for (const attribute of Array.from(element.attributes)) {
    const reason = attributeProblem(element, attribute.name, attribute.namespaceURI, attribute.value);
    if (reason) {
      element.removeAttributeNode(attribute);
      removed.push(reason);
    }
  }
  for (const child of Array.from(element.childNodes) as Node[]) {
    if (child.nodeType === child.ELEMENT_NODE) {
      const childElement = child as Element;
      const name = childElement.localName ?? '';
      if (childElement.namespaceURI !== SVG_NS || !ALLOWED_ELEMENTS.has(name)) {
        element.removeChild(child);
        removed.push(`${childElement.nodeName} element`);
      } else if (name === 'style' && unsafeCss(childElement.textContent ?? '')) {
        element.removeChild(child);
        removed.push('style element with external references');
      } else {
        cleanElement(childElement, removed);
      }
    } else if (
      child.nodeType === child.COMMENT_NODE ||
      child.nodeType === child.PROCESSING_INSTRUCTION_NODE
    ) {
      element.removeChild(child);
    }
  }
}

function attributeProblem(
  element: Element,
  name: string,
  namespace: string | null,
  value: string,
): string | null {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  if (name === 'xmlns' || name === 'xmlns:xlink') return null;
  if (name.startsWith('xmlns:')) return `${name} declaration`;
  if (namespace && namespace !== XLINK_NS && namespace !== XML_NS) return `${name} attribute`;
  if (/^on/i.test(local)) return `${name} attribute`;
  if (local === 'href') {
    if (value.trim().startsWith('#')) return null;
    if (element.localName === 'image' && EMBEDDED_IMAGE.test(value.trim())) return null;
    return `external ${name}`;
  }
  if (local === 'style' && unsafeCss(value)) return 'style attribute with external references';
  if (EXTERNAL_URL.test(value) || DANGEROUS_VALUE.test(value)) return `${name} attribute`;
  return null;
}

const unsafeCss = (css: string) =>
  EXTERNAL_URL.test(css) || DANGEROUS_VALUE.test(css) || /@import|@font-face|<\//i.test(css);

function intrinsicSize(root: Element): { width: number | null; height: number | null } {
  const viewBox = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromViewBox = viewBox.length === 4 && viewBox.every(Number.isFinite);
  const length = (value: string | null, fallback: number | undefined) => {
    const match = /^\s*([\d.]+)\s*(px)?\s*$/.exec(value ?? '');
    const parsed = match ? Number(match[1]) : fallback;
    return parsed !== undefined && Number.isFinite(parsed) && parsed > 0 ? Math.round(parsed) : null;
  };
  return {
    width: length(root.getAttribute('width'), fromViewBox ? viewBox[2] : undefined),
    height: length(root.getAttribute('height'), fromViewBox ? viewBox[3] : undefined),
  };
}
