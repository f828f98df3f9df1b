import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsEvents } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { flushEvents, trackEvent } from './ingest';

describe('flushEvents', () => {
  it('resolves only once the rows a write already under way took are in the database', async () => {
    const { organization } = await createTenant();
    const visit = (i: number) => ({
      address: `203.0.113.${i}`,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      headers: new Headers(),
    });
    // A job page's view: the write looks its job up before it inserts, so a reader that did not wait
    // would read between the two.
    const url = new URL(`http://localhost:3000/b/${organization.slug}/jobs/lighthouse-keeper`);
    for (let i = 1; i <= 5; i++)
      await trackEvent(organization.id, { name: 'pageview', url, boardSlug: organization.slug }, visit(i));
    // The first call takes the buffer; the second finds it empty, as the writer's own run and a
    // reader's flush do when they meet. Each event also kicked the writer, whose runs may have
    // written some rows already: what counts is that all five are there when the second resolves.
    const first = flushEvents();
    expect(await flushEvents()).toBe(0);
    const rows = await (await getDb())
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organizationId, organization.id));
    expect(rows).toHaveLength(5);
    await first;
  });
});
