import { createHmac, randomBytes } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function generateWebhookSecret(): string {
  return WHSEC_PREFIX + randomBytes(24).toString('base64');
}

/** The HMAC key: a `whsec_` secret's decoded bytes, any other secret's UTF-8 bytes. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX)
    ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** A `whsec_` secret must carry canonical base64 of at least 16 bytes; others only must not be empty. */
export function secretProblem(secret: string): string | undefined {
  if (!secret.startsWith(WHSEC_PREFIX)) return secret.length === 0 ? 'The secret is empty.' : undefined;
  const encoded = secret.slice(WHSEC_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) return 'A `whsec_` secret must be followed by base64.';
  if (key.length < 16) return 'A `whsec_` secret must hold at least 16 bytes.';
  return undefined;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` per secret,
 * space-separated (two during a rotation's overlap).
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
    )
    .join(' ');
}
