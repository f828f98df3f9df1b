// Tokens for links in email that must work without a session: the fields, an optional expiry and an
// HMAC-SHA256 over both and the token's purpose, keyed with the app secret. Fields are base64url, so
// the token is URL-safe and its parts never contain the separator.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from './env';

const encode = (value: string) => Buffer.from(value).toString('base64url');
const decode = (value: string) => Buffer.from(value, 'base64url').toString();
const sign = (purpose: string, body: string) =>
  createHmac('sha256', authSecret()).update(`${purpose}:${body}`).digest('base64url');

/** A token for `purpose` carrying `fields`; it stops working at `expiresAt` when given. */
export function signToken(purpose: string, fields: string[], expiresAt?: Date): string {
  const body = [...fields.map(encode), expiresAt ? String(Math.floor(expiresAt.getTime() / 1000)) : ''].join(
    '.',
  );
  return `${body}.${sign(purpose, body)}`;
}

export type TokenCheck = { ok: true; fields: string[] } | { ok: false; reason: 'invalid' | 'expired' };

/** The fields of a token signed for `purpose`, or why it cannot be used. */
export function readToken(purpose: string, token: string, now = new Date()): TokenCheck {
  const parts = token.split('.');
  if (parts.length < 3) return { ok: false, reason: 'invalid' };
  const signature = parts.pop()!;
  const expires = parts.pop()!;
  const body = [...parts, expires].join('.');
  const expected = Buffer.from(sign(purpose, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expires && Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, fields: parts.map(decode) };
}
