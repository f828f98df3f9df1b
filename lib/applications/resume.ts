// Resumes uploaded on the board: private files (never on the CDN), read through links that carry
// an HMAC signature and an expiry, so a link in an email or a webhook stops working after a while.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret, env } from '@/lib/core/env';
import { LocalDiskStorage } from '@/lib/media';

export const RESUME_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

let storage: LocalDiskStorage | undefined;

/** Private files live on local disk under PRIVATE_FILES_DIR, outside everything the app serves. */
export function privateFiles(): LocalDiskStorage {
  storage ??= new LocalDiskStorage(env().PRIVATE_FILES_DIR);
  return storage;
}

const signature = (applicationId: string, expires: number) =>
  createHmac('sha256', authSecret()).update(`resume:${applicationId}:${expires}`).digest('base64url');

/** `{APP_URL}/api/applications/{id}/resume?expires=…&signature=…`, valid for a week from `now`. */
export function resumeLink(applicationId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + RESUME_LINK_TTL_SECONDS;
  const base = env().APP_URL.replace(/\/+$/, '');
  return `${base}/api/applications/${applicationId}/resume?expires=${expires}&signature=${signature(applicationId, expires)}`;
}

export type ResumeLinkCheck = 'valid' | 'expired' | 'invalid';

export function checkResumeLink(
  applicationId: string,
  expires: string | null,
  given: string | null,
  now = Date.now(),
): ResumeLinkCheck {
  const seconds = Number(expires);
  if (!Number.isInteger(seconds) || !given) return 'invalid';
  const expected = Buffer.from(signature(applicationId, seconds));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return seconds * 1000 < now ? 'expired' : 'valid';
}
