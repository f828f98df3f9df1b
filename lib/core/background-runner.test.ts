// A production build holds several copies of this module (one per route bundle, one for
// instrumentation.ts), and only instrumentation's copy is started at boot. A kick from a route's copy
// must still run outside the request: a run that belongs to the request keeps it alive (2,927 live
// responses under beacon load, the heap growing by 10 MB a second).
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (globalThis as { __boardkitDetachedRun?: unknown }).__boardkitDetachedRun;
  vi.resetModules();
});

async function freshCopy() {
  vi.resetModules();
  return import('./background-runner');
}

it("runs a route copy's kick outside the request once another copy has started", async () => {
  const requestContext = new AsyncLocalStorage<string>();
  const seen: (string | undefined)[] = [];
  const boot = await freshCopy();
  boot.createBackgroundRunner('boot', async () => {}).start(60_000);
  const route = await freshCopy();
  expect(route).not.toBe(boot);
  const runner = route.createBackgroundRunner('route', async () => {
    seen.push(requestContext.getStore());
  });
  requestContext.run('request 1', () => runner.kick());
  await vi.waitFor(() => expect(seen).toHaveLength(1));
  expect(seen).toEqual([undefined]);
});

it('runs in the caller’s context where no copy was started (serverless: after() keeps the request)', async () => {
  const requestContext = new AsyncLocalStorage<string>();
  const seen: (string | undefined)[] = [];
  const route = await freshCopy();
  const runner = route.createBackgroundRunner('route', async () => {
    seen.push(requestContext.getStore());
  });
  // Outside a Next.js request `after()` throws, and the kick falls back to the next turn, in context.
  requestContext.run('request 1', () => runner.kick());
  await vi.waitFor(() => expect(seen).toHaveLength(1));
  expect(seen).toEqual(['request 1']);
});
