import { fileTypeFromBuffer } from 'file-type';

export type ImageMime =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/avif'
  | 'image/svg+xml';

export const IMAGE_TYPES: Record<ImageMime, { extension: string; label: string }> = {
  'image/jpeg': { extension: 'jpg', label: 'JPEG' },
  'image/png': { extension: 'png', label: 'PNG' },
  'image/gif': { extension: 'gif', label: 'GIF' },
  'image/webp': { extension: 'webp', label: 'WebP' },
  'image/avif': { extension: 'avif', label: 'AVIF' },
  'image/svg+xml': { extension: 'svg', label: 'SVG' },
};

export const ACCEPTED_IMAGE_LABELS = Object.values(IMAGE_TYPES).map((type) => type.label);

const extensionToMime = new Map(
  Object.entries(IMAGE_TYPES).map(([mime, { extension }]) => [extension, mime as ImageMime]),
);

/** The type a stored object is served with, from the extension the service gave its key. */
export const mimeForKey = (key: string): string =>
  extensionToMime.get(key.slice(key.lastIndexOf('.') + 1)) ?? 'application/octet-stream';

export interface Sniffed {
  mime: ImageMime | null;
  /** What the bytes look like when they are not an accepted image, for the error message. */
  detected: string | null;
}

/**
 * Identifies a file from its bytes alone (magic numbers; for SVG, an `<svg>` root element). The
 * name and declared Content-Type are never trusted.
 */
export async function sniffImageType(bytes: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(bytes);
  // file-type reports SVG as generic XML (or not at all); the root element tells.
  if ((!found || found.mime === 'application/xml') && looksLikeSvg(bytes)) {
    return { mime: 'image/svg+xml', detected: 'image/svg+xml' };
  }
  if (found) {
    return found.mime in IMAGE_TYPES
      ? { mime: found.mime as ImageMime, detected: found.mime }
      : { mime: null, detected: found.mime };
  }
  return { mime: null, detected: null };
}

// The prolog an SVG file may open with: BOM, XML declaration, comments, a DOCTYPE, whitespace.
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/i;

function looksLikeSvg(bytes: Uint8Array): boolean {
  // The root element shows within the first few KB of any real SVG file.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return SVG_START.test(head);
}
