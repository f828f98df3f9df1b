// A throwaway PostgreSQL cluster of the fault tests' own: they stop, crash and restart it, which must
// never happen to the shared server on 5432. initdb and pg_ctl refuse to run as root, so as root they
// run as the postgres user, in a directory it owns.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * initdb, pg_ctl: as postgres when we are root, as ourselves otherwise. Asynchronous, so the load
 * the tests drive keeps running while the server stops and starts.
 */
function runPg(tool: string, args: string[], cwd: string): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
    : [path.join(bin, tool), args];
  return new Promise((resolve, reject) => {
    execFile(command, argv, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${tool} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

export type StopMode = 'fast' | 'immediate';

export class Cluster {
  readonly dataDir: string;
  readonly logFile: string;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, 'data');
    this.logFile = path.join(dir, 'postgres.log');
  }

  /** postgres:// URL of a database of this cluster. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates the cluster: trust auth, loopback only, its socket in its own directory. */
  async init(): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      chownSync(this.dir, uid, gid);
    }
    await runPg(
      'initdb',
      ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
      this.dir,
    );
    // fsync off: only the server's processes die in these tests, never the machine, so the page
    // cache keeps every committed write. Crash recovery (immediate stop) still replays the WAL.
    const settings = [
      `port = ${this.port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${this.dir}'`,
      'max_connections = 60',
      'fsync = off',
      'full_page_writes = off',
      `log_min_messages = warning`,
    ];
    writeFileSync(path.join(this.dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      chownSync(path.join(this.dataDir, 'postgresql.auto.conf'), uid, gid);
    }
  }

  start(): Promise<string> {
    return runPg('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', 'start'], this.dir);
  }

  /** `fast`: backends are terminated (57P01) and the server shuts down cleanly; `immediate`: a crash. */
  stop(mode: StopMode): Promise<string> {
    return runPg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop'], this.dir);
  }

  /** Stops the cluster if it runs; for cleanup, never throws. */
  async stopQuietly(): Promise<void> {
    try {
      await runPg('pg_ctl', ['-D', this.dataDir, 'status'], this.dir);
    } catch {
      return;
    }
    await this.stop('immediate').catch(() => {});
  }

  /** Runs one statement on a fresh connection (the app's pool is the server's, not ours). */
  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
