// GET /api/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { forDeployment, OPENAPI_DOCUMENT_FILE, type OpenApiDocument } from '@/lib/http/openapi';

let served: OpenApiDocument | undefined;

/** The document `npm run build` wrote (scripts/generate-openapi.ts), with this deployment's address. */
async function servedDocument(): Promise<OpenApiDocument> {
  // Not traced from here (that pulled the whole project into the server output): the file ships
  // through outputFileTracingIncludes in next.config.ts.
  const file = path.join(/* turbopackIgnore: true */ process.cwd(), OPENAPI_DOCUMENT_FILE);
  const text = await readFile(file, 'utf8').catch((cause: unknown) => {
    throw new Error(`${OPENAPI_DOCUMENT_FILE} is missing: \`npm run build\` writes it.`, { cause });
  });
  return forDeployment(JSON.parse(text) as OpenApiDocument);
}

const getOpenApiDocument = apiRoute(
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API described as OpenAPI 3.1',
    description:
      'This document: every operation with its zod-derived request and response schemas. Cached by clients for 5 minutes.',
    tags: ['Operations'],
    auth: 'none',
    database: false,
    response: z.record(z.string(), z.unknown()),
  },
  async () => {
    served ??= await servedDocument();
    return Response.json(served, { headers: { 'Cache-Control': 'public, max-age=300' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getOpenApiDocument });
