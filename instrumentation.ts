// Runs once when a Next server starts: the in-process webhook timer, except on Vercel (cron there).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.VERCEL) return;
  const { startWebhookTimer } = await import('@/lib/webhooks/dispatch');
  startWebhookTimer();
}
