// The content pipeline's public module: Tiptap JSON or HTML in, sanitized HTML and plain text out.
export { ContentError, normalizeContent } from './pipeline';
