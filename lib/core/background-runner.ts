// The machinery behind every outbox (webhook deliveries, mail): rows are written in the transaction
// of a change, and a runner sends them after commit, on a timer, or from a cron route.
import { AsyncResource } from 'node:async_hooks';
import { after } from 'next/server';
import { logError } from './logger';

/** How long a request's `after()` keeps its function alive for a run (serverless only). */
const AFTER_BUDGET_MS = 10_000;

export interface BackgroundRunner {
  /** Called after a write has committed: runs soon, without holding the request (see below). */
  kick(): void;
  /** Long-running servers, once at boot: kicks run outside any request, and a timer polls. */
  start(intervalMs?: number): void;
  /** `auto` runs on kicks and on the timer; tests use `manual` and call their worker themselves. */
  setMode(mode: 'auto' | 'manual'): void;
}

/**
 * Runs a function in the context `start()` was called in (boot), not the caller's. Process-wide:
 * Next.js bundles a module into each route (and into instrumentation.ts) as its own copy, so a
 * runner made by a route's copy is never `start`ed itself; it finds the booted process here.
 */
const globalForRunners = globalThis as typeof globalThis & {
  __boardkitDetachedRun?: (fn: () => void) => void;
};

/**
 * One run at a time per runner; a kick during a run makes it go round once more. `run(until)`
 * should stop claiming new work after `until` (epoch ms) when given.
 *
 * On a long-running server a kicked run is detached from the request: a run goes on while writes
 * keep coming, and a request that waited for it (as `after()` does) stayed in memory with everything
 * it held until the stream of writes ended (5,735 live requests and 775 MB of heap after 10,000
 * webhook writes). On serverless, `after()` keeps the function alive for the run, for at most
 * AFTER_BUDGET_MS; the cron route picks up the rest.
 */
export function createBackgroundRunner(
  name: string,
  run: (until?: number) => Promise<unknown>,
): BackgroundRunner {
  let mode: 'auto' | 'manual' = 'auto';
  let running: Promise<void> | undefined;
  let again = false;

  function runSoon(until?: number): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run(until);
        } while (again && (until === undefined || Date.now() < until));
      } catch (error) {
        logError(`${name}_worker_error`, error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    kick() {
      if (mode === 'manual') return;
      const detached = globalForRunners.__boardkitDetachedRun;
      if (detached) {
        detached(() => void runSoon());
        return;
      }
      try {
        after(() => runSoon(Date.now() + AFTER_BUDGET_MS));
      } catch {
        setImmediate(() => void runSoon());
      }
    },
    start(intervalMs = 1_000) {
      // Bound now, outside any request, so that kicks (of every runner in the process) start runs in this context.
      globalForRunners.__boardkitDetachedRun ??= AsyncResource.bind((fn: () => void) => fn());
      setInterval(() => {
        if (mode === 'auto') void runSoon();
      }, intervalMs).unref();
    },
    setMode(next) {
      mode = next;
    },
  };
}
