// The suites CI runs a third time through Neon's serverless driver (TEST_DATABASE_DRIVER=neon; see
// vitest.config.ts). The full suite runs on PGlite and on node-postgres; through Neon only what a
// driver changes is worth the minutes: connecting and closing, transactions and their effects, raw
// SQL results, LISTEN (which Neon lacks) and the caches fed by it, an outage, row locks under
// concurrent writes, and one suite of each kind of query the API and the board make.
// db/driver-suites.test.ts keeps the list covering db/, lib/cache/ and the transaction module.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every test in these folders runs through each driver. */
export const DRIVER_SUITE_FOLDERS = ['db', 'lib/cache'];

export const DRIVER_SUITE_FILES = [
  'lib/core/transaction.test.ts',
  'lib/core/logger.test.ts',
  'lib/http/database-outage.test.ts',
  'lib/auth/api-keys.test.ts',
  'lib/organizations/service.test.ts',
  'app/api/health/route.test.ts',
  'app/api/jobs/route.test.ts',
  'lib/board/queries.test.ts',
  'lib/salaries/service.test.ts',
  'lib/payments/checkout-races.test.ts',
  'lib/jobs/member-jobs.test.ts',
  'lib/auth/team.test.ts',
  'app/api/webhooks/delivery.test.ts',
  'app/api/cms/[slug]/route.test.ts',
];

/** The test files of the driver suites, relative to `root`. */
export function driverSuites(root: string): string[] {
  const inFolders = DRIVER_SUITE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  );
  return [...inFolders, ...DRIVER_SUITE_FILES];
}
