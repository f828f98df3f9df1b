// Runs once when a Next server starts: refuses to start a Vercel deployment without the secrets master
// key, and starts the in-process webhook, mail, job alert, CMS expiry, analytics, custom-domain, job source and removed-résumé timers (on Vercel, Vercel Cron calls /api/cron/* instead).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.VERCEL) {
    if (!process.env.SECRETS_ENCRYPTION_KEY?.trim()) {
      throw new Error(
        'SECRETS_ENCRYPTION_KEY must be set on Vercel (openssl rand -base64 32): vault secrets and webhook signing secrets are sealed with it.',
      );
    }
    return;
  }
  const { startWebhookTimer } = await import('@/lib/webhooks/dispatch');
  startWebhookTimer();
  const { startMailTimer } = await import('@/lib/mail');
  startMailTimer();
  const { startAlertTimer } = await import('@/lib/alerts');
  startAlertTimer();
  const { startExpiryTimer } = await import('@/lib/cms/expiry');
  startExpiryTimer();
  const { startAnalyticsWriter } = await import('@/lib/analytics');
  startAnalyticsWriter();
  const { startDomainTimer } = await import('@/lib/organizations');
  startDomainTimer();
  const { startJobSourceTimer } = await import('@/lib/job-sources');
  startJobSourceTimer();
  const { startRemovedResumeTimer } = await import('@/lib/applications');
  startRemovedResumeTimer();
}
