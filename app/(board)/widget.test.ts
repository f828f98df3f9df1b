// The board's jobs widget: its document (GET /embed), its script (GET /embed.js), and its framing
// through proxy.ts: frame-ancestors from the owner's origins on the widget alone, kept by the page
// cache and renewed when the origins change; every other answer stays unframeable.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { EMBED_SCRIPT } from '@/lib/board/embed-script';
import { resetSharedStores } from '@/lib/cache';
import { resetEnvCache } from '@/lib/core/env';
import { DAY_MS } from '@/lib/core/time';
import { createMember, createMemberSession, MEMBER_COOKIE } from '@/lib/members';
import { updateOrganizationSettings } from '@/lib/organizations/service';
import nextConfig from '@/next.config';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';
import * as embed from './b/[board]/embed/route';
import * as embedScript from './b/[board]/embed.js/route';

const params = (board: string) => ({ params: Promise.resolve({ board }) });

async function widget(slug: string, query = '', headers: Record<string, string> = {}) {
  const response = await embed.GET(
    new NextRequest(`http://localhost:3000/b/${slug}/embed${query}`, { headers }),
    params(slug),
  );
  return { response, html: await response.text() };
}

/** The job titles a widget lists, in order. */
const titles = (html: string) => [...html.matchAll(/<span class="t">([^<]*)<\/span>/g)].map((m) => m[1]);

async function boardWithJobs() {
  const { organization } = await createTenant({ name: 'Harbour Jobs' });
  const job = (title: string, daysAgo: number, fields: Parameters<typeof createTestJob>[1] = {}) =>
    createTestJob(organization.id, {
      title,
      company_name: 'Grand Hotel',
      published_at: new Date(Date.now() - daysAgo * DAY_MS),
      ...fields,
    });
  await job('Night Porter', 3, { category: 'Hospitality', location: 'Lisbon' });
  await job('Remote Concierge', 2, { category: 'Hospitality', is_remote: true });
  await job('Line Cook', 1, { category: 'Kitchen', location: 'Porto' });
  await job('Old Porter', 5, { expires_at: new Date(Date.now() - 60_000) });
  await job('Draft Porter', 0, { status: 'draft' });
  return organization;
}

describe('GET /embed: the widget document', () => {
  it('lists the latest live jobs in the board’s look, each a link to its page in a new tab', async () => {
    const organization = await boardWithJobs();
    await updateOrganizationSettings(await getDb(), organization, {
      board: { accent_color: '#0f766e', logo_url: 'https://cdn.example/logo.png' },
    });
    const { response, html } = await widget(organization.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(titles(html)).toEqual(['Line Cook', 'Remote Concierge', 'Night Porter']);
    expect(html).toContain('--a:#0f766e');
    expect(html).toContain('<img src="https://cdn.example/logo.png" alt="Harbour Jobs"');
    const links = [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]);
    expect(links.length).toBe(5);
    for (const link of links) expect(link).toMatch(/^href="[^"]+" target="_blank" rel="noopener"/);
    expect(html).toMatch(new RegExp(`href="/b/${organization.slug}/jobs/line-cook[^"]*" target="_blank"`));
    expect(html).toContain(`<a href="/b/${organization.slug}" target="_blank" rel="noopener" class="b">`);
    // On the board's own host (the proxy's link base), links stay on that host.
    const hostMode = await widget(organization.slug, '', { 'x-boardkit-board-base': '' });
    expect(hostMode.html).toMatch(/href="\/jobs\/line-cook[^"]*"/);
    expect(hostMode.html).toContain('<a href="/" target="_blank" rel="noopener" class="b">');
    expect(html).toContain('Grand Hotel · Porto · Posted yesterday');
    // The height reporter, and nothing else that runs.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('parent.postMessage({boardkitEmbed:{height:n}}');
  });

  it('filters by category (slug or name), location and remote, and counts', async () => {
    const organization = await boardWithJobs();
    const slug = organization.slug;
    expect(titles((await widget(slug, '?category=hospitality')).html)).toEqual([
      'Remote Concierge',
      'Night Porter',
    ]);
    expect(titles((await widget(slug, '?category=Kitchen')).html)).toEqual(['Line Cook']);
    expect(titles((await widget(slug, '?location=lisbon')).html)).toEqual(['Night Porter']);
    expect(titles((await widget(slug, '?remote=1')).html)).toEqual(['Remote Concierge']);
    expect(titles((await widget(slug, '?remote=0&count=2')).html)).toEqual(['Line Cook', 'Remote Concierge']);
    expect(titles((await widget(slug, '?category=hospitality&count=1')).html)).toEqual(['Remote Concierge']);
    const none = await widget(slug, '?category=kitchen&remote=true');
    expect(none.response.status).toBe(200);
    expect(titles(none.html)).toEqual([]);
    expect(none.html).toContain('No open jobs here right now.');
  });

  it('shows ten jobs unless told, and at most fifty', async () => {
    const { organization } = await createTenant();
    for (let i = 0; i < 52; i++) await createTestJob(organization.id);
    expect(titles((await widget(organization.slug)).html)).toHaveLength(10);
    expect(titles((await widget(organization.slug, '?count=50')).html)).toHaveLength(50);
  });

  it.each([
    ['?count=0', /count is a whole number from 1 to 50/],
    ['?count=51', /count is a whole number from 1 to 50/],
    ['?count=2.5', /count is a whole number from 1 to 50/],
    ['?count=ten', /count is a whole number from 1 to 50/],
    ['?remote=maybe', /remote is 1 \(remote jobs only\) or 0/],
    ['?count=5&count=6', /Give count once/],
    ['?categroy=kitchen', /does not know “categroy”; it takes category, location, remote, count/],
    ['?category=gardening', /This board has no category “gardening”/],
    [`?location=${'x'.repeat(201)}`, /200/],
  ])('answers %s with 400 and a page saying what is wrong', async (query, message) => {
    const organization = await boardWithJobs();
    const { response, html } = await widget(organization.slug, query);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('This jobs widget cannot be shown.');
    expect(html).toMatch(message);
    expect(html).not.toContain('<script');
  });

  it('escapes what owners and employers typed', async () => {
    const { organization } = await createTenant({ name: 'A <b>&</b> "B"' });
    await createTestJob(organization.id, {
      title: '<img src=x onerror=alert(1)>',
      company_name: '"Q" & <R>',
    });
    const { html } = await widget(organization.slug);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('All jobs at A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot; →');
  });

  it('puts the nonce the proxy chose on its script', async () => {
    const { organization } = await createTenant();
    const { html } = await widget(organization.slug, '', { 'x-nonce': 'abc123' });
    expect(html).toContain('<script nonce="abc123">');
  });

  it('answers 404 for a board that does not exist', async () => {
    expect((await widget('no-such-board')).response.status).toBe(404);
    const script = await embedScript.GET(
      new Request('http://localhost:3000/b/no-such-board/embed.js'),
      params('no-such-board'),
    );
    expect(script.status).toBe(404);
  });
});

describe('GET /embed.js: the snippet’s script', () => {
  it('is a small static script that frames the widget and sizes it from the widget’s own messages', async () => {
    const { organization } = await createTenant();
    const response = await embedScript.GET(
      new Request(`http://localhost:3000/b/${organization.slug}/embed.js`),
      params(organization.slug),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const script = await response.text();
    expect(script).toBe(EMBED_SCRIPT);
    expect(new TextEncoder().encode(script).length).toBeLessThan(1024);
    expect(script).toContain('e.source!==f.contentWindow||e.origin!==u.origin');
    expect(script).not.toMatch(/cookie|localStorage/);
  });
});

const run = async (url: string, headers: Record<string, string> = {}) =>
  (await proxy(new NextRequest(url, { headers })))!;
const frameAncestors = (response: Response) =>
  /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe('the widget’s framing (proxy.ts)', () => {
  afterEach(() => {
    delete process.env.BOARD_ROOT_DOMAIN;
    resetEnvCache();
  });

  it('lets the listed origins frame the widget, and nothing frame any other page or the widget of a board that lists none', async () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.test';
    resetEnvCache();
    const listing = await createTenant();
    await updateOrganizationSettings(await getDb(), listing.organization, {
      embed_origins: ['https://www.example.com', 'https://*.example.org'],
    });
    const quiet = await createTenant();
    const slug = listing.organization.slug;
    for (const url of [`http://localhost:3000/b/${slug}/embed`, `http://${slug}.boards.test/embed?count=3`]) {
      const response = await run(url);
      expect(frameAncestors(response), url).toBe('https://www.example.com https://*.example.org');
      expect(response.headers.get('x-frame-options'), url).toBeNull();
      expect(response.headers.get('content-security-policy'), url).toMatch(/script-src 'self' 'nonce-/);
    }
    for (const url of [
      `http://localhost:3000/b/${quiet.organization.slug}/embed`,
      `http://localhost:3000/b/${slug}/EMBED`,
      `http://localhost:3000/b/no-such-board/embed`,
      `http://${slug}.boards.test/b/other/embed`,
      'http://localhost:3000/embed',
    ]) {
      const response = await run(url);
      expect(frameAncestors(response), url).toBe("'none'");
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
    }
    // Every other page of the listing board: the proxy's policy refuses framing, and next.config.ts
    // adds X-Frame-Options (below).
    for (const path of ['', '/jobs', '/embed.js', '/embed/x', '/blog']) {
      expect(frameAncestors(await run(`http://localhost:3000/b/${slug}${path}`)), path).toBe("'none'");
    }
  });

  it('neither reads nor slides a member’s session cookie on the widget', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const member = await createMember(db, organization.id, {
      email: 'seeker@example.com',
      name: 'Seeker',
      role: 'candidate',
    });
    const { token } = await createMemberSession(db, member);
    const cookie = { cookie: `${MEMBER_COOKIE}=${token}` };
    const page = await run(`http://localhost:3000/b/${organization.slug}/blog`, cookie);
    expect(page.headers.get('set-cookie')).toContain(MEMBER_COOKIE);
    const framed = await run(`http://localhost:3000/b/${organization.slug}/embed`, cookie);
    expect(framed.headers.get('set-cookie')).toBeNull();
  });
});

describe('next.config.ts headers on widget paths', () => {
  async function configured(path: string) {
    const rules = (await nextConfig.headers!()) as {
      source: string;
      headers: { key: string; value: string }[];
    }[];
    return Object.fromEntries(
      rules
        .flatMap((rule) => (getPathMatch(rule.source)(path) ? rule.headers : []))
        .map(({ key, value }) => [key, value]),
    );
  }

  it('leave framing to the proxy on the widget’s paths only, and keep the other headers there', async () => {
    for (const path of ['/embed', '/b/acme/embed', '/B/acme/Embed']) {
      const headers = await configured(path);
      expect(headers['X-Frame-Options'], path).toBeUndefined();
      expect(headers['Content-Security-Policy'], path).toBeUndefined();
      expect(headers['X-Content-Type-Options'], path).toBe('nosniff');
      expect(headers['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
    for (const path of [
      '/b/acme/embed.js',
      '/b/acme/embed/',
      '/b/acme/embed/x',
      '/b/acme/x/embed',
      '/b/acme/embedded',
      '/embeds',
      '/dashboard/embed',
      '/b/acme',
      '/api/embed',
    ]) {
      const headers = await configured(path);
      expect(headers['X-Frame-Options'], path).toBe('DENY');
      expect(headers['Content-Security-Policy'], path).toContain("frame-ancestors 'none'");
    }
  });
});

describe('a cached widget (page cache through proxy.ts)', () => {
  let renderer: Server;
  let renders = 0;

  beforeAll(async () => {
    // Stands in for Next.js: hands the fill request to proxy(), then to the widget's route, with the
    // headers next.config.ts gives its path.
    renderer = createServer(async (incoming, outgoing) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === 'string') headers.set(name, value);
      const url = `http://127.0.0.1${incoming.url}`;
      const forwarded = (await proxy(new NextRequest(url, { headers })))!;
      for (const [name, value] of forwarded.headers)
        if (name.startsWith('x-middleware-request-')) headers.set(name.slice(21), value);
      renders += 1;
      const slug = new URL(url).pathname.split('/')[2]!;
      const answer = await embed.GET(new NextRequest(url, { headers }), params(slug));
      const configHeaders = (await nextConfig.headers!()) as {
        source: string;
        headers: { key: string; value: string }[];
      }[];
      const out: Record<string, string> = Object.fromEntries(answer.headers);
      for (const rule of configHeaders)
        if (getPathMatch(rule.source)(new URL(url).pathname))
          for (const { key, value } of rule.headers) out[key.toLowerCase()] = value;
      for (const [name, value] of Object.entries(Object.fromEntries(forwarded.headers)))
        if (!name.startsWith('x-middleware-')) out[name] = value;
      outgoing.writeHead(answer.status, out);
      outgoing.end(await answer.text());
    });
    await new Promise<void>((done) => renderer.listen(0, '127.0.0.1', done));
    process.env.BOARDKIT_SERVER_ORIGIN = `http://127.0.0.1:${(renderer.address() as AddressInfo).port}`;
    resetEnvCache();
  });

  afterAll(async () => {
    delete process.env.BOARDKIT_SERVER_ORIGIN;
    resetEnvCache();
    resetSharedStores();
    await new Promise<void>((done) => renderer.close(() => done()));
  });

  it('keeps the widget’s own frame-ancestors and no X-Frame-Options, and answers under new origins at once', async () => {
    const { organization } = await createTenant();
    await createTestJob(organization.id, { title: 'Harbour Pilot' });
    const db = await getDb();
    const updated = await updateOrganizationSettings(db, organization, {
      embed_origins: ['https://partner.example'],
    });
    const url = `http://localhost:3000/b/${organization.slug}/embed?count=5`;
    const first = await run(url);
    expect(first.headers.get('cache-status')).toBe('Boardkit; fwd=miss; stored');
    const html = await first.text();
    expect(titles(html)).toEqual(['Harbour Pilot']);
    const second = await run(url);
    expect(second.headers.get('cache-status')).toBe('Boardkit; hit');
    expect(await second.text()).toBe(html);
    expect(renders).toBe(1);
    expect(frameAncestors(second)).toBe('https://partner.example');
    expect(second.headers.get('x-frame-options')).toBeNull();
    // The cached bytes' one inline script, by hash: no nonce on a page every visitor gets.
    expect(second.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^' ]+';/);

    await updateOrganizationSettings(db, updated, { embed_origins: [] });
    const refused = await run(url);
    expect(refused.headers.get('cache-status')).toBe('Boardkit; fwd=miss; stored');
    expect(renders).toBe(2);
    expect(frameAncestors(refused)).toBe("'none'");
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
  });
});
