// Reading what the board answers with real parsers: links out of HTML (htmlparser2), which 404 page
// a body is, and XML that must be well-formed (@xmldom/xmldom, any error or warning throws).
import { DOMParser, type Document as XmlDocument, type Element as XmlElement } from '@xmldom/xmldom';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

export interface PageLinks {
  /** `<a href>`, `<link href>` and `<form action>` (GET forms), resolved against the page URL. */
  links: string[];
  /** `<img src>`, resolved. */
  images: string[];
  /** `<link rel="canonical">`, resolved. */
  canonical?: string;
}

const resolve = (value: string | undefined, base: string): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
};

export function linksOf(html: string, pageUrl: string): PageLinks {
  const document = parseDocument(html);
  const elements = DomUtils.findAll(() => true, document.children) as Element[];
  const links: string[] = [];
  const images: string[] = [];
  let canonical: string | undefined;
  for (const element of elements) {
    const { name, attribs } = element;
    if (name === 'a' || name === 'link') {
      const href = resolve(attribs.href, pageUrl);
      if (href) links.push(href);
      if (name === 'link' && attribs.rel === 'canonical') canonical = href;
    } else if (name === 'form' && (attribs.method ?? 'get').toLowerCase() === 'get') {
      const action = resolve(attribs.action ?? pageUrl, pageUrl);
      if (action) links.push(action);
    } else if (name === 'img') {
      const src = resolve(attribs.src, pageUrl);
      if (src) images.push(src);
    }
  }
  return { links: [...new Set(links)], images: [...new Set(images)], canonical };
}

const text = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();

export type NotFoundKind =
  | 'board'
  | 'app'
  | 'board, client-rendered only'
  | 'app, client-rendered only'
  | 'other';

/**
 * Which not-found page an HTML body is: the board's own (app/(board)/b/[board]/not-found.tsx inside
 * the board's layout: its header with the board's name and main navigation, `<main id="main">`,
 * and the route's not-found heading, "Page not found" unless a nearer not-found.tsx says else), the app's (app/not-found.tsx: "Page not found" and "Go to
 * Boardkit", no board header), or something else (Next's bare default, a plain-text answer).
 * "Client-rendered only": Next.js's error shell (`<html id="__next_error__">`, nothing visible)
 * whose flight data holds that page, drawn only once JavaScript runs (vercel/next.js#62228).
 */
export function notFoundKind(html: string, boardName: string, heading = 'Page not found'): NotFoundKind {
  const document = parseDocument(html);
  const find = (test: (element: Element) => boolean) =>
    DomUtils.findAll(test, document.children) as Element[];
  const headings = find((element) => element.name === 'h1').map(text);
  if (!headings.includes(heading)) {
    const shell =
      find((element) => element.name === 'html' && element.attribs.id === '__next_error__').length > 0;
    if (!shell || !flightIsNotFound(html, heading)) return 'other';
    if (html.includes(boardName)) return 'board, client-rendered only';
    if (html.includes('Go to Boardkit')) return 'app, client-rendered only';
    return 'other';
  }
  const header = find((element) => element.name === 'header')[0];
  // The board's not-found pages sit inside its layout; the app's has no header.
  const mainNav = find((element) => element.name === 'nav' && element.attribs['aria-label'] === 'Main')[0];
  const main = find((element) => element.name === 'main' && element.attribs.id === 'main')[0];
  if (header && mainNav && main && text(header).includes(boardName)) return 'board';
  if (!header && text(document as unknown as Element).includes('Go to Boardkit')) return 'app';
  return 'other';
}

/**
 * A router (RSC) answer carrying a not-found page: Next.js answers `notFound()` in a flight
 * response with the not-found tree and the fallback error, whatever the status.
 */
export const flightIsNotFound = (body: string, heading = 'Page not found') =>
  body.includes('NEXT_HTTP_ERROR_FALLBACK;404') && body.includes(heading);

/** The visible heading(s) of a page, for failure messages. */
export function headingsOf(html: string): string[] {
  const document = parseDocument(html);
  return (DomUtils.findAll((element) => element.name === 'h1', document.children) as Element[]).map(text);
}

/** Parses XML strictly: a warning (say, an unclosed entity) is as fatal as an error. */
export function parseXml(xml: string): XmlDocument {
  const parser = new DOMParser({
    onError: (level, message) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  });
  return parser.parseFromString(xml, 'text/xml');
}

export const childElements = (parent: XmlElement | XmlDocument, name: string): XmlElement[] =>
  Array.from(parent.getElementsByTagName(name));

export const childText = (parent: XmlElement, name: string): string | undefined => {
  const found = Array.from(parent.childNodes).find(
    (node): node is XmlElement => node.nodeType === 1 && (node as XmlElement).tagName === name,
  );
  return found?.textContent ?? undefined;
};
