// The fault tests (test/fault/ci.sh): a real PostgreSQL cluster of their own and `npm start` on an
// existing build. Not part of `npm test`, whose include globs do not reach test/.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..', '..');

export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['test/fault/**/*.fault.ts'],
    environment: 'node',
    pool: 'forks',
    // Each file has its own cluster and server; they run side by side to keep the run short.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 6 * 60_000,
    hookTimeout: 3 * 60_000,
    reporters: ['default'],
  },
});
