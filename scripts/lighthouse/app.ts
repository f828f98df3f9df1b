// The production build (`npm run build`) served by `node server.mjs` on a free port, on a fresh
// embedded database in a temporary directory, seeded with the demo board, plus a dashboard session.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeededBoard } from './seed';

export interface RunningApp extends SeededBoard {
  appUrl: string;
  /** `name=value` of the owner's session cookie, for the dashboard pages. */
  sessionCookie: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export async function startApp(): Promise<RunningApp> {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
    throw new Error(`No production build in ${path.join(root, '.next')}: run \`npm run build\` first.`);
  const dir = await mkdtemp(path.join(tmpdir(), 'boardkit-lighthouse-'));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  // Everything the server keeps goes to the temporary directory, and the secrets it would otherwise
  // generate under .data are given: a developer's own .data stays untouched.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: appUrl,
    PGLITE_DATA_DIR: path.join(dir, 'pglite'),
    MAIL_DIR: path.join(dir, 'mail'),
    MEDIA_DIR: path.join(dir, 'media'),
    PRIVATE_FILES_DIR: path.join(dir, 'private'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error',
  };
  // The embedded database and path-mode boards ({APP_URL}/b/{slug}), whatever the shell has set.
  const unset = [
    'DATABASE_URL',
    'DATABASE_DRIVER',
    'DATABASE_LISTEN_URL',
    'BOARD_ROOT_DOMAIN',
    'CDN_URL',
    'BLOB_READ_WRITE_TOKEN',
    'UPSTASH_REDIS_REST_URL',
    'UPSTASH_REDIS_REST_TOKEN',
    'SMTP_URL',
    'RESEND_API_KEY',
  ];
  for (const name of unset) delete env[name];

  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Seeded in this process with the server's environment, before the server opens the database.
    Object.assign(process.env, env);
    for (const name of unset) delete process.env[name];
    const { seedAuditedPages, owner } = await import('./seed');
    const seeded = await seedAuditedPages();

    const logFile = path.join(dir, 'server.log');
    const log = createWriteStream(logFile);
    server = spawn(process.execPath, ['server.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.pipe(log);
    server.stderr!.pipe(log);
    await waitForHealth(appUrl, server, async () => readFile(logFile, 'utf8').catch(() => ''));
    const sessionCookie = await signIn(appUrl, owner.email, owner.password);
    return { appUrl, ...seeded, sessionCookie, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(appUrl: string, server: ChildProcess, log: () => Promise<string>) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`node server.mjs exited (${server.exitCode}):\n${(await log()).slice(-4000)}`);
    const ok = await fetch(`${appUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`node server.mjs did not answer /api/health within 120 s:\n${(await log()).slice(-4000)}`);
}

const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);

/**
 * Signs in with email and password through next-auth's credentials endpoint (what the sign-in
 * form's action calls) and checks that the session opens the dashboard.
 */
async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiePairs(csrf).join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${appUrl}/dashboard` }),
  });
  const session = cookiePairs(callback).find((pair) => /^(__Secure-)?authjs\.session-token=/.test(pair));
  if (!session)
    throw new Error(
      `Sign-in as ${email} set no session cookie (HTTP ${callback.status}, ${callback.headers.get('location')}).`,
    );
  const dashboard = await fetch(`${appUrl}/dashboard`, { headers: { cookie: session }, redirect: 'manual' });
  if (dashboard.status !== 200)
    throw new Error(
      `The session did not open /dashboard: HTTP ${dashboard.status} ${dashboard.headers.get('location') ?? ''}`,
    );
  return session;
}
