import { AsyncResource } from 'node:async_hooks';
import { after } from 'next/server';
import { getDb } from '@/db/client';
import { logError } from '@/lib/core/logger';
import { runWebhookWorker } from './worker';

/** `auto` sends after each write and on the timer; tests use `manual` and run the worker themselves. */
let mode: 'auto' | 'manual' = 'auto';
let running: Promise<void> | undefined;
let again = false;
/** Set on long-running servers: starts a run in the context of the server's boot, not of a request. */
let kickDetached: (() => void) | undefined;
/** How long a request's `after()` keeps its function alive for the sends (serverless only). */
const AFTER_BUDGET_MS = 10_000;

export function setWebhookDispatch(next: 'auto' | 'manual'): void {
  mode = next;
}

/**
 * One worker run at a time per process; a kick during a run makes it go round once more. With
 * `until`, the run stops claiming new batches then, and what is left waits for the next kick or cron.
 */
function runSoon(until?: number): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runWebhookWorker(await getDb(), { until });
      } while (again && (until === undefined || Date.now() < until));
    } catch (error) {
      logError('webhook_worker_error', error);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/**
 * Called after a write has committed: delivers its events right away. On a long-running server the
 * run is detached from the request: a run goes on while writes keep coming, and a request that waited
 * for it (as `after()` does) stayed in memory with everything it held until the stream of writes
 * ended (5,735 live requests and 775 MB of heap after 10,000 webhook writes). On serverless, `after()`
 * keeps the function alive for the sends, for at most AFTER_BUDGET_MS.
 */
export function kickWebhookDelivery(): void {
  if (mode === 'manual') return;
  if (kickDetached) {
    kickDetached();
    return;
  }
  try {
    after(() => runSoon(Date.now() + AFTER_BUDGET_MS));
  } catch {
    setImmediate(() => void runSoon());
  }
}

/**
 * Retries fall due without any write, so a long-running server (`next dev`, `next start`) polls;
 * on Vercel the cron route (/api/cron/webhooks) does this instead. Called once at boot.
 */
export function startWebhookTimer(intervalMs = 1_000): void {
  // Bound now, outside any request, so that kicks start runs in this context.
  kickDetached = AsyncResource.bind(() => void runSoon());
  setInterval(() => {
    if (mode === 'auto') void runSoon();
  }, intervalMs).unref();
}
