import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '@/db/pglite-lock';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** Runs the admin CLI as `npm run admin` does, against a throwaway embedded database. */
function admin(dataDir: string, ...args: string[]) {
  return run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
}

describe('npm run admin', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-admin-')), 'pglite');

  it('org:create --json prints one JSON line with the organization and a working key', {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await admin(dataDir, 'org:create', '--name', 'Acme', '--slug', 'acme', '--json');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0]!);
    expect(output).toEqual({
      organization: { id: 1, slug: 'acme', name: 'Acme' },
      api_key: expect.stringMatching(/^bk_/),
    });

    const created = JSON.parse(
      (
        await admin(
          dataDir,
          'apikey:create',
          '--org',
          'acme',
          '--name',
          'CI',
          '--scope',
          'read_only',
          '--json',
        )
      ).stdout,
    );
    expect(created).toMatchObject({ name: 'CI', scope: 'read_only', api_key: expect.stringMatching(/^bk_/) });

    const revoked = await admin(dataDir, 'apikey:revoke', '--org', 'acme', '--prefix', created.prefix);
    expect(revoked.stdout).toContain('Revoked 1 key');
    const listed = JSON.parse((await admin(dataDir, 'apikey:list', '--org', 'acme', '--json')).stdout);
    expect(listed).toHaveLength(2);
    expect(listed.find((key: { prefix: string }) => key.prefix === created.prefix).revoked_at).not.toBeNull();
  });

  it('fails clearly on bad input and on a taken slug', { timeout: 60_000 }, async () => {
    await expect(
      admin(dataDir, 'org:create', '--name', 'Acme', '--slug', 'acme', '--json'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("slug 'acme' is already taken"),
    });
    await expect(admin(dataDir, 'org:create', '--slug', 'x y')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--name is required'),
    });
  });

  it('says so when the embedded database is in use', { timeout: 60_000 }, async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      await expect(admin(dataDir, 'org:create', '--name', 'Other', '--json')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`is in use by process ${process.pid}`),
      });
    } finally {
      release();
    }
  });
});
