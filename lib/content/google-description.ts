// A job description as Google for Jobs reads it: the stored, sanitized HTML cut down to the tags
// Google's JobPosting guidelines name for `description`, the rest unwrapped to readable text.
import sanitizeHtml from 'sanitize-html';

/**
 * The tags Google reads in a JobPosting `description`: "<p>, <ul>, <li>, and headings <h1> through
 * <h5>", "character-level formatting tags such as <strong> and <em>", and <br> for line breaks.
 */
export const GOOGLE_DESCRIPTION_TAGS = ['p', 'br', 'ul', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'strong', 'em'];

/**
 * Content HTML with only Google's description tags: an ordered list becomes a list, an `h6` an
 * `h5`, a code block a paragraph; tables, quotes, links and spans keep their text (table cells are
 * paragraphs already); images, embeds and rules, which carry no text, go.
 */
export function googleDescriptionHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: GOOGLE_DESCRIPTION_TAGS,
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'],
    transformTags: { ol: 'ul', h6: 'h5', pre: 'p' },
    // A code block's `<code>` is unwrapped inside its paragraph; its line breaks stay as `\n`.
    exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren.length,
  });
}
