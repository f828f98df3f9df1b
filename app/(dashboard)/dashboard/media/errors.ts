import type { AppError } from '@/lib/core/errors';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import { ACCEPTED_IMAGE_LABELS, IMAGE_TYPES } from '@/lib/media/sniff';
import { formatBytes } from './format';

const acceptedList = `${ACCEPTED_IMAGE_LABELS.slice(0, -1).join(', ')} or ${ACCEPTED_IMAGE_LABELS.at(-1)}`;

/**
 * The service's messages speak to API users (`source_url`, MIME types); the dashboard says the same
 * thing in a board owner's words.
 */
export function describeMediaError(error: AppError): string {
  const details = (error.details ?? {}) as { detected?: string | null; status?: number };
  switch (error.code) {
    case 'file_too_large':
      return `This file is larger than ${formatBytes(MAX_ASSET_BYTES)}, the most an image may weigh. Make it smaller and try again.`;
    case 'unsupported_media_type':
      // An accepted type that still failed (a damaged file, an SVG we cannot clean) has its own reason.
      if (details.detected && details.detected in IMAGE_TYPES) return error.message;
      return `This is not an image type we accept. Use ${acceptedList}.`;
    case 'download_failed':
      return details.status
        ? `We could not download an image from that address: the site answered ${details.status}.`
        : 'We could not download an image from that address. Check it opens in your browser and try again.';
    case 'validation_error':
      return error.message.startsWith('source_url')
        ? 'That address cannot be used: it must be a public https:// address of an image.'
        : error.message;
    default:
      return error.message;
  }
}
