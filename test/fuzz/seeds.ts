// One well-formed request per kind of resource, sent before the fuzzing: schemas alone rarely
// produce a job that takes applications or a webhook with a reachable target, and without real
// resources the fuzzer would only ever reach the 404s of the operations below them.
import sharp from 'sharp';

export interface Seed {
  method: 'POST' | 'GET' | 'PATCH';
  /** Filled from earlier answers: `{job}`, `{webhook}`. */
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
  multipart?: () => Promise<FormData>;
  /** Remembers `data.id` (or `data.slug`) of the answer under this name. */
  as?: string;
}

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

export const seeds: Seed[] = [
  {
    method: 'POST',
    path: '/jobs',
    as: 'job',
    json: {
      title: 'Fuzz engineer',
      description: 'Breaks things on purpose.',
      company_name: 'Fuzz Inc',
      status: 'active',
      how_to_apply_method: 'form-internal',
      category: 'Engineering',
    },
  },
  {
    method: 'PATCH',
    path: '/jobs/{job}',
    json: {
      title: 'Senior fuzz engineer',
      salary_min: 50_000,
      salary_currency: 'eur',
      salary_period: 'yearly',
    },
  },
  {
    method: 'POST',
    path: '/jobs/{job}/applications',
    json: { name: 'Ada Lovelace', email: 'ada@example.com', cover_letter: 'Hello.' },
  },
  {
    method: 'POST',
    path: '/webhooks',
    as: 'webhook',
    // Nothing listens on port 9 (discard): deliveries fail and become retryable.
    json: { events: ['job.created', 'job.updated'], target_url: 'http://127.0.0.1:9/hook' },
  },
  { method: 'POST', path: '/webhooks/{webhook}/test' },
  {
    method: 'POST',
    path: '/cms',
    as: 'collection',
    json: {
      slug: 'notes',
      name: 'Notes',
      schema: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'longtext' },
        { name: 'score', type: 'number' },
      ],
      visibility: 'public',
      rules: { allow_public_submit: true, moderation: 'manual' },
    },
  },
  {
    method: 'POST',
    path: '/cms/{collection}',
    json: { data: { title: 'First note', score: 3 }, status: 'published' },
  },
  { method: 'GET', path: '/organization/cms/{collection}?organization=fuzz' },
  {
    method: 'POST',
    path: '/organization/cms/{collection}/submit?organization=fuzz',
    json: { data: { title: 'From a visitor' } },
  },
  ...['/cron/webhooks', '/cron/cms', '/cron/domains'].map(
    (path): Seed => ({
      method: 'GET',
      path,
      headers: { authorization: `Bearer ${process.env.CRON_SECRET}` },
    }),
  ),
  {
    method: 'POST',
    path: '/assets',
    multipart: async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'square.png');
      form.append('title', 'A square');
      return form;
    },
  },
  { method: 'POST', path: '/authors', json: { name: 'Grace Hopper' } },
  { method: 'POST', path: '/pages', json: { title: 'About the fuzz', type: 'page', status: 'published' } },
  { method: 'POST', path: '/secrets', json: { name: 'fuzz_secret', value: 'hunter2' } },
];
