// The share image route: a real board's and job's card as a 1200×630 PNG cached for good, the
// current revision asked for, a board logo read from the app's own storage, nothing fetched from
// the network, and a clear 4xx for what names no image.
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { formatSalary } from '@/lib/board/format';
import { boardBySlug } from '@/lib/board/resolve';
import { type ShareCard, shareImagePath } from '@/lib/board/share-card';
import { sharedStore } from '@/lib/cache';
import { cdnUrlFor } from '@/lib/media';
import { mediaStorage } from '@/lib/media/storage';
import { updateOrganizationSettings } from '@/lib/organizations/service';
import { createTenant, createTestJob } from '@/test/factories';
import { GET, HEAD } from './route';

const APP = 'http://localhost:3000';

/** The board as a request finds it now: every write bumps its revision. */
const current = async (slug: string) => (await boardBySlug(await getDb(), slug))!;

async function board() {
  return current((await createTenant({ name: 'Harbour Jobs' })).organization.slug);
}

const ask = (slug: string, revision: string, card: string, method = 'GET') =>
  (method === 'HEAD' ? HEAD : GET)(new Request(`${APP}/b/${slug}/og/${revision}/${card}`, { method }), {
    params: Promise.resolve({ board: slug, revision, card }),
  });

/** The route's own address of a card, split into its segments. */
function segments(org: { id: number; revision: number }, card: ShareCard) {
  const [, , revision, file] = shareImagePath(org, card).split('/');
  return { revision: revision!, file: file! };
}

const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** The red, green and blue of one pixel. */
async function colourAt(png: Buffer, left: number, top: number) {
  const pixel = await sharp(png).extract({ left, top, width: 1, height: 1 }).raw().toBuffer();
  return [...pixel.subarray(0, 3)];
}

/** What the route fetched over the network (next/og loads its own wasm from `data:` URLs). */
const networkCalls = (fetched: { mock: { calls: unknown[][] } }) =>
  fetched.mock.calls
    .map(([url]) => String(url instanceof Request ? url.url : url))
    .filter((url) => !url.startsWith('data:'));

afterEach(() => vi.restoreAllMocks());

describe('GET /og/{revision}/{card}.png', () => {
  it('draws a job’s card as a 1200×630 PNG, cached for good and kept in the shared store', async () => {
    const tenant = await board();
    const job = await createTestJob(tenant.id, {
      title: 'Senior Platform Engineer, Payments Infrastructure and Developer Experience (Remote, Europe)',
      company_name: 'Northwind Traders',
      location: 'Lisbon',
      salary_min: 90_000,
      salary_max: 120_000,
      salary_currency: 'EUR',
      salary_period: 'yearly',
    });
    const org = await current(tenant.slug);
    const card = {
      title: job.title,
      details: [job.company_name, `Lisbon · ${formatSalary(job, org.locale)}`],
    };
    const { revision, file } = segments(org, card);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const response = await ask(org.slug, revision, file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await response.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(networkCalls(fetched)).toEqual([]);
    const kept = await sharedStore('share-image', 0).get(`${org.id}:${org.revision}|${file.slice(0, -4)}`);
    expect(kept?.equals(png)).toBe(true);
    const head = await ask(org.slug, revision, file, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect(await head.text()).toBe('');
  });

  it('draws the board’s hosted logo, and leaves out a logo elsewhere without fetching it', async () => {
    const org = await board();
    const key = `test-logo-${org.id}/logo.png`;
    const logo = await sharp({
      create: { width: 400, height: 100, channels: 3, background: '#c2410c' },
    })
      .png()
      .toBuffer();
    await mediaStorage().put(key, logo, 'image/png');
    const db = await getDb();
    const card = { title: 'Remote jobs' };
    const draw = async (logoUrl: string) => {
      await updateOrganizationSettings(db, await current(org.slug), { board: { logo_url: logoUrl } });
      const { revision, file } = segments(await current(org.slug), card);
      const response = await ask(org.slug, revision, file);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    // The logo's orange fills the header's corner; without it, the board's name starts there.
    expect(await colourAt(await draw(cdnUrlFor(key)), 100, 100)).toEqual([0xc2, 0x41, 0x0c]);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const elsewhere = await draw('https://logos.example/acme.png');
    expect(networkCalls(fetched)).toEqual([]);
    expect(await colourAt(elsewhere, 100, 100)).not.toEqual([0xc2, 0x41, 0x0c]);
  });

  it('sends an older revision’s address on to the current one', async () => {
    const org = await board();
    const { file } = segments(org, { title: 'Blog' });
    const response = await ask(org.slug, String(org.revision + 1), file);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${APP}/b/${org.slug}/og/${org.revision}/${file}`);
  });

  it('answers 404 for no board, no such card or another board’s card, and 400 for a malformed address', async () => {
    const org = await board();
    const other = await board();
    const { revision, file } = segments(org, { title: 'Pricing' });
    const elsewhere = segments(other, { title: 'Pricing' });
    const cases: [string, string, string, number][] = [
      ['no-such-board-anywhere', revision, file, 404],
      [org.slug, revision, `${file.slice(0, -10)}AAAAAA.png`, 404],
      [org.slug, revision, 'not-a-token.png', 404],
      [org.slug, String(org.revision), elsewhere.file, 404],
      [org.slug, 'latest', file, 400],
      [org.slug, '-1', file, 400],
      [org.slug, revision, file.slice(0, -4), 400],
      [org.slug, revision, `${file.slice(0, -4)}.jpg`, 400],
    ];
    for (const [slug, rev, card, status] of cases) {
      const response = await ask(slug, rev, card);
      expect({ slug, rev, card, status: response.status }).toEqual({ slug, rev, card, status });
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    }
  });
});
