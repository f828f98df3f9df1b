// The content pipeline's public module: Tiptap JSON or HTML in, sanitized HTML and plain text out.
export { GOOGLE_DESCRIPTION_TAGS, googleDescriptionHtml } from './google-description';
export { imageSources, withImageAlts } from './image-alts';
export { ContentError, normalizeContent } from './pipeline';
