import { getDb } from '@/db/client';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { runWebhookWorker } from './worker';

const runner = createBackgroundRunner('webhook', async (until) => runWebhookWorker(await getDb(), { until }));

/** `auto` sends after each write and on the timer; tests use `manual` and run the worker themselves. */
export const setWebhookDispatch = runner.setMode;

/** Called after a write has committed: delivers its events right away (lib/core/background-runner.ts). */
export const kickWebhookDelivery = runner.kick;

/**
 * Retries fall due without any write, so a long-running server (`next dev`, `next start`) polls;
 * on Vercel the cron route (/api/cron/webhooks) does this instead. Called once at boot.
 */
export const startWebhookTimer = runner.start;
