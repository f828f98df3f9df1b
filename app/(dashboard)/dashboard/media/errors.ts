import { formatBytes } from '@/components/media/format';
import type { AppError } from '@/lib/core/errors';
import { listText } from '@/lib/core/format';
import { type FormErrorRules, formMessage } from '@/lib/forms';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import { ACCEPTED_IMAGE_LABELS, IMAGE_TYPES } from '@/lib/media/sniff';

const acceptedList = listText(ACCEPTED_IMAGE_LABELS, 'or');

/** What the service adds to a refusal of a file or a download (not a list of field details). */
const detailsOf = (error: AppError) => (error.details ?? {}) as { detected?: string | null; status?: number };

/**
 * The service's messages speak to API users (`source_url`, MIME types); the dashboard says the same
 * thing in a board owner's words.
 */
export const mediaErrorRules: FormErrorRules = {
  words: {
    file_too_large: `This file is larger than ${formatBytes(MAX_ASSET_BYTES)}, the most an image may weigh. Make it smaller and try again.`,
    unsupported_media_type: (error) => {
      // An accepted type that still failed (a damaged file, an SVG we cannot clean) has its own reason.
      const { detected } = detailsOf(error);
      return detected && detected in IMAGE_TYPES
        ? error.message
        : `This is not an image type we accept. Use ${acceptedList}.`;
    },
    download_failed: (error) => {
      const { status } = detailsOf(error);
      return status
        ? `We could not download an image from that address: the site answered ${status}.`
        : 'We could not download an image from that address. Check it opens in your browser and try again.';
    },
  },
  fieldWords: {
    source_url: 'That address cannot be used: it must be a public https:// address of an image.',
  },
};

/** A refusal as one message for the library and the picker; anything but an AppError is rethrown. */
export const describeMediaError = (error: unknown) => formMessage(error, mediaErrorRules);
