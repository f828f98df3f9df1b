// GET /api/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { buildOpenApiDocument } from '@/lib/http/openapi';

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

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
    // Imported lazily: the module list imports this file too.
    const { routeModules } = await import('./route-modules');
    cached ??= buildOpenApiDocument(routeModules);
    return Response.json(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getOpenApiDocument });
