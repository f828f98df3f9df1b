import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET, OPTIONS, POST } from './route';

describe('GET /api/organization', () => {
  it("answers with the key's own organization", async () => {
    const a = await createTenant({ name: 'Acme Careers' });
    const b = await createTenant({ name: 'Globex Jobs' });
    const first = await call(GET, { path: '/organization', apiKey: a.key });
    const second = await call(GET, { path: '/organization', apiKey: b.key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: {
        id: a.organization.id,
        slug: a.organization.slug,
        name: 'Acme Careers',
        created_at: a.organization.createdAt.toISOString(),
      },
    });
    expect(second.body.data.id).toBe(b.organization.id);
    expect(second.body.data.name).toBe('Globex Jobs');
  });

  it('answers 405 in the error envelope for other methods, with Allow', async () => {
    const tenant = await createTenant();
    for (const handler of [POST, DELETE]) {
      const response = await call(handler, { method: 'POST', path: '/organization', apiKey: tenant.key });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.body.error).toMatchObject({
        code: 'method_not_allowed',
        request_id: expect.any(String),
      });
    }
    const options = await OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
