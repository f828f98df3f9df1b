// The keyless API routes a board's pages and its payment provider call, on the fuzz organization's
// board: the CMS submit form, the analytics beacon and the provider's signed webhook. Valid bodies,
// broken ones, fields made hostile, hostile queries and headers; events signed with the board's
// webhook secret whose contents are garbage.
import { brokenJsonBodies, hostileFieldValues } from './board-hostile';
import { loopback } from './board-posts';
import { stripeSignature } from './board-seeds';
import type { Probe } from './probe';

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
