import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it, vi } from 'vitest';

describe('kickWebhookDelivery on a long-running server', () => {
  it('runs the worker outside the request that kicked it, so the request is not kept alive', async () => {
    const requestContext = new AsyncLocalStorage<string>();
    const contextsSeen: (string | undefined)[] = [];
    // A fresh dispatch module whose worker only records in whose context it runs.
    vi.resetModules();
    vi.doMock('@/db/client', () => ({ getDb: async () => ({}) }));
    vi.doMock('./worker', () => ({
      runWebhookWorker: async () => {
        contextsSeen.push(requestContext.getStore());
        return { sent: 0 };
      },
    }));
    const { kickWebhookDelivery, startWebhookTimer } = await import('./dispatch');
    startWebhookTimer(60_000);
    requestContext.run('request 1', () => kickWebhookDelivery());
    await vi.waitFor(() => expect(contextsSeen.length).toBeGreaterThan(0));
    expect(contextsSeen).toEqual([undefined]);
    vi.doUnmock('@/db/client');
    vi.doUnmock('./worker');
    vi.resetModules();
  });
});
