// Every POST a board accepts, sent broken: server actions with bogus ids and with real ids but bogus
// arguments or form data, the apply route's multipart, the unsubscribe link, and the keyless API
// routes the board's pages call (CMS submit, analytics beacon, the payment provider's webhook).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { windowOf } from './board';
import { brokenJsonBodies, hostileFieldValues } from './board-hostile';
import { stripeSignature } from './board-seeds';
import type { Probe } from './probe';

export interface ServerAction {
  id: string;
  /** The page route whose module holds it (`/b/[board]/jobs/[slug]`). */
  route: string;
  name: string;
}

/**
 * The board's server actions in the build (`server-reference-manifest.json`): their ids are what a
 * page's forms post in `Next-Action` or `$ACTION_ID_<id>`.
 */
export async function boardActions(distDir: string): Promise<ServerAction[]> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  return Object.entries(manifest.node).flatMap(([id, entry]) => {
    const workers = Object.keys(entry.workers).filter((name) => name.startsWith('app/(board)/b/[board]'));
    // The page beside the actions' file when there is one (alerts/actions.ts: alerts/page).
    const own = entry.filename && `${path.dirname(entry.filename)}/page`;
    const worker = workers.find((name) => name === own) ?? workers[0];
    if (!worker) return [];
    const route = worker
      .replace(/^app/, '')
      .replace(/\/\([^)]+\)/g, '')
      .replace(/\/page$/, '');
    return [{ id, route, name: entry.exportedName ?? entry.filename ?? id.slice(0, 8) }];
  });
}

const CRLF = '\r\n';

interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[], boundary = 'BoardFuzzBoundary7MA4YWxkTrZu0gW') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.type ? `Content-Type: ${part.type}${CRLF}` : ''}${CRLF}`,
      ),
      Buffer.from(part.value),
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new Uint8Array(Buffer.concat(chunks)),
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BOGUS_ACTION = '7f'.repeat(21);

/** Server-action posts to every board page: a bogus id, a foreign origin, real ids with bogus arguments. */
export function actionProbes(
  pages: { route: string; path: string }[],
  actions: ServerAction[],
  boardSlug: string,
  hostHeader: string,
  seed: number,
): Probe[] {
  const probes: Probe[] = [];
  const post = (
    route: string,
    kind: string,
    path: string,
    headers: Record<string, string>,
    body: string | Uint8Array,
  ): Probe => ({
    route,
    target: 'page',
    kind,
    method: 'POST',
    path,
    headers: { accept: 'text/x-component', ...headers },
    body,
  });
  const json = { 'content-type': 'text/plain;charset=UTF-8' };
  const form = multipart([
    { name: `$ACTION_ID_${BOGUS_ACTION}`, value: '' },
    { name: 'email', value: 'ada@example.com' },
  ]);
  const plain = multipart([{ name: 'q', value: 'x' }]);
  /** Posts to any page, each a kind and its headers and body. */
  const anyPage: [string, Record<string, string>, string | Uint8Array][] = [
    ['action: bogus Next-Action id', { ...json, 'next-action': BOGUS_ACTION }, '[]'],
    ['action: empty Next-Action', { ...json, 'next-action': '' }, '[]'],
    ['action: 5 000-character Next-Action', { ...json, 'next-action': 'a'.repeat(5_000) }, '[]'],
    [
      'action: bogus Next-Action, foreign Origin and X-Forwarded-Host',
      {
        ...json,
        'next-action': BOGUS_ACTION,
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
      '[]',
    ],
    [
      'action: no-JavaScript form with a bogus id',
      { accept: 'text/html', 'content-type': form.contentType },
      form.body,
    ],
    [
      'a form posted to a page without an action',
      { accept: 'text/html', 'content-type': plain.contentType },
      plain.body,
    ],
    [
      'a URL-encoded form posted to a page',
      { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      'q=x&email=a',
    ],
  ];
  // Every post on the board's home page, three in turn on each other page.
  for (const [index, { route, path }] of pages.entries()) {
    const posts = route === '/b/[board]' ? anyPage : windowOf(anyPage, 3, seed + index * 3);
    for (const [kind, headers, body] of posts) probes.push(post(route, kind, path, headers, body));
  }
  // Real actions, called with arguments no form of ours sends. Each goes to a page of its own route.
  const pathOf = new Map(pages.map((page) => [page.route, page.path]));
  const argumentLists: [string, string][] = [
    ['no arguments', '[]'],
    ['the board and garbage', JSON.stringify([boardSlug, 'x'.repeat(3_000), null, '%ZZ'])],
    ['another board', JSON.stringify(['zz-no-such-board', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'])],
    ['wrong types', JSON.stringify([{ board: boardSlug }, 42, [], true])],
    ['a huge number', JSON.stringify([boardSlug, 1e308, -1])],
    ['NUL and surrogates', JSON.stringify([boardSlug, 'a\u0000b', '\ud800'])],
    ['deep nesting', `[${'['.repeat(5_000)}${']'.repeat(5_000)}]`],
    ['not JSON', '{{{'],
    ['a reference to a missing chunk', '["$@99"]'],
    ['malformed references', '["$Q", "$K", "$n99999999999999999999999", "$D", "$B", "$Z"]'],
  ];
  for (const action of actions) {
    const path = pathOf.get(action.route);
    if (!path) continue;
    const route = action.route;
    for (const [name, body] of argumentLists) {
      probes.push(
        post(
          route,
          `action ${action.name}: ${name}`,
          path,
          {
            'content-type': 'text/plain;charset=UTF-8',
            'next-action': action.id,
            origin: `http://${hostHeader}`,
          },
          body,
        ),
      );
    }
    const forms: [string, Part[]][] = [
      ['an empty form', []],
      [
        'a form of garbage',
        [
          { name: 'email', value: 'not-an-email' },
          { name: 'frequency', value: 'hourly' },
          { name: 'token', value: '%ZZ' },
          { name: 'code', value: 'x'.repeat(5_000) },
        ],
      ],
      [
        'a form with a file everywhere',
        ['email', 'name', 'plan', 'token', 'code', 'title', 'description'].map((name) => ({
          name,
          value: PDF,
          filename: 'x.pdf',
          type: 'application/pdf',
        })),
      ],
      [
        'bound arguments of garbage',
        [
          { name: '$ACTION_REF_1', value: '' },
          { name: '$ACTION_1:0', value: '{"id":"zz","bound":"$@1"}' },
          { name: '$ACTION_1:1', value: '[1' },
          { name: '$ACTION_KEY', value: 'k' },
        ],
      ],
    ];
    for (const [name, parts] of forms) {
      const js = multipart([
        { name: '0', value: '["$K1"]' },
        ...parts.map((part) => ({ ...part, name: `1_${part.name}` })),
      ]);
      probes.push(
        post(
          route,
          `action ${action.name}: ${name}`,
          path,
          { 'content-type': js.contentType, 'next-action': action.id, origin: `http://${hostHeader}` },
          js.body,
        ),
      );
      const noJs = multipart([{ name: `$ACTION_ID_${action.id}`, value: '' }, ...parts]);
      probes.push({
        ...post(route, `action ${action.name} without JavaScript: ${name}`, path, {}, noJs.body),
        headers: { accept: 'text/html', 'content-type': noJs.contentType, origin: `http://${hostHeader}` },
      });
    }
    probes.push(
      post(
        route,
        `action ${action.name}: from a foreign origin`,
        path,
        {
          'content-type': 'text/plain;charset=UTF-8',
          'next-action': action.id,
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
        },
        '[]',
      ),
    );
  }
  return probes;
}

/** Rotates the sending address over 127.0.1.1–127.0.4.250, so per-address limits do not hide the checks behind. */
export const loopback = (index: number) => `127.0.${1 + (Math.floor(index / 250) % 4)}.${1 + (index % 250)}`;

/** The apply route's POST (the form with JavaScript: multipart in, JSON out). */
export function applyProbes(route: string, path: string): Probe[] {
  const valid: Part[] = [
    { name: 'name', value: 'Ada Lovelace' },
    { name: 'email', value: 'ada@example.com' },
    { name: 'phone', value: '+44 20 7946 0000' },
    { name: 'cover_letter', value: 'I break things on purpose.' },
    { name: 'resume', value: PDF, filename: 'resume.pdf', type: 'application/pdf' },
  ];
  const without = (name: string) => valid.filter((part) => part.name !== name);
  const replaced = (name: string, part: Partial<Part>) =>
    valid.map((field) => (field.name === name ? { ...field, ...part } : field));
  const cases: [string, Part[]][] = [
    ['valid', valid],
    ...['name', 'email', 'cover_letter', 'resume'].map((name): [string, Part[]] => [
      `missing ${name}`,
      without(name),
    ]),
    ['name of 100 000 characters', replaced('name', { value: 'x'.repeat(100_000) })],
    ['cover letter of 1 MB', replaced('cover_letter', { value: 'x'.repeat(1_000_000) })],
    ['email garbage', replaced('email', { value: '<script>@x' })],
    ['NUL in every field', valid.map((part) => (part.filename ? part : { ...part, value: `a\u0000b` }))],
    ['resume as text', replaced('resume', { value: 'not a file', filename: undefined, type: undefined })],
    [
      'resume an image',
      replaced('resume', {
        value: Buffer.from('GIF89a\x01\x00\x01\x00'),
        filename: 'x.pdf',
        type: 'application/pdf',
      }),
    ],
    ['resume empty', replaced('resume', { value: new Uint8Array(0) })],
    ['resume with a hostile name', replaced('resume', { filename: '../../etc/passwd\u0000.pdf' })],
    [
      'resume of 11 MB',
      replaced('resume', { value: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]) }),
    ],
    ['every field twice', [...valid, ...valid]],
    [
      'fields as files',
      valid.map((part) => ({ ...part, filename: part.filename ?? 'x.txt', type: part.type ?? 'text/plain' })),
    ],
    ['honeypot filled', [...valid, { name: 'website', value: 'https://spam.example' }]],
  ];
  const probes: Probe[] = cases.map(([name, parts], index) => {
    const { contentType, body } = multipart(parts);
    return {
      route,
      target: 'handler',
      kind: `apply: ${name}`,
      method: 'POST',
      path,
      headers: { 'content-type': contentType },
      body,
      localAddress: loopback(index),
      // 5 s, and a second for every megabyte sent.
      ...(body.length > 1_000_000 ? { timeLimitMs: 5_000 + Math.ceil(body.length / 1_000_000) * 1_000 } : {}),
    };
  });
  const raw: [string, Record<string, string>, string | Uint8Array][] = [
    ['no body', {}, ''],
    ['JSON', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Ada', email: 'a@b.c' })],
    [
      'URL-encoded',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'name=Ada&email=a%40b.c&cover_letter=x',
    ],
    ['multipart without boundary', { 'content-type': 'multipart/form-data' }, '--x\r\n\r\n'],
    [
      'truncated multipart',
      { 'content-type': 'multipart/form-data; boundary=fuzz' },
      '--fuzz\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\n\r\n%PDF',
    ],
    ['multipart of garbage', { 'content-type': 'multipart/form-data; boundary=fuzz' }, 'x'.repeat(10_000)],
    [
      'from another origin',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      'name=x',
    ],
    [
      'cross-site fetch',
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      'name=x',
    ],
    [
      'garbage member session',
      { 'content-type': 'application/x-www-form-urlencoded', cookie: 'bk_member=garbage' },
      'name=x',
    ],
  ];
  for (const [index, [name, headers, body]] of raw.entries()) {
    probes.push({
      route,
      target: 'handler',
      kind: `apply: ${name}`,
      method: 'POST',
      path,
      headers,
      body,
      localAddress: loopback(100 + index),
    });
  }
  return probes;
}

/** The one-click unsubscribe POST (RFC 8058) with tokens that are not ours. */
export function unsubscribeProbes(route: string, path: string): Probe[] {
  const base = path.replace(/\/[^/]+$/, '');
  const tokens = ['x', 'x'.repeat(3_000), '%ZZ', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', '..'];
  return tokens.map((token) => ({
    route,
    target: 'handler',
    kind: `unsubscribe POST: token ${token.slice(0, 20)}`,
    method: 'POST',
    path: `${base}/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  }));
}

/** The keyless API routes a board uses, on this board: JSON bodies broken and fields made hostile. */
export function keylessProbes(
  slug: string,
  boardUrl: string,
  collection: string,
  webhookSecret: string,
): Probe[] {
  const probes: Probe[] = [];
  const org = `?organization=${encodeURIComponent(slug)}`;
  const endpoints: {
    route: string;
    path: string;
    valid: Record<string, unknown>;
    headers?: Record<string, string>;
  }[] = [
    {
      route: '/api/organization/events',
      path: `/api/organization/events${org}`,
      valid: { name: 'pageview', url: `${boardUrl}/`, referrer: 'https://example.com/' },
      headers: { origin: new URL(boardUrl).origin },
    },
    {
      route: '/api/organization/events',
      path: `/api/organization/events${org}`,
      valid: { name: 'signup_click', url: `${boardUrl}/pricing`, props: { plan: 'pack', n: 1 } },
    },
    {
      route: '/api/organization/cms/[slug]/submit',
      path: `/api/organization/cms/${collection}/submit${org}`,
      valid: { data: { title: 'From the board fuzzer', body: 'Hello.' } },
    },
  ];
  let index = 0;
  const send = (
    endpoint: (typeof endpoints)[number],
    kind: string,
    contentType: string | null,
    body: string | Uint8Array,
    extra: Record<string, string> = {},
    at = endpoint.path,
  ) =>
    probes.push({
      route: endpoint.route,
      target: 'handler',
      kind,
      method: 'POST',
      path: at,
      headers: { ...endpoint.headers, ...(contentType ? { 'content-type': contentType } : {}), ...extra },
      body,
      localAddress: loopback(200 + index++),
    });
  for (const endpoint of endpoints) {
    send(endpoint, 'valid', 'application/json', JSON.stringify(endpoint.valid));
    send(
      endpoint,
      'valid as a beacon (text/plain)',
      'text/plain;charset=UTF-8',
      JSON.stringify(endpoint.valid),
    );
    for (const broken of brokenJsonBodies)
      send(endpoint, `body: ${broken.name}`, broken.value.contentType, broken.value.body);
    for (const field of Object.keys(endpoint.valid)) {
      for (const [v, value] of hostileFieldValues.entries()) {
        send(
          endpoint,
          `field ${field} hostile #${v}`,
          'application/json',
          JSON.stringify({ ...endpoint.valid, [field]: value }),
        );
      }
    }
    const queries = [
      '',
      '?organization=',
      '?organization=zz-no-such-board',
      `?organization=${'x'.repeat(3_000)}`,
      '?organization=%ZZ',
      `${org}&organization=other`,
      '?organization[]=x',
      `${org}&zzz=1`,
    ];
    for (const query of queries) {
      send(
        endpoint,
        `query ${query.slice(0, 40) || 'none'}`,
        'application/json',
        JSON.stringify(endpoint.valid),
        {},
        `${endpoint.path.split('?')[0]}${query}`,
      );
    }
    const headers: [string, Record<string, string>][] = [
      ['foreign Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['Origin garbage', { origin: '%ZZ://' }],
      ['forged Host', { host: 'evil.example' }],
      ['bot', { 'user-agent': 'curl/8.0 bot' }],
      ['huge cookie', { cookie: `x=${'y'.repeat(12_000)}` }],
      ['Content-Encoding gzip (not gzipped)', { 'content-encoding': 'gzip' }],
    ];
    for (const [name, extra] of headers)
      send(endpoint, `header: ${name}`, 'application/json', JSON.stringify(endpoint.valid), extra);
  }
  const webhook = {
    route: '/api/organization/payments/webhook',
    path: `/api/organization/payments/webhook${org}`,
    valid: {},
  };
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_fuzz_${index}_${type}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
  const signed = (kind: string, body: string, at?: number) =>
    send(webhook, kind, 'application/json', body, {
      'stripe-signature': stripeSignature(body, webhookSecret, at),
    });
  const objects: [string, Record<string, unknown>][] = [
    [
      'checkout.session.completed',
      {
        id: 'cs_fuzz',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 4900,
        currency: 'eur',
        metadata: { boardkit_member_id: 'not-a-uuid', boardkit_plan_id: '%ZZ' },
      },
    ],
    [
      'checkout.session.completed',
      {
        id: 'cs_fuzz2',
        mode: 'subscription',
        payment_status: 'paid',
        amount_total: 1e308,
        currency: 'x'.repeat(300),
        subscription: { id: {} },
        client_reference_id: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
      },
    ],
    [
      'invoice.paid',
      {
        id: 'in_fuzz',
        currency: 'eur',
        amount_paid: -1,
        lines: { data: [{ period: { start: 1e308, end: -1e308 } }] },
        subscription: 'sub_fuzz',
      },
    ],
    [
      'invoice.payment_failed',
      {
        id: 'in_fuzz2',
        currency: '\u0000',
        amount_due: 2 ** 53 + 2,
        parent: {
          subscription_details: { metadata: { boardkit_member_id: '00000000-0000-0000-0000-000000000000' } },
        },
      },
    ],
    [
      'customer.subscription.updated',
      {
        id: 'sub_fuzz',
        status: 'active',
        current_period_start: 1e15,
        current_period_end: -1,
        items: { data: [null] },
        metadata: { boardkit_plan_id: '6ba7b810-9dad-11d1-80b4-00c04fd430c8' },
      },
    ],
    [
      'customer.subscription.deleted',
      { id: 'sub_fuzz', status: 'canceled', canceled_at: 'yesterday', cancel_at: 1e308 },
    ],
    [
      'charge.refunded',
      { payment_intent: { id: ['pi'] }, amount: 'NaN', amount_refunded: 1e308, refunded: 'yes' },
    ],
    ['unknown.type', { anything: [1, 2, 3] }],
  ];
  for (const [type, object] of objects) signed(`webhook: signed ${type} of garbage`, event(type, object));
  for (const [v, value] of hostileFieldValues.entries())
    signed(
      `webhook: signed data.object hostile #${v}`,
      JSON.stringify({
        id: `evt_fuzz_v${v}`,
        type: 'checkout.session.completed',
        created: 1,
        data: { object: value },
      }),
    );
  signed(
    'webhook: signed, 10 minutes old',
    event('invoice.paid', { id: 'in_old', currency: 'eur' }),
    Math.floor(Date.now() / 1000) - 600,
  );
  signed(
    'webhook: signed, 10 minutes ahead',
    event('invoice.paid', { id: 'in_new', currency: 'eur' }),
    Math.floor(Date.now() / 1000) + 600,
  );
  signed('webhook: signed, not JSON', '{"id": ');
  signed(
    'webhook: signed, deep nesting',
    `{"id":"evt_deep","type":"invoice.paid","data":{"object":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`,
  );
  const unsigned = event('invoice.paid', { id: 'in_x', currency: 'eur' });
  const signatures = [
    '',
    'garbage',
    't=,v1=',
    't=abc,v1=def',
    `t=${'9'.repeat(400)},v1=00`,
    `${'t=1,'.repeat(2_000)}v1=00`,
    stripeSignature(unsigned, 'whsec_wrong'),
  ];
  for (const signature of signatures)
    send(webhook, `webhook: signature ${signature.slice(0, 20) || 'empty'}`, 'application/json', unsigned, {
      'stripe-signature': signature,
    });
  for (const broken of brokenJsonBodies)
    send(webhook, `webhook body: ${broken.name}`, broken.value.contentType, broken.value.body, {
      'stripe-signature': 't=1,v1=00',
    });
  return probes;
}
