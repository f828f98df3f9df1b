// Alt text for content images at render time. Stored content keeps `img` with `src` only (the
// spec's allow-list); the page that shows it gives each image the alt its caller knows, else an
// empty one, which tells assistive technology the image is decoration.
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/** The `src` of every image in sanitized content HTML, once each. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'img' && attributes.src) sources.add(attributes.src);
    },
  });
  parser.write(html);
  parser.end();
  return [...sources];
}

/**
 * Sanitized content HTML with an `alt` on every image: the text `alts` holds for its `src`, else
 * empty. Everything else passes through as it is (the HTML was sanitized when it was saved).
 */
export function withImageAlts(html: string, alts: ReadonlyMap<string, string>): string {
  if (!html.includes('<img')) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Empty values mean something here: `alt=""` (decoration) and `sandbox=""` (no flags).
    nonBooleanAttributes: [],
    transformTags: {
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, alt: alts.get(attribs.src ?? '') ?? '' },
      }),
    },
  });
}
