// The app under test as it is deployed: `npm start` (server.mjs) on an existing production build
// (NEXT_DIST_DIR, default .next), `npm run db:migrate` and `npm run admin` against the fault cluster.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment the app, its migrations and its admin CLI share; no developer .data is touched. */
export function appEnvironment(databaseUrl: string, dir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_DRIVER: 'pg',
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    CRON_SECRET: randomBytes(16).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('base64'),
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    MEDIA_DIR: path.join(dir, 'media'),
    LOG_LEVEL: 'info',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

function npm(args: string[], env: Record<string, string>): string {
  return execFileSync('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface FaultOrganization {
  id: number;
  slug: string;
  apiKey: string;
  ownerEmail: string;
}

/**
 * `npm run db:migrate`, then an organization with an owner (for a dashboard session) and a key
 * whose rate limits the load cannot reach.
 */
export function prepareDatabase(env: Record<string, string>, slug: string): FaultOrganization {
  npm(['run', '--silent', 'db:migrate'], env);
  const ownerEmail = `owner@${slug}.example`;
  const created = JSON.parse(
    npm(
      ['run', '--silent', 'admin', '--', 'org:create', '--name', `Fault ${slug}`, '--slug', slug].concat([
        '--owner-email',
        ownerEmail,
        '--json',
      ]),
      env,
    ),
  ) as { organization: { id: number; slug: string }; api_key: string };
  npm(
    ['run', '--silent', 'admin', '--', 'org:limits', '--org', slug, '--get', '100000', '--post', '100000'],
    env,
  );
  return { id: created.organization.id, slug, apiKey: created.api_key, ownerEmail };
}

/** A dashboard session of `userId`: the cookie next-auth would set after sign-in (a JWT session). */
export async function sessionCookie(env: Record<string, string>, userId: string, email: string) {
  const { encode } = await import('next-auth/jwt');
  const salt = 'authjs.session-token';
  const token = await encode({ token: { sub: userId, email }, secret: env.AUTH_SECRET!, salt });
  return `${salt}=${token}`;
}

/** One `node server.mjs` process; its output goes to a log file, its pid to a file ci.sh's trap reads. */
export class AppServer {
  readonly baseUrl: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private readonly pidFile: string;
  readonly logFile: string;

  constructor(
    dir: string,
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.pidFile = path.join(dir, 'server.pid');
    this.logFile = path.join(dir, 'server.log');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and waits until /api/health answers 200 (the database is reachable). */
  async start(timeoutMs = 60_000): Promise<void> {
    const distDir = this.env.NEXT_DIST_DIR ?? '.next';
    if (!existsSync(path.join(repoRoot, distDir, 'BUILD_ID'))) {
      throw new Error(`No production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\`.`);
    }
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['server.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), NODE_ENV: 'production' },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    writeFileSync(this.pidFile, `${child.pid}\n`);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`The server exited (${child.exitCode}); see ${this.logFile}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {}
      await sleep(200);
    }
    throw new Error(`The server did not become healthy within ${timeoutMs} ms; see ${this.logFile}`);
  }

  /** Ends the process with a signal and waits for it to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await this.exited;
  }

  /** SIGTERM, then SIGKILL if it lingers; for cleanup. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const gone = await Promise.race([this.exited!.then(() => true), sleep(5_000).then(() => false)]);
    if (!gone) await this.kill('SIGKILL');
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything the server wrote. */
  logText(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** The JSON lines the server logged (request lines, warnings, errors). */
  logLines(): Record<string, unknown>[] {
    return this.logText()
      .split('\n')
      .flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  }
}
