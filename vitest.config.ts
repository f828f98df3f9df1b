import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: [
      'lib/**/*.test.ts',
      'app/**/*.test.ts',
      'components/**/*.test.ts',
      'db/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // next-auth imports `next/server` without an extension, which only a bundler resolves: Vite
    // transforms it, so tests can call its route handlers.
    server: { deps: { inline: ['next-auth'] } },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // One database template per worker, cloned per file: files share the worker's module graph.
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' },
  },
});
