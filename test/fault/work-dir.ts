// Where a fault test keeps its cluster, server log and summary: under FAULT_WORKDIR (ci.sh creates it
// and removes it, whatever happens), else a new directory under the system's temporary directory.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WorkDir {
  path: string;
  /** Removes the directory unless ci.sh owns it (it removes the whole tree itself). */
  remove(): void;
}

export function workDir(name: string): WorkDir {
  const root = process.env.FAULT_WORKDIR;
  const dir = root ? path.join(root, name) : mkdtempSync(path.join(tmpdir(), `boardkit-fault-${name}-`));
  mkdirSync(dir, { recursive: true });
  // The postgres user must reach the cluster directory inside.
  chmodSync(dir, 0o755);
  return { path: dir, remove: () => (root ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
