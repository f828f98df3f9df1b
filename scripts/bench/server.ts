// The app under test: `next build` into its own directory and `npm start` (server.mjs) on a free port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { distDir } from './config';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `next build` into .next-bench; whatever it rewrites in tsconfig.json or next-env.d.ts goes back. */
export function build(env: NodeJS.ProcessEnv): void {
  const keep = ['tsconfig.json', 'next-env.d.ts'].map((file) => ({
    file,
    text: existsSync(file) ? readFileSync(file, 'utf8') : undefined,
  }));
  console.log(`Building into ${distDir} (BENCH_SKIP_BUILD=1 skips this)...`);
  const started = performance.now();
  const result = spawnSync('node_modules/.bin/next', ['build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const { file, text } of keep) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (now === text) continue;
    if (text === undefined) rmSync(file);
    else writeFileSync(file, text);
  }
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error('next build failed');
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

export interface Server {
  baseUrl: string;
  pid: number;
  stop(): void;
}

function startCommand(): string[] {
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  return packageJson.scripts.start.split(/\s+/);
}

export async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  // `npm start`'s command line, run directly so that the measured process tree holds no npm; the load
  // spreads over client addresses in X-Forwarded-For, as one proxy would.
  const [command, ...args] = startCommand();
  const child = spawn(command!, args, {
    env: { ...env, PORT: String(port), TRUSTED_PROXY_COUNT: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const stop = () => {
    if (exited || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240 && !exited; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/bench/floor`)).ok) return { baseUrl, pid: child.pid!, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`npm start did not answer on ${baseUrl}/bench/floor`);
}
