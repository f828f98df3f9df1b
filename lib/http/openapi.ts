import { z } from 'zod';
import { env } from '@/lib/core/env';
import { type ErrorCode, errorCodeList, errorCodes } from '@/lib/core/errors';
import { defaultRateLimits } from '@/lib/rate-limit';
import { jsonBodySchema } from './parse-input';
import type { RouteHandler } from './route-definition';

export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;
type Definition = NonNullable<RouteHandler['definition']>;

const errorEnvelopeSchema = z
  .object({
    error: z.object({
      message: z.string().describe('Human-readable explanation.'),
      code: z.enum(errorCodeList as [ErrorCode, ...ErrorCode[]]).describe('Stable machine-readable code.'),
      details: z
        .unknown()
        .describe(
          'For `validation_error`: an array of `{ location, field, path, code, message }`. Otherwise null or an object.',
        ),
      url: z.string().describe('Link to this code in the API reference.'),
      request_id: z.string().describe('Echoes the `x-request-id` response header.'),
    }),
  })
  .meta({ id: 'Error' });

const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Requests allowed per minute for this method.',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the last minute (a sliding window: every minute, not the clock minute).',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the oldest request of the last minute leaves it and frees a slot.',
    schema: { type: 'integer' },
  },
};
const cacheStatusHeader = {
  'Cache-Status': {
    description:
      'RFC 9211: `Boardkit; hit` when the answer came from the cache, `Boardkit; fwd=miss; stored` when it was computed for this request and kept, `Boardkit; fwd=miss; collapsed` when the request waited for the same answer computed for another. A cached answer is dropped as soon as anything of the organization changes.',
    schema: { type: 'string' },
  },
};
const requestIdHeader = {
  'x-request-id': {
    description: 'Unique id of this request; quote it to support.',
    schema: { type: 'string' },
  },
};

/** Collects component schemas, mapping zod's `$defs` to `#/components/schemas`. */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    const { $schema: _, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const renames: Record<string, string> = {};
    for (const [id, definition] of Object.entries($defs ?? {})) {
      let name = id;
      const existing = this.components[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(definition))
        name = `${id}${io === 'input' ? 'Input' : 'Output'}`;
      this.components[name] = this.rewrite(definition, renames) as JsonSchema;
      renames[id] = name;
    }
    for (const name of Object.values(renames))
      this.components[name] = this.rewrite(this.components[name], renames) as JsonSchema;
    // A schema that is itself registered comes back as a bare $ref into its own $defs.
    return this.rewrite(rest, renames) as JsonSchema;
  }

  private rewrite(value: unknown, renames: Record<string, string>): unknown {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item, renames));
    if (!value || typeof value !== 'object') return value;
    const out: JsonSchema = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
        const id = item.slice('#/$defs/'.length);
        out[key] = `#/components/schemas/${renames[id] ?? id}`;
      } else {
        out[key] = this.rewrite(item, renames);
      }
    }
    return out;
  }
}

function parametersFor(
  collector: SchemaCollector,
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
) {
  if (!schema) return [];
  const input = collector.convert(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const output = collector.convert(schema, 'output') as { properties?: Record<string, JsonSchema> };
  return Object.entries(input.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    const fallback = output.properties?.[name]?.default;
    return {
      name,
      in: location,
      // Lists travel comma-separated in one parameter (`a,b,c`), not as repeated keys.
      ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
      required: location === 'path' || (input.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: fallback === undefined ? rest : { ...rest, default: fallback },
    };
  });
}

function errorResponse(code: ErrorCode | ErrorCode[]) {
  const codes = Array.isArray(code) ? code : [code];
  return {
    description: codes.map((c) => `\`${c}\`: ${errorCodes[c].description}`).join('\n\n'),
    headers: requestIdHeader,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function operationFor(collector: SchemaCollector, definition: Definition) {
  const keyed = definition.auth !== 'none';
  const writes = definition.method !== 'GET';
  const codes: ErrorCode[] = [
    ...(definition.errors ?? []),
    ...(definition.params || definition.query || definition.body ? (['validation_error'] as const) : []),
    ...(definition.body ? (['invalid_json', 'payload_too_large', 'unsupported_media_type'] as const) : []),
    ...(definition.multipart ? (['file_too_large'] as const) : []),
    ...(keyed ? (['unauthorized', 'rate_limited'] as const) : []),
    ...(keyed && writes ? (['forbidden', 'idempotency_key_in_use', 'idempotency_key_reused'] as const) : []),
    'internal_error',
    ...(definition.database === false ? [] : (['service_unavailable'] as const)),
  ];

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);

  const successHeaders = {
    ...requestIdHeader,
    ...(keyed ? rateLimitHeaders : {}),
    ...(definition.cache ? cacheStatusHeader : {}),
  };
  const responses: Record<string, unknown> = {
    [String(definition.successStatus ?? 200)]: {
      description: 'Success.',
      headers: successHeaders,
      content: { 'application/json': { schema: collector.convert(definition.response, 'output') } },
    },
  };
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b))
    responses[String(status)] = errorResponse(list);
  for (const other of definition.otherResponses ?? []) {
    responses[String(other.status)] = {
      description: other.description,
      headers: requestIdHeader,
      content: { 'application/json': { schema: collector.convert(other.schema, 'output') } },
    };
  }

  const parameters = [
    ...parametersFor(collector, definition.params, 'path'),
    ...parametersFor(collector, definition.query, 'query'),
    ...(keyed && writes
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the first response for this key is stored for 24 hours and replayed (with `Idempotent-Replayed: true`).',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ]
      : []),
  ];

  return {
    operationId: definition.operationId,
    summary: definition.summary,
    ...(definition.description ? { description: definition.description } : {}),
    tags: definition.tags,
    ...(keyed ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(definition.body
      ? {
          requestBody: {
            required: !definition.body.safeParse(undefined).success,
            content: {
              'application/json': { schema: collector.convert(jsonBodySchema(definition)!, 'input') },
              ...(definition.multipart
                ? {
                    'multipart/form-data': {
                      schema: collector.convert(definition.multipart.schema, 'input'),
                    },
                  }
                : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

const apiDescription = `The Boardkit management API. Every call carries an \`x-api-key\` header with a key created in the dashboard (Settings → API keys); a key acts only on its own organization's data.

**Envelope.** Successes wrap results in \`data\` (lists add \`meta.pagination\`). Errors are \`{ "error": { "message", "code", "details", "url", "request_id" } }\` with a code from a closed list (see the Error schema and /docs/errors).

**Rate limits** per API key and minute: GET ${defaultRateLimits.GET}, POST ${defaultRateLimits.POST}, PUT ${defaultRateLimits.PUT}, PATCH ${defaultRateLimits.PATCH}, DELETE ${defaultRateLimits.DELETE}. Every keyed response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); over the limit the answer is 429 \`rate_limited\` with \`Retry-After\` (seconds). Higher limits are available through support.

**Scopes.** Keys are \`full\` or \`read_only\`; a read-only key may only GET (otherwise 403 \`forbidden\`).

**Idempotency.** POST, PUT, PATCH and DELETE accept an \`Idempotency-Key\` header; see the parameter's description.

**Text and HTML.** Text fields (titles, names, descriptions, cover letters, ...) are plain text, returned as stored: never HTML, so escape them wherever they are rendered. The only HTML in answers is in fields named \`*_html\` (such as a page's \`content_html\` and a job's \`description_html\`), sanitized by the server on save, and in a job's \`description\` when HTML or a rich-text document was sent (stored sanitized; render \`description_html\` to be safe either way); CMS \`richtext\` values are documents (JSON), and \`text\` and \`longtext\` values are plain text too.`;

/** Every tag an operation may carry, in the reference's order; a tag missing here fails the build. */
const tagDescriptions: Record<string, string> = {
  Jobs: 'Job posts: create, update, search and expire them; the fields Google for Jobs and Indeed read.',
  'Job sources':
    'ATS boards (Greenhouse, Lever, Ashby) and XML feeds in Indeed’s format, synced into jobs on a schedule or on demand.',
  Applications: 'Applications received through the board’s native apply form, and their pipeline status.',
  Companies:
    'The employers of the board: a page each on the board with their live jobs, and the logo their jobs show; jobs link by `company_id` or by name.',
  Categories: 'The board’s job categories, one level of nesting.',
  Locations: 'Normalized places jobs point at, resolved from free text by the geocoder.',
  Salaries: 'Salary statistics over the board’s live jobs.',
  Pages: 'Pages and blog posts of the board, with Tiptap content stored as JSON and sanitized HTML.',
  Authors: 'Bylines for pages and blog posts.',
  Assets: 'The media library: uploaded images and files served from the board’s CDN.',
  CMS: 'Custom collections with their own field schema, their items, and public reads and submissions.',
  Secrets: 'The vault: write-only values that configuration refers to as `vault:<name>`.',
  Webhooks: 'Subscriptions to events, signed deliveries (Standard Webhooks) and their delivery log.',
  Members:
    'The board’s signed-in visitors: job seekers (`candidate`) and hiring companies (`employer`), with their subscriptions and payments.',
  Alerts:
    'Job alerts visitors subscribe to on the board: confirmed by email, sent instantly or as daily or weekly digests.',
  Plans:
    'What the board sells: job posts to employers (one-time packs or a monthly or yearly allowance) and paywall access to readers; prices in minor units.',
  Payments:
    'How the organization takes payments (Stripe or the built-in local checkout), the provider’s webhooks, and the payments and subscriptions they record, in the spec’s shapes.',
  Analytics:
    'Privacy-first visitor analytics of the board (no cookies, no personal data), Plausible-shaped, with a funnel per job.',
  Organization: 'The organization the API key belongs to and its settings.',
  Operations: 'Health and this document; no key needed.',
  Internal: 'Called by the scheduler, not by integrations.',
};

function declaredTags(paths: Record<string, Record<string, { tags?: string[] }>>) {
  const used = new Set(
    Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags ?? [])),
  );
  for (const tag of used) {
    if (!tagDescriptions[tag]) throw new Error(`OpenAPI tag '${tag}' has no entry in tagDescriptions.`);
  }
  return Object.entries(tagDescriptions)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}

/** Where `npm run build` writes the document (scripts/generate-openapi.ts) and the route reads it. */
export const OPENAPI_DOCUMENT_FILE = 'generated/openapi.json';

/** The parts of the document that name the deployment: links to its docs, its API as the server. */
function deploymentFields(appUrl: string) {
  const base = appUrl.replace(/\/$/, '');
  return {
    contact: { name: 'Boardkit support', url: `${base}/docs` },
    license: { name: 'Proprietary', url: `${base}/docs` },
    servers: [{ url: `${base}/api`, description: 'This deployment' }],
  };
}

/**
 * Builds the OpenAPI 3.1 document from the route handlers' own zod definitions. Component schemas are
 * named and ordered by first use, so the order of `routeModules` (app/api/openapi.json/route-modules.ts,
 * generated by scripts/generate-route-modules.ts) is part of the document.
 */
export function buildOpenApiDocument(routeModules: Record<string, unknown>[], appUrl = env().APP_URL) {
  const collector = new SchemaCollector();
  collector.convert(errorEnvelopeSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of routeModules) {
    for (const handler of Object.values(module)) {
      const definition = (handler as RouteHandler | undefined)?.definition;
      if (!definition) continue;
      paths[definition.path] ??= {};
      paths[definition.path]![definition.method.toLowerCase()] = operationFor(collector, definition);
    }
  }
  const { contact, license, servers } = deploymentFields(appUrl);
  return {
    openapi: '3.1.0',
    info: { title: 'Boardkit API', version: API_VERSION, description: apiDescription, contact, license },
    servers,
    security: [{ ApiKeyAuth: [] }],
    tags: declaredTags(paths as Record<string, Record<string, { tags?: string[] }>>),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: collector.components,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** A document built for another address (the build's) as the deployment at `appUrl` serves it. */
export function forDeployment(document: OpenApiDocument, appUrl = env().APP_URL): OpenApiDocument {
  const { contact, license, servers } = deploymentFields(appUrl);
  return { ...document, info: { ...document.info, contact, license }, servers };
}
