import { env } from '@/lib/core/env';
import { AppError, fileTooLarge } from '@/lib/core/errors';
import { type GuardedRequestOptions, guardedRequest, TargetError } from '@/lib/net';
import { DOWNLOAD_MAX_REDIRECTS, DOWNLOAD_TIMEOUT_MS, MAX_ASSET_BYTES } from './limits';

export interface Downloaded {
  bytes: Uint8Array;
  /** The last path segment of the URL that answered, when it has one. */
  filename?: string;
}

/**
 * Fetches a `source_url` through the SSRF guard: every hop (at most 3 redirects) is checked after
 * DNS resolution, the body stops at the size limit while it streams, and all of it within 20 s.
 */
export async function downloadSource(
  url: string,
  policy: Pick<
    GuardedRequestOptions,
    'allowPrivateNetwork' | 'allowHttp' | 'lookup' | 'isAllowedAddress'
  > = {},
): Promise<Downloaded> {
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest(url, {
      ...policy,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxRedirects: DOWNLOAD_MAX_REDIRECTS,
      maxResponseBytes: MAX_ASSET_BYTES + 1,
      headers: {
        accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8',
        'user-agent': `Boardkit/1.0 media import (+${env().APP_URL})`,
      },
    });
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    if (error.reason === 'invalid_url' || error.reason === 'blocked_target') {
      const message = `source_url cannot be downloaded: ${error.message}.`;
      throw new AppError('validation_error', message, [
        { location: 'body', field: 'source_url', path: ['source_url'], code: error.reason, message },
      ]);
    }
    throw new AppError('download_failed', `Downloading source_url failed: ${error.message}.`, {
      reason: error.reason,
    });
  }
  if (response.truncated) throw fileTooLarge(MAX_ASSET_BYTES);
  if (response.status < 200 || response.status > 299) {
    throw new AppError(
      'download_failed',
      `Downloading source_url failed: the server answered ${response.status}.`,
      {
        reason: 'http_status',
        status: response.status,
      },
    );
  }
  const segment = decodeURIComponentSafe(new URL(response.url).pathname.split('/').pop() ?? '');
  return { bytes: response.bytes, ...(segment ? { filename: segment.slice(0, 200) } : {}) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
