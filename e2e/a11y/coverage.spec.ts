import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BOARD_ROUTES } from './board-states';
import { DASHBOARD_ROUTES } from './dashboard-states';

/** Every page route of the app tree, as Next.js names it: route groups dropped, `[param]` kept. */
async function appRoutes(): Promise<string[]> {
  const files = await readdir('app', { recursive: true });
  return files
    .filter((file) => path.basename(file) === 'page.tsx')
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== '.' && !/^\(.*\)$/.test(segment));
      return `/${segments.join('/')}`;
    })
    .sort();
}

// The gate: a page cannot land without an axe check, because a route missing here fails CI.
test('every page route of app/ is in the accessibility gate', async () => {
  const checked = [...new Set([...DASHBOARD_ROUTES, ...BOARD_ROUTES])].sort();
  expect(checked).toEqual(await appRoutes());
});
