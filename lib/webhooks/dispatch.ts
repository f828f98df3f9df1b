import { after } from 'next/server';
import { getDb } from '@/db/client';
import { logError } from '@/lib/core/logger';
import { runWebhookWorker } from './worker';

/** `auto` sends after each write and on the timer; tests use `manual` and run the worker themselves. */
let mode: 'auto' | 'manual' = 'auto';
let running: Promise<void> | undefined;
let again = false;

export function setWebhookDispatch(next: 'auto' | 'manual'): void {
  mode = next;
}

/** One worker run at a time per process; a kick during a run makes it go round once more. */
function runSoon(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runWebhookWorker(await getDb());
      } while (again);
    } catch (error) {
      logError('webhook_worker_error', error);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/**
 * Called after a write has committed: delivers its events right away. Inside a request, Next's
 * `after()` keeps a serverless function alive until the sends finish; elsewhere it runs in process.
 */
export function kickWebhookDelivery(): void {
  if (mode === 'manual') return;
  try {
    after(runSoon);
  } catch {
    setImmediate(runSoon);
  }
}

/**
 * Retries fall due without any write, so a long-running server (`next dev`, `next start`) polls;
 * on Vercel the cron route (/api/cron/webhooks) does this instead.
 */
export function startWebhookTimer(intervalMs = 1_000): void {
  setInterval(() => {
    if (mode === 'auto') void runSoon();
  }, intervalMs).unref();
}
