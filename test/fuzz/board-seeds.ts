// The board part's content, written through the API after the API part has run (its DELETEs may
// have removed the first seeds, its PATCHes moved the board): a job of each way to apply, an expired
// one, a category, a location, a blog post, a page, a CMS collection with an item, a plan, and a
// webhook secret for the payment provider's events. The board's own sitemap and pages then name
// the real addresses of the dynamic routes (board.ts).
import { createHmac } from 'node:crypto';

export interface BoardSeed {
  /** The board's path on this server (`/b/fuzz`), from `board_url`. */
  boardPath: string;
  slug: string;
  jobSlug: string;
  /** A job that expired: its page is the `gone` page, with 410. */
  expiredJobSlug: string;
  collection: string;
  /** The value of the webhook secret the payment webhook checks signatures with. */
  webhookSecret: string;
}

const COLLECTION = 'board-notes';
const WEBHOOK_SECRET = 'whsec_boardfuzz0123456789abcdef';

export async function seedBoard(base: string, apiKey: string): Promise<BoardSeed> {
  const api = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`Board seed ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  type Data<T> = { data: T };

  const { data: organization } = await api<Data<{ slug: string; board_url: string }>>('GET', '/organization');
  await api('PUT', '/organization/payments', {
    provider: 'local',
    webhook_secret: null,
    secret_key: null,
    paywall: null,
    paid_jobs_need_approval: false,
  });
  await api('POST', '/secrets', { name: 'board_fuzz_webhook', value: WEBHOOK_SECRET });
  // Local checkout, with a webhook secret kept as a board that left Stripe would (its route still verifies).
  await api('PUT', '/organization/payments', {
    provider: 'local',
    webhook_secret: 'vault:board_fuzz_webhook',
  });
  await api('POST', '/plans', { name: 'Board fuzz pack', kind: 'job_post', amount: 4900, currency: 'EUR' });

  const { data: category } = await api<Data<{ name: string }>>('POST', '/categories', {
    name: 'Board fuzzing',
  });
  const { data: location } = await api<Data<{ id: string }>>('POST', '/locations', {
    query: 'Berlin',
    country: 'DE',
    create: true,
  });
  const job = (extra: Record<string, unknown>) =>
    api<Data<{ id: string; slug: string }>>('POST', '/jobs', {
      title: 'Board fuzz engineer',
      description: '<p>Sends odd requests to <strong>boards</strong>.</p>',
      company_name: 'Fuzz GmbH',
      status: 'active',
      category: category.name,
      location_id: location.id,
      job_type: 'full-time',
      is_remote: true,
      ...extra,
    });
  const { data: internal } = await job({ how_to_apply_method: 'form-internal' });
  await job({
    title: 'External fuzz role',
    how_to_apply_method: 'form-external',
    how_to_apply: 'https://example.com/apply',
  });
  await job({ title: 'Mailed fuzz role', how_to_apply_method: 'email', contact_email: 'jobs@example.com' });
  const { data: expired } = await job({ title: 'Expired fuzz role', how_to_apply_method: 'form-internal' });
  await api('PATCH', `/jobs/${expired.id}`, { status: 'expired' });

  await api('POST', '/pages', {
    title: 'Fuzzing the board',
    kind: 'blog_post',
    status: 'published',
    content: '<p>What a fuzzer sends.</p>',
  });
  await api('POST', '/pages', {
    title: 'Board fuzz terms',
    kind: 'page',
    status: 'published',
    content: '<p>Terms.</p>',
  });
  await api('POST', '/cms', {
    slug: COLLECTION,
    name: 'Board notes',
    schema: [
      { name: 'title', type: 'text', required: true },
      { name: 'body', type: 'longtext' },
    ],
    visibility: 'public',
    rules: { allow_public_submit: true, moderation: 'auto' },
  });
  await api('POST', `/cms/${COLLECTION}`, {
    data: { title: 'A note on the board', body: 'Hello.' },
    status: 'published',
  });

  return {
    boardPath: new URL(organization.board_url).pathname.replace(/\/$/, ''),
    slug: organization.slug,
    jobSlug: internal.slug,
    expiredJobSlug: expired.slug,
    collection: COLLECTION,
    webhookSecret: WEBHOOK_SECRET,
  };
}

/** A `Stripe-Signature` for `body` (timestamp now unless given), as Stripe signs its events. */
export function stripeSignature(body: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}
