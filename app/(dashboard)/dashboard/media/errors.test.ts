import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { downloadSource } from '@/lib/media/download';
import { describeMediaError } from './errors';

describe('describeMediaError', () => {
  it('says how large an image may be', () => {
    const error = new AppError('file_too_large', 'The file exceeds the upload limit of 15 MB.');
    expect(describeMediaError(error)).toMatch(/larger than 15 MB, the most an image may weigh/);
  });

  it('lists the accepted types when the file is not an image', () => {
    const error = new AppError(
      'unsupported_media_type',
      'Only … images can be uploaded (the file is application/pdf).',
      {
        detected: 'application/pdf',
      },
    );
    expect(describeMediaError(error)).toBe(
      'This is not an image type we accept. Use JPEG, PNG, GIF, WebP, AVIF or SVG.',
    );
  });

  it('keeps the specific reason when an accepted type cannot be used', () => {
    const message = 'The file looks like PNG but cannot be used: truncated data.';
    const error = new AppError('unsupported_media_type', message, { detected: 'image/png' });
    expect(describeMediaError(error)).toBe(message);
  });

  it('explains a failed download without API field names', async () => {
    expect(
      describeMediaError(
        new AppError('download_failed', 'Downloading source_url failed: …', { status: 404 }),
      ),
    ).toBe('We could not download an image from that address: the site answered 404.');
    expect(describeMediaError(new AppError('download_failed', '…', { reason: 'timeout' }))).toMatch(
      /^We could not download an image from that address\. /,
    );
    const refused = await downloadSource('https://10.0.0.1/logo.png', { allowPrivateNetwork: false }).catch(
      (error: unknown) => error,
    );
    expect(describeMediaError(refused)).toBe(
      'That address cannot be used: it must be a public https:// address of an image.',
    );
  });
});
