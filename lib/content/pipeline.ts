// Write path for page content: HTML or Tiptap JSON in, stored JSON plus derived, sanitized HTML and text out.
import { getSchema, getText, getTextSerializersFromSchema } from '@tiptap/core';
import { getEmbedUrlFromYoutubeUrl } from '@tiptap/extension-youtube';
import { DOMSerializer, Node as PMNode, type Schema, DOMParser as SchemaParser } from '@tiptap/pm/model';
import { Window } from 'happy-dom';
import { Parser as HtmlTokenizer } from 'htmlparser2';
import { findJsonProblem, MAX_JSON_DEPTH } from '@/lib/core/json-limits';
import { ALIGNABLE_TYPES, contentExtensions } from './extensions';
import {
  isCssColor,
  isSafeIframeSrc,
  isSafeImageSrc,
  isSafeLinkHref,
  isTextAlignment,
  isYoutubeEmbedUrl,
} from './policy';
import { sanitizeContentHtml } from './sanitize';

/** A Tiptap (ProseMirror) document as stored in `pages.content`. */
export interface TiptapNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: TiptapNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}
export interface TiptapDoc extends TiptapNode {
  type: 'doc';
}

export interface NormalizeOptions {
  /** The board's CDN base URL; images elsewhere produce a warning (they are kept, not rewritten). */
  cdnUrl?: string;
  /** Hosts whose generic iframes get `allow-scripts allow-same-origin allow-popups`; others get no sandbox flags. */
  iframeHosts?: string[];
}

export interface NormalizedContent {
  json: TiptapDoc;
  html: string;
  text: string;
  warnings: string[];
}

/** Content that cannot be read as a document at all. The API answers 400 `validation_error` on the field. */
export class ContentError extends Error {
  override name = 'ContentError';
}

const extensions = contentExtensions();
const schema: Schema = getSchema(extensions);
const textSerializers = getTextSerializersFromSchema(schema);
const htmlParser = SchemaParser.fromSchema(schema);
const htmlSerializer = DOMSerializer.fromSchema(schema);

/**
 * A DOM for one conversion, as @tiptap/html/server makes one, without a script, a style or a frame
 * ever loading. Its generateJSON and generateHTML also build the schema again on every call: doing it
 * once, and sharing one window between a conversion's parse and render, took a job description from
 * 6.5 to 2.1 ms (measured in one process).
 */
function withDom<T>(work: (window: Window) => T): T {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      disableComputedStyleRendering: true,
    },
  });
  try {
    return work(window);
  } finally {
    window.happyDOM.abort();
    window.happyDOM.close();
  }
}

function htmlToJson(window: Window, html: string): unknown {
  const document = new window.DOMParser().parseFromString(
    `<!DOCTYPE html><html><body>${html}</body></html>`,
    'text/html',
  );
  return htmlParser.parse(document.body as unknown as globalThis.Node).toJSON();
}

function docToHtml(window: Window, doc: PMNode): string {
  const wrap = window.document.createElement('div');
  htmlSerializer.serializeFragment(
    doc.content,
    { document: window.document as unknown as globalThis.Document },
    wrap as unknown as globalThis.HTMLElement,
  );
  return wrap.innerHTML;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function positiveInt(value: unknown, fallback: number | null, max = 10_000): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/**
 * Per-node attribute policy. Every attribute the sanitizer would strip from the HTML is reset here too, so
 * the stored JSON holds exactly what the HTML shows and a second save changes nothing. Returns null to drop.
 */
function nodeAttrs(type: string, attrs: Json): Json | null {
  if ((ALIGNABLE_TYPES as readonly string[]).includes(type)) {
    attrs.textAlign = isTextAlignment(attrs.textAlign) ? attrs.textAlign : null;
  }
  switch (type) {
    case 'heading':
      attrs.level = positiveInt(attrs.level, 1, 6);
      return attrs;
    case 'orderedList':
      // The allowlist is a bare `ol`: `start` and `type` would not survive the HTML.
      return { start: 1, type: null };
    case 'codeBlock':
      return {
        language:
          typeof attrs.language === 'string' && /^[\w+#.-]{1,32}$/.test(attrs.language)
            ? attrs.language
            : null,
      };
    case 'tableCell':
    case 'tableHeader':
      return {
        colspan: positiveInt(attrs.colspan, 1, 1000),
        rowspan: positiveInt(attrs.rowspan, 1, 65_534),
        colwidth: null,
        align: isTextAlignment(attrs.align) ? attrs.align : null,
      };
    case 'image':
      // The allowlist is `img` with `src` only: alt/title/size would not survive the HTML.
      return isSafeImageSrc(attrs.src)
        ? { src: new URL(attrs.src).href, alt: null, title: null, width: null, height: null }
        : null;
    case 'youtube': {
      if (typeof attrs.src !== 'string') return null;
      // Watch/short/youtu.be links become embed URLs (start time folded in); anything else is dropped.
      const src = getEmbedUrlFromYoutubeUrl({
        url: attrs.src,
        nocookie: true,
        controls: true,
        startAt: positiveInt(attrs.start, 0) ?? 0,
      });
      if (!isYoutubeEmbedUrl(src)) return null;
      return { src, start: 0, width: positiveInt(attrs.width, 640), height: positiveInt(attrs.height, 480) };
    }
    case 'iframe':
      if (!isSafeIframeSrc(attrs.src)) return null;
      return {
        src: new URL(attrs.src).href,
        width: positiveInt(attrs.width, null),
        height: positiveInt(attrs.height, null),
      };
    default:
      return attrs;
  }
}

function markAttrs(type: string, attrs: Json): Json | null {
  switch (type) {
    case 'link':
      return isSafeLinkHref(attrs.href)
        ? { href: attrs.href.trim(), target: null, rel: null, class: null, title: null }
        : null;
    case 'textStyle':
      return isCssColor(attrs.color) ? { color: attrs.color.trim() } : null;
    default:
      return attrs;
  }
}

function knownAttrs(spec: { attrs?: Record<string, unknown> }, raw: unknown): Json {
  const source = isObject(raw) ? raw : {};
  const out: Json = {};
  for (const name of Object.keys(spec.attrs ?? {})) if (name in source) out[name] = source[name];
  return out;
}

function cleanMarks(raw: unknown, dropped: Set<string>): TiptapNode['marks'] {
  if (!Array.isArray(raw)) return undefined;
  const marks: NonNullable<TiptapNode['marks']> = [];
  for (const mark of raw) {
    if (!isObject(mark) || typeof mark.type !== 'string') continue;
    const markType = schema.marks[mark.type];
    if (!markType) {
      dropped.add(mark.type);
      continue;
    }
    const attrs = markAttrs(mark.type, knownAttrs(markType.spec, mark.attrs));
    if (attrs) marks.push(Object.keys(attrs).length ? { type: mark.type, attrs } : { type: mark.type });
  }
  return marks.length ? marks : undefined;
}

/** Walks the JSON keeping known types and known attributes only, then applies the policies. */
function cleanNode(raw: unknown, dropped: Set<string>): TiptapNode | null {
  if (!isObject(raw) || typeof raw.type !== 'string') return null;
  if (raw.type === 'text') {
    if (typeof raw.text !== 'string' || raw.text === '') return null;
    const marks = cleanMarks(raw.marks, dropped);
    return marks ? { type: 'text', text: raw.text, marks } : { type: 'text', text: raw.text };
  }
  const nodeType = schema.nodes[raw.type];
  if (!nodeType) {
    dropped.add(raw.type);
    return null;
  }
  const attrs = nodeAttrs(raw.type, knownAttrs(nodeType.spec, raw.attrs));
  if (!attrs) return null;
  const node: TiptapNode = { type: raw.type };
  if (Object.keys(attrs).length) node.attrs = attrs;
  if (Array.isArray(raw.content)) {
    const content = raw.content.map((child) => cleanNode(child, dropped)).filter((child) => child !== null);
    if (content.length) node.content = content;
  }
  return node;
}

function toDocument(window: Window, input: unknown, dropped: Set<string>): PMNode {
  let raw: unknown = input;
  if (input === null || input === undefined || input === '') {
    raw = { type: 'doc', content: [] };
  } else if (typeof input === 'string') {
    assertHtmlDepth(input);
    // The DOM parser already ignores unknown elements (keeping their text) and unknown attributes.
    raw = htmlToJson(window, input);
  }
  if (!isObject(raw) || raw.type !== 'doc') {
    throw new ContentError(
      'content must be an HTML string or a Tiptap JSON document ({ "type": "doc", ... }).',
    );
  }
  // Everything below recurses over the tree: a document nested thousands deep overflows the stack.
  const problem = findJsonProblem(raw);
  if (problem?.code === 'too_deep') {
    throw new ContentError(`content is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  if (problem) throw new ContentError(`content at ${problem.path.join('.')}: ${problem.message}.`);
  const cleaned = cleanNode(raw, dropped) ?? { type: 'doc' };
  if (!cleaned.content?.length) {
    const empty = schema.topNodeType.createAndFill();
    if (!empty) throw new Error('the content schema cannot build an empty document');
    return empty;
  }
  try {
    const doc = PMNode.fromJSON(schema, cleaned);
    doc.check();
    return doc;
  } catch (error) {
    // Structure errors (text directly in a list, an image inside a paragraph, ...) are the caller's to fix.
    throw new ContentError(`content does not fit the document schema: ${(error as Error).message}`);
  }
}

/** The DOM parser recurses per element, so HTML is measured first with a streaming tokenizer. */
function assertHtmlDepth(html: string): void {
  let depth = 0;
  let tooDeep = false;
  const tokenizer = new HtmlTokenizer(
    {
      onopentag() {
        depth += 1;
        if (depth > MAX_JSON_DEPTH && !tooDeep) {
          tooDeep = true;
          tokenizer.pause();
        }
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  tokenizer.end(html);
  if (tooDeep) throw new ContentError(`content HTML is nested deeper than ${MAX_JSON_DEPTH} elements.`);
}

function imageWarnings(doc: PMNode, cdnUrl: string | undefined): string[] {
  const base = cdnUrl?.replace(/\/*$/, '/');
  const warnings: string[] = [];
  doc.descendants((node) => {
    if (node.type.name !== 'image') return;
    const src = String(node.attrs.src);
    if (!base || !src.startsWith(base)) {
      warnings.push(`Image ${src} is not hosted on the board's CDN; upload it as an asset first.`);
    }
  });
  return warnings;
}

/**
 * Normalizes page content. Unknown node and mark types are dropped (with a warning) rather than rejected, so
 * content from a newer editor or another Tiptap setup still saves; input that is not a document at all, or whose
 * structure breaks the schema, throws ContentError.
 */
export function normalizeContent(
  input: string | Record<string, unknown> | null | undefined,
  options: NormalizeOptions = {},
): NormalizedContent {
  const dropped = new Set<string>();
  const { doc, rendered } = withDom((window) => {
    const doc = toDocument(window, input, dropped);
    return { doc, rendered: docToHtml(window, doc) };
  });
  const json = doc.toJSON() as TiptapDoc;
  const html = sanitizeContentHtml(rendered, { iframeHosts: options.iframeHosts ?? [] });
  // Atoms and nested blocks leave empty separators behind: one newline between blocks is enough.
  const text = getText(doc, { blockSeparator: '\n', textSerializers })
    .replace(/\n\s*\n/g, '\n')
    .trim();
  const warnings = [
    ...[...dropped].map((type) => `Unsupported content type "${type}" was removed.`),
    ...imageWarnings(doc, options.cdnUrl),
  ];
  return { json, html, text, warnings };
}
