import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Env, env, secretsMasterKeySchema } from '@/lib/core/env';

/**
 * Sealing of stored secrets (vault values, webhook signing secrets): AES-256-GCM under a master key
 * from the environment. An envelope is `v1.<keyId>.<nonce>.<ciphertext+tag>` (base64url parts);
 * the key id lets older keys (SECRETS_PREVIOUS_KEYS) still open what they sealed after a rotation.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const base64url = /^[A-Za-z0-9_-]+$/;
const keyIdPattern = /^[0-9a-f]{8}$/;

export interface MasterKey {
  /** First 8 hex characters of sha256(key bytes): derived, so no one has to invent ids. */
  id: string;
  bytes: Buffer;
}

export interface KeyRing {
  /** Seals every new value. */
  current: MasterKey;
  /** Every key that may open an envelope, by id (the current one included). */
  byId: ReadonlyMap<string, MasterKey>;
}

/** Thrown when an envelope cannot be opened. Messages name key ids and contexts, never values. */
export class SealedValueError extends Error {
  override name = 'SealedValueError';
}

export function masterKey(base64: string): MasterKey {
  if (!secretsMasterKeySchema.safeParse(base64).success) {
    throw new Error(
      'A secrets master key must be 32 bytes in base64, 44 characters (openssl rand -base64 32).',
    );
  }
  const bytes = Buffer.from(base64, 'base64');
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

export function createKeyRing(current: string, previous: readonly string[] = []): KeyRing {
  const currentKey = masterKey(current);
  const byId = new Map(previous.map((key) => masterKey(key)).map((key) => [key.id, key]));
  byId.set(currentKey.id, currentKey);
  return { current: currentKey, byId };
}

/** Encrypts `plaintext` under the ring's current key, bound to `context` (GCM additional data). */
export function seal(ring: KeyRing, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.bytes, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, ring.current.id, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The id of the master key that sealed this envelope, or undefined when it is not an envelope. */
export function envelopeKeyId(envelope: string): string | undefined {
  const [version, keyId] = envelope.split('.');
  return version === VERSION && keyId !== undefined && keyIdPattern.test(keyId) ? keyId : undefined;
}

/** Decrypts an envelope sealed for this `context`; throws SealedValueError otherwise. */
export function open(ring: KeyRing, envelope: string, context: string): string {
  const parts = envelope.split('.');
  const keyId = envelopeKeyId(envelope);
  const [, , nonceText = '', sealedText = ''] = parts;
  if (parts.length !== 4 || !keyId || !base64url.test(nonceText) || !base64url.test(sealedText)) {
    throw new SealedValueError(`The sealed value for ${context} is not a ${VERSION} envelope.`);
  }
  const key = ring.byId.get(keyId);
  if (!key) {
    throw new SealedValueError(
      `The sealed value for ${context} was sealed with master key ${keyId}, which is not configured: add that key to SECRETS_PREVIOUS_KEYS.`,
    );
  }
  const nonce = Buffer.from(nonceText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES) {
    throw new SealedValueError(`The sealed value for ${context} is not a ${VERSION} envelope.`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SealedValueError(
      `The sealed value for ${context} does not open with master key ${keyId}: it was altered, or sealed for another context.`,
    );
  }
}

let configured: { env: Env; ring: KeyRing } | undefined;
/** Each warning is printed once per process. */
const warned = new Set<string>();

/** The key ring the environment describes; rebuilt when the environment is re-read (tests). */
export function configuredKeyRing(): KeyRing {
  const config = env();
  if (configured?.env !== config) {
    const current = config.SECRETS_ENCRYPTION_KEY ?? generatedKey(config);
    configured = { env: config, ring: createKeyRing(current, config.SECRETS_PREVIOUS_KEYS) };
  }
  return configured.ring;
}

export const sealSecret = (plaintext: string, context: string): string =>
  seal(configuredKeyRing(), plaintext, context);

export const openSealed = (envelope: string, context: string): string =>
  open(configuredKeyRing(), envelope, context);

/**
 * Without SECRETS_ENCRYPTION_KEY, like AUTH_SECRET: a random key persisted under .data, with a loud
 * warning (losing that file loses every sealed value); on Vercel, whose disk does not persist, an error.
 * Only reached when a value is sealed or opened, so builds and the other routes never need the key.
 */
function generatedKey(config: Env): string {
  if (config.VERCEL) {
    const message =
      'SECRETS_ENCRYPTION_KEY must be set on Vercel (openssl rand -base64 32): vault secrets and webhook signing secrets cannot be sealed or opened without it.';
    warn(config, message);
    throw new Error(message);
  }
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'secrets-encryption-key');
  const key = readOrCreateKeyFile(file);
  warn(
    config,
    config.NODE_ENV === 'production'
      ? `WARNING: SECRETS_ENCRYPTION_KEY is not set. Secrets are sealed with a key generated into ${file}; if that file is lost, every stored secret is lost. Set SECRETS_ENCRYPTION_KEY (openssl rand -base64 32).`
      : `WARNING: SECRETS_ENCRYPTION_KEY is not set. Using a development key generated into ${file}. Set SECRETS_ENCRYPTION_KEY (openssl rand -base64 32) in production.`,
  );
  return key;
}

function readOrCreateKeyFile(file: string): string {
  if (!existsSync(file)) createKeyFile(file);
  const key = readFileSync(file, 'utf8').trim();
  if (!secretsMasterKeySchema.safeParse(key).success) {
    throw new Error(
      `${file} does not hold a secrets master key (32 bytes in base64). Restore it or set SECRETS_ENCRYPTION_KEY.`,
    );
  }
  return key;
}

function createKeyFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and linked into place: link() fails if another process created the file first,
  // so concurrent first uses agree on one key and nobody reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, randomBytes(32).toString('base64'), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function warn(config: Env, message: string): void {
  if (warned.has(message) || config.LOG_LEVEL === 'silent') return;
  warned.add(message);
  console.error(message);
}
