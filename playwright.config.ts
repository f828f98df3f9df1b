import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// CI runs the server on a fresh PostgreSQL database (migrated by .ci/run), as deployments do: the
// embedded database runs its queries on the server's own thread, which made the whole suite wait
// on it. Without E2E_DATABASE_URL, the server starts on a fresh embedded database.
const databaseUrl = process.env.E2E_DATABASE_URL;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // A guard against a hung test, not a speed target: on a busy shared machine whole flows have taken
  // a minute (the dashboard's payments flow timed out at 60 s twice in one CI run).
  timeout: 120_000,
  fullyParallel: false,
  // Two files at a time: each test signs up its own organization (and client address), so files
  // share nothing but the server, which waits on the browser most of the time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // Recording a trace costs every test a good share of its CPU: CI records the retry of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Host-mode boards (BOARD_ROOT_DOMAIN below): every *.boards.test name reaches this server.
        '--host-resolver-rules=MAP *.boards.test 127.0.0.1',
      ],
    },
  },
  webServer: {
    // Runs the production build (`npm run build` first).
    command: `rm -rf .data/e2e && PORT=${port} node server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // One trusted proxy: e2e/helpers.ts gives each sign-up a client address of its own in X-Forwarded-For.
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DATA_DIR: '.data/e2e/pglite' }),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'error',
      TRUSTED_PROXY_COUNT: '1',
      BOARD_ROOT_DOMAIN: 'boards.test',
      MAIL_DIR: '.data/e2e/mail',
      PRIVATE_FILES_DIR: '.data/e2e/private',
      // Job sources (e2e/job-sources.spec.ts) import from a board the spec serves on loopback.
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    },
  },
});
