import { readdirSync } from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodeList } from '@/lib/core/errors';
import { buildOpenApiDocument } from '@/lib/http/openapi';
import { writeOpenApiDocument } from '@/scripts/generate-openapi';
import { call } from '@/test/http';
import { GET } from './route';
import { routeModules } from './route-modules';

// As `npm run build` does, for an address other than this deployment's (APP_URL, localhost:3000).
beforeAll(() => writeOpenApiDocument('https://build.example'));

const apiRoot = path.resolve(import.meta.dirname, '..');

/** Every route.ts under app/api as its OpenAPI path, e.g. jobs/[id]/route.ts → /jobs/{id}. */
function routeFilePaths(): string[] {
  const files = readdirSync(apiRoot, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('route.ts'),
  );
  return files
    .map((file) => `/${path.dirname(file)}`.replace(/\\/g, '/').replace(/\[([^\].]+)\]/g, '{$1}'))
    .filter((route) => !route.includes('[...'));
}

describe('GET /api/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document, version 1.0.0, without a key', async () => {
    const response = await call(GET, { path: '/openapi.json' });
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.info.version).toBe('1.0.0');
    const result = await validate(structuredClone(response.body));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('answers, byte for byte, the document the routes build for this deployment', async () => {
    const response = await GET(new Request('http://localhost:3000/api/openapi.json'), {
      params: Promise.resolve({}),
    });
    expect(await response.text()).toBe(JSON.stringify(buildOpenApiDocument(routeModules)));
  });

  it('names the deployment that serves it, not the one that built it', async () => {
    const { body } = await call(GET, { path: '/openapi.json' });
    expect(body.servers).toEqual([{ url: 'http://localhost:3000/api', description: 'This deployment' }]);
    expect(body.info.contact.url).toBe('http://localhost:3000/docs');
    expect(body.info.license.url).toBe('http://localhost:3000/docs');
    expect(JSON.stringify(body)).not.toContain('build.example');
  });

  it('describes every route file', async () => {
    const { body } = await call(GET, { path: '/openapi.json' });
    const documented = Object.keys(body.paths);
    const files = routeFilePaths();
    expect(files.length).toBeGreaterThan(0);
    for (const route of files) expect(documented, `${route} has no OpenAPI entry`).toContain(route);
  });

  it('documents the key header, the error envelope and every error code', async () => {
    const { body } = await call(GET, { path: '/openapi.json' });
    expect(body.components.securitySchemes.ApiKeyAuth).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(body.components.schemas.Error.properties.error.properties.code.enum).toEqual(errorCodeList);
    const organization = body.paths['/organization'].get;
    expect(Object.keys(organization.responses)).toEqual(expect.arrayContaining(['200', '401', '429', '500']));
    expect(organization.responses['200'].headers).toHaveProperty('RateLimit-Remaining');
    expect(body.paths['/health'].get.security).toEqual([]);
  });
});

describe('text fields', () => {
  /** The description of `schema.property`, through a nullable anyOf. */
  const describedAs = (
    body: { components: { schemas: Record<string, unknown> } },
    schema: string,
    property: string,
  ) => {
    const node = (body.components.schemas[schema] as { properties: Record<string, Record<string, unknown>> })
      .properties[property]!;
    const inner = (node.anyOf as Record<string, unknown>[] | undefined)?.[0] ?? node;
    return String(node.description ?? inner.description ?? '');
  };

  it.each([
    ['Job', 'title'],
    ['Job', 'company_name'],
    ['Job', 'location'],
    ['Job', 'how_to_apply'],
    ['Application', 'name'],
    ['Application', 'cover_letter'],
    ['Author', 'name'],
    ['Category', 'name'],
    ['Asset', 'title'],
    ['PageSummary', 'title'],
    ['PageSummary', 'meta_description'],
  ])('says %s.%s is plain text that consumers escape', async (schema, property) => {
    const { body } = await call(GET, { path: '/openapi.json' });
    expect(describedAs(body, schema, property)).toContain('Plain text, not HTML');
  });

  it('says where HTML is, in the document’s description', async () => {
    const { body } = await call(GET, { path: '/openapi.json' });
    expect(body.info.description).toContain('**Text and HTML.**');
    expect(body.info.description).toContain('description_html');
  });
});
