import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, EmbeddedDatabaseLockedError } from './pglite-lock';

const dataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-lock-')), 'pglite');

describe('embedded database lock', () => {
  it('writes a pid file and removes it on release', () => {
    const dir = dataDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a data directory another live process holds, naming it', async () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(`${dir}.lock`, String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(EmbeddedDatabaseLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(`${dir}.lock`, String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
