import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env, resetEnvCache } from '@/lib/core/env';
import {
  configuredKeyRing,
  createKeyRing,
  envelopeKeyId,
  masterKey,
  open,
  openSealed,
  SealedValueError,
  seal,
  sealSecret,
} from './crypto';

const newKey = () => randomBytes(32).toString('base64');
const oldKey = newKey();
const currentKey = newKey();
const ring = createKeyRing(currentKey);

/** Runs `fn` with these environment variables (undefined unsets one), then restores them. */
function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  apply(vars);
  try {
    return fn();
  } finally {
    apply(saved);
  }
}

/** Decodes the ciphertext part, flips one bit at `index` (negative: from the end), re-encodes. */
function flipCiphertextBit(envelope: string, index: number): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[3]!, 'base64url');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = bytes[at]! ^ 1;
  parts[3] = bytes.toString('base64url');
  return parts.join('.');
}

describe('seal and open', () => {
  it('round-trips any string under the current key, in a v1 envelope naming the key', () => {
    for (const plaintext of ['', 'sk_live_123', 'ünïcødé ✓ 🔑', 'x'.repeat(10_000)]) {
      const envelope = seal(ring, plaintext, 'secret:1:stripe');
      expect(envelope).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
      expect(envelopeKeyId(envelope)).toBe(ring.current.id);
      expect(open(ring, envelope, 'secret:1:stripe')).toBe(plaintext);
    }
  });

  it('derives the key id from the key bytes: the first 8 hex characters of their sha256', async () => {
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update(Buffer.from(currentKey, 'base64')).digest('hex').slice(0, 8);
    expect(masterKey(currentKey).id).toBe(expected);
  });

  it('uses a fresh nonce for every seal', () => {
    const envelopes = Array.from({ length: 20 }, () => seal(ring, 'same value', 'ctx'));
    expect(new Set(envelopes.map((envelope) => envelope.split('.')[2])).size).toBe(20);
    expect(new Set(envelopes).size).toBe(20);
  });

  it('does not contain the plaintext', () => {
    const envelope = seal(ring, 'hunter2-hunter2-hunter2', 'ctx');
    expect(envelope).not.toContain('hunter2');
    expect(Buffer.from(envelope.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('hunter2');
  });

  it('refuses to open a value under another context (a sealed value copied to another row)', () => {
    const envelope = seal(ring, 'value', 'secret:1:stripe');
    for (const context of ['secret:2:stripe', 'secret:1:stripe2', 'webhook:1', '']) {
      expect(() => open(ring, envelope, context)).toThrow(SealedValueError);
    }
  });

  it('refuses a tampered envelope', () => {
    const envelope = seal(ring, 'value', 'ctx');
    const [version, keyId, nonce, sealed] = envelope.split('.') as [string, string, string, string];
    const nonceBytes = Buffer.from(nonce, 'base64url');
    nonceBytes[0] = nonceBytes[0]! ^ 1;
    const tampered = [
      flipCiphertextBit(envelope, 0),
      flipCiphertextBit(envelope, -1),
      [version, keyId, nonceBytes.toString('base64url'), sealed].join('.'),
      [version, keyId, nonce, Buffer.from(sealed, 'base64url').subarray(1).toString('base64url')].join('.'),
    ];
    for (const value of tampered) {
      expect(() => open(ring, value, 'ctx')).toThrow(/does not open with master key .* altered/);
    }
    const malformed = [
      '',
      'plaintext',
      `v2.${keyId}.${nonce}.${sealed}`,
      `v1.${keyId}.${nonce}`,
      `v1.${keyId}.${nonce}.${sealed}.extra`,
      `v1.${keyId}.${nonce.slice(4)}.${sealed}`,
      `v1.${keyId}.${nonce}.${sealed.slice(0, 8)}`,
      `v1.${keyId}.${nonce}.${sealed}=`,
      `v1.XYZ.${nonce}.${sealed}`,
    ];
    for (const value of malformed) expect(() => open(ring, value, 'ctx')).toThrow(/is not a v1 envelope/);
  });

  it('opens values sealed under a previous key, and seals new ones under the current key', () => {
    const before = seal(createKeyRing(oldKey), 'old value', 'ctx');
    const rotated = createKeyRing(currentKey, [oldKey]);
    expect(open(rotated, before, 'ctx')).toBe('old value');
    expect(envelopeKeyId(seal(rotated, 'new value', 'ctx'))).toBe(masterKey(currentKey).id);
  });

  it('names an unknown key id, and never the value, when the key is not configured', () => {
    const envelope = seal(createKeyRing(oldKey), 'the-plaintext', 'secret:7:api');
    const error = (() => {
      try {
        open(ring, envelope, 'secret:7:api');
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(SealedValueError);
    expect(error?.message).toContain(`master key ${masterKey(oldKey).id}, which is not configured`);
    expect(error?.message).toContain('SECRETS_PREVIOUS_KEYS');
    expect(error?.message).not.toContain('the-plaintext');
    expect(error?.message).not.toContain(envelope.split('.')[3]);
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['base64url, not base64', `${'-_'.repeat(21)}A=`],
    ['hex', randomBytes(32).toString('hex')],
    ['empty', ''],
  ])('rejects a master key that is %s', (_case, key) => {
    expect(() => masterKey(key)).toThrow('32 bytes in base64, 44 characters');
  });
});

describe('the configured key ring', () => {
  afterEach(() => vi.restoreAllMocks());

  it('seals with SECRETS_ENCRYPTION_KEY and opens with SECRETS_PREVIOUS_KEYS too', () => {
    const sealedBefore = seal(createKeyRing(oldKey), 'rotated away', 'ctx');
    withEnv(
      { SECRETS_ENCRYPTION_KEY: currentKey, SECRETS_PREVIOUS_KEYS: ` ${newKey()}, ${oldKey} ,` },
      () => {
        const envelope = sealSecret('value', 'ctx');
        expect(envelopeKeyId(envelope)).toBe(masterKey(currentKey).id);
        expect(openSealed(envelope, 'ctx')).toBe('value');
        expect(openSealed(sealedBefore, 'ctx')).toBe('rotated away');
      },
    );
  });

  it.each([
    ['SECRETS_ENCRYPTION_KEY', { SECRETS_ENCRYPTION_KEY: 'not-a-key' }],
    ['SECRETS_ENCRYPTION_KEY', { SECRETS_ENCRYPTION_KEY: randomBytes(31).toString('base64') }],
    ['SECRETS_PREVIOUS_KEYS.1', { SECRETS_PREVIOUS_KEYS: `${oldKey},short` }],
  ])('rejects a bad %s at startup, without printing it', (variable, vars) => {
    withEnv(vars, () => {
      const error = (() => {
        try {
          env();
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error?.message).toContain(`${variable}: Must be 32 bytes in base64, 44 characters`);
      for (const value of Object.values(vars)) expect(error?.message).not.toContain(value);
    });
  });

  it('without SECRETS_ENCRYPTION_KEY outside Vercel, generates a key into .data once and warns once', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'boardkit-secrets-'));
    const cwd = process.cwd();
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.chdir(directory);
    try {
      const vars = { SECRETS_ENCRYPTION_KEY: undefined, VERCEL: undefined, LOG_LEVEL: 'info' };
      const first = withEnv(vars, () => ({
        id: configuredKeyRing().current.id,
        envelope: sealSecret('v', 'c'),
      }));
      const file = path.join(directory, '.data', 'secrets-encryption-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const stored = readFileSync(file, 'utf8');
      expect(first.id).toBe(masterKey(stored).id);
      // A new process (here: a re-read environment) reuses the file instead of making a new key.
      withEnv(vars, () => expect(openSealed(first.envelope, 'c')).toBe('v'));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/SECRETS_ENCRYPTION_KEY is not set.*development key/);
      expect(warn.mock.calls[0]![0]).not.toContain(stored);
    } finally {
      process.chdir(cwd);
    }
  });

  it('on Vercel without SECRETS_ENCRYPTION_KEY, fails where a secret is used and says what to set', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    withEnv({ SECRETS_ENCRYPTION_KEY: undefined, VERCEL: '1', LOG_LEVEL: 'info' }, () => {
      expect(env().VERCEL).toBe('1');
      expect(() => sealSecret('v', 'c')).toThrow('SECRETS_ENCRYPTION_KEY must be set on Vercel');
      expect(() => openSealed('v1.00000000.a.b', 'c')).toThrow(
        'SECRETS_ENCRYPTION_KEY must be set on Vercel',
      );
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
