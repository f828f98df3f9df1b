import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A master key of the secrets vault: 32 random bytes in base64, as `openssl rand -base64 32` prints. */
export const secretsMasterKeySchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, {
  error: 'Must be 32 bytes in base64, 44 characters (openssl rand -base64 32)',
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  // Where the app is reached; default http://localhost:{PORT}. Boards live at {APP_URL}/b/{slug}
  // unless BOARD_ROOT_DOMAIN or a verified custom domain says otherwise.
  APP_URL: optionalString.pipe(z.url().optional()),
  // Boards at https://{slug}.{BOARD_ROOT_DOMAIN} (a wildcard DNS record pointing at the app).
  BOARD_ROOT_DOMAIN: optionalString.transform((value) => value?.toLowerCase().replace(/^\.+|\.+$/g, '')),
  // Where custom domains point their CNAME; default the APP_URL host unless that is an IP or localhost.
  BOARD_CNAME_TARGET: optionalString,
  // Outgoing mail: smtp(s)://user:pass@host:port; unset, mail is written to the dev mailbox under MAIL_DIR.
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: optionalString,
  MAIL_DIR: z.string().default('.data/mail'),
  // Or Resend's HTTP API (used when SMTP_URL is unset); RESEND_API_URL is for tests and proxies.
  RESEND_API_KEY: optionalString,
  RESEND_API_URL: z.url().default('https://api.resend.com'),
  // IndexNow: with a key (8–128 letters, digits or dashes), job pages are announced to search engines
  // as they are published, changed or expire; each board serves the key at {board_url}/{key}.txt.
  INDEXNOW_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{8,128}$/, { error: 'Must be 8 to 128 letters, digits or dashes' })
      .optional(),
  ),
  INDEXNOW_ENDPOINT: z.url().default('https://api.indexnow.org/indexnow'),
  // Rendered board pages kept in memory on a long-running server (npm start), in MB; 0 turns it off.
  // Pages are kept gzipped (8 KB for a home page of 72 KB): 16 MB holds about 2,000.
  BOARD_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(16),
  // Set by server.mjs (npm start) to its own loopback address: the page cache renders through it.
  BOARDKIT_SERVER_ORIGIN: optionalString.pipe(z.url().optional()),
  // Private uploads (resumes): never served from the CDN, read through signed links.
  PRIVATE_FILES_DIR: z.string().default('.data/private'),
  DATABASE_URL: optionalString,
  DATABASE_DRIVER: z.enum(['pglite', 'pg', 'neon']).optional(),
  DATABASE_LISTEN_URL: optionalString,
  PGLITE_DATA_DIR: z.string().default('.data/pglite'),
  AUTH_SECRET: optionalString,
  AUTH_GITHUB_ID: optionalString,
  AUTH_GITHUB_SECRET: optionalString,
  AUTH_GOOGLE_ID: optionalString,
  AUTH_GOOGLE_SECRET: optionalString,
  SECRETS_ENCRYPTION_KEY: optionalString.pipe(secretsMasterKeySchema.optional()),
  SECRETS_PREVIOUS_KEYS: optionalString
    .transform((value) => (value ?? '').split(',').flatMap((key) => key.trim() || []))
    .pipe(z.array(secretsMasterKeySchema)),
  // redis:// or rediss://: rate limits shared by every instance of a self-hosted deployment.
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  UPSTASH_REDIS_REST_URL: optionalString,
  UPSTASH_REDIS_REST_TOKEN: optionalString,
  // Lets outbound requests to customer URLs (webhooks) reach http: and private/loopback addresses.
  ALLOW_PRIVATE_NETWORK_TARGETS: optionalString.pipe(z.stringbool().default(false)),
  // Base URL of hosted media (asset `url`s); default {APP_URL}/cdn. Images in page content elsewhere
  // are reported in `warnings`.
  CDN_URL: optionalString.pipe(z.url().optional()),
  // Stores media in Vercel Blob instead of on local disk under MEDIA_DIR.
  BLOB_READ_WRITE_TOKEN: optionalString,
  MEDIA_DIR: z.string().default('.data/media'),
  // Hosts whose iframes in page content may run scripts (sandbox allow-scripts allow-same-origin allow-popups).
  CONTENT_IFRAME_HOSTS: optionalString.transform((value) =>
    (value ?? '').split(',').flatMap((host) => host.trim().toLowerCase() || []),
  ),
  // A Nominatim-compatible geocoder (https://nominatim.openstreetmap.org or your own); unset: the offline gazetteer.
  GEOCODER_URL: optionalString.pipe(z.url().optional()),
  // Sent as User-Agent to the geocoder, as Nominatim's usage policy asks; default `Boardkit/1.0 (+APP_URL)`.
  GEOCODER_USER_AGENT: optionalString,
  // Milliseconds before a geocoder request is abandoned (the gazetteer answers instead).
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Vercel Cron sends it as `Authorization: Bearer <CRON_SECRET>` to /api/cron/webhooks.
  CRON_SECRET: optionalString,
  LOG_LEVEL: z.enum(['info', 'error', 'silent']).default('info'),
  // Proxies in front of the app that append to X-Forwarded-For; 0: clients connect directly, and
  // their address is the TCP peer's. Ignored on Vercel, whose own headers are used.
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  VERCEL: optionalString,
});

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

let cached: Env | undefined;

/** Every environment variable the app reads, parsed once. */
export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
    }
    cached = { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
  }
  return cached;
}

/** Test hook: re-read process.env on the next call. */
export function resetEnvCache(): void {
  cached = undefined;
}

export type DatabaseDriver = 'pglite' | 'pg' | 'neon';

export function databaseDriver(config: Env = env()): DatabaseDriver {
  if (config.DATABASE_DRIVER) return config.DATABASE_DRIVER;
  if (!config.DATABASE_URL) return 'pglite';
  const host = safeHost(config.DATABASE_URL);
  return host?.endsWith('.neon.tech') || host?.endsWith('.neon.build') ? 'neon' : 'pg';
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * next-auth needs a secret to sign sessions. Deployments set AUTH_SECRET; a laptop or a fresh
 * clone gets a random one persisted under .data so sessions survive restarts.
 */
export function authSecret(config: Env = env()): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.VERCEL) throw new Error('AUTH_SECRET must be set on Vercel (openssl rand -base64 32).');
  const file = path.join(process.cwd(), '.data', 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
