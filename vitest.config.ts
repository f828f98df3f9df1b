import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { driverSuites } from './test/driver-suites.ts';

const root = import.meta.dirname;
// Through Neon's driver, CI runs the suites where drivers differ (test/driver-suites.ts).
const onlyDriverSuites = process.env.TEST_DATABASE_DRIVER === 'neon';
const asGlob = (file: string) => file.replace(/[[\]()*?{}!]/g, '\\$&');

export default defineConfig({
  resolve: { alias: { '@': path.resolve(root) } },
  test: {
    include: onlyDriverSuites
      ? driverSuites(root).map(asGlob)
      : [
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
