import { z } from 'zod';
import { type Database, getDb } from '@/db/client';
import type { ApiKey, Organization } from '@/db/schema';
import { type AuthenticatedKey, authenticateApiKey, touchApiKey } from '@/lib/auth/api-keys';
import { RevisionCache } from '@/lib/cache/revision-cache';
import { AppError, type ErrorCode, errorDocsUrl } from '@/lib/core/errors';
import { logError, logRequest } from '@/lib/core/logger';
import { searchParamsToObject } from '@/lib/core/query';
import { validationError } from '@/lib/core/validation';
import {
  getRateLimiter,
  RATE_LIMIT_WINDOW_MS,
  type RateLimitResult,
  rateLimitExceeded,
  rateLimitFor,
  rateLimitHeaders,
} from '@/lib/rate-limit';
import {
  assertValidIdempotencyKey,
  beginIdempotentRequest,
  completeIdempotentRequest,
  IDEMPOTENT_METHODS,
  type IdempotentRequest,
  releaseIdempotentRequest,
} from './idempotency';
import { isMultipart, parseMultipart } from './multipart';
import { requestIdFor } from './request-id';

export const MAX_JSON_BODY_BYTES = 1_000_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type AnyObjectSchema = z.ZodType<Record<string, unknown>>;

export interface RouteDefinition<
  P extends AnyObjectSchema,
  Q extends AnyObjectSchema,
  B extends z.ZodType,
  R extends z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI path under /api, with `{param}` segments. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `api_key` (default): x-api-key required, rate limited, scoped to its organization. */
  auth?: 'api_key' | 'none';
  /** false for routes that must answer even when the database is down (health, OpenAPI). */
  database?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Also accept the body as multipart/form-data, validated by `schema` (files arrive as `File`s).
   * `body` is then a union holding `schema`; its other members describe the JSON form.
   */
  multipart?: { schema: z.ZodType; maxFileBytes: number };
  /** The whole success body, e.g. `z.object({ data: JobSchema })`. Responses are parsed through it. */
  response: R;
  successStatus?: number;
  /** Body size ceiling in bytes (default MAX_JSON_BODY_BYTES); larger bodies answer 413. */
  maxBodyBytes?: number;
  /** Headers added to every answer, errors included (CORS of the keyless public routes). */
  cors?: (db: Database, request: Request) => Promise<Record<string, string>>;
  /** Extra documented error codes beyond the ones the wrapper itself produces. */
  errors?: ErrorCode[];
  /** Documented non-error answers besides the success one (e.g. health's 503). */
  otherResponses?: { status: number; description: string; schema: z.ZodType }[];
  /**
   * Keyed GET routes whose answer depends only on the organization's jobs (and categories): the
   * serialized response is kept per organization, jobs revision, path and query for at most `ttlMs`
   * (see RevisionCache), so repeated reads skip the database and serialization. Errors are not kept.
   */
  cache?: { ttlMs: number; maxEntries: number };
}

export interface KeyContext {
  organization: Organization;
  apiKey: ApiKey;
}

export interface HandlerContext<P, Q, B> {
  request: Request;
  requestId: string;
  db: Database;
  params: P;
  query: Q;
  body: B;
}

export type Auth<A> = A extends 'none' ? Partial<KeyContext> : KeyContext;

/** Returned by a handler to answer with a status other than the route's success status. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = <T>(status: number, body: T, headers?: Record<string, string>) =>
  new Reply(status, body, headers);

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  definition?: RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>;
};

const emptyObject = z.object({});

/**
 * The one wrapper every API route handler goes through: request id, key authentication,
 * rate limit, scope, parsing, idempotency, envelope, error mapping and the log line.
 */
export function apiRoute<
  P extends AnyObjectSchema = typeof emptyObject,
  Q extends AnyObjectSchema = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(
  definition: RouteDefinition<P, Q, B, R> & { auth: 'none' },
  handler: (
    context: HandlerContext<z.output<P>, z.output<Q>, z.output<B>> & Partial<KeyContext>,
  ) => Promise<z.input<R> | Reply<z.input<R>> | Response>,
): RouteHandler;
export function apiRoute<
  P extends AnyObjectSchema = typeof emptyObject,
  Q extends AnyObjectSchema = typeof emptyObject,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(
  definition: RouteDefinition<P, Q, B, R>,
  handler: (
    context: HandlerContext<z.output<P>, z.output<Q>, z.output<B>> & KeyContext,
  ) => Promise<z.input<R> | Reply<z.input<R>> | Response>,
): RouteHandler;
export function apiRoute(
  definition: RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>,
  // The overloads above type the context; here it is only passed through.
  handler: (context: never) => Promise<unknown>,
): RouteHandler {
  if (definition.cache && (definition.method !== 'GET' || definition.auth === 'none')) {
    throw new Error(`${definition.operationId}: only keyed GET routes can cache responses.`);
  }
  const responseCache = definition.cache
    ? new RevisionCache<SerializedResponse>(definition.cache)
    : undefined;
  const routeHandler: RouteHandler = async (request, context) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const headers = new Headers({ 'x-request-id': requestId });
    let orgId: number | null = null;
    let response: Response;
    try {
      const db = definition.database === false ? (undefined as unknown as Database) : await getDb();
      if (definition.cors) {
        for (const [name, value] of Object.entries(await definition.cors(db, request)))
          headers.set(name, value);
      }
      let auth: AuthenticatedKey | undefined;
      if (definition.auth !== 'none') {
        auth = await authenticate(db, request);
        orgId = auth.organization.id;
        applyRateLimitHeaders(headers, await enforceRateLimit(request.method, auth));
        if (auth.apiKey.scope === 'read_only' && request.method !== 'GET' && request.method !== 'HEAD') {
          throw new AppError(
            'forbidden',
            'This API key is read-only; use a key with full access to make changes.',
          );
        }
      }
      const input = await parseInput(definition, request, context);
      const run = async () => {
        const context: HandlerContext<unknown, unknown, unknown> & Partial<KeyContext> = {
          request,
          requestId,
          db,
          params: input.params,
          query: input.query,
          body: input.body,
          organization: auth?.organization,
          apiKey: auth?.apiKey,
        };
        return serialize(definition, await handler(context as never));
      };
      response =
        responseCache && auth
          ? toResponse(
              await responseCache.get(auth.organization, cacheKey(input), () => run().then(cacheable)),
            )
          : await runIdempotently(db, request, requestId, auth, input.rawBody, async () =>
              toResponse(await run()),
            );
      if (auth) await touchApiKey(db, auth.apiKey);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    for (const [name, value] of headers) response.headers.set(name, value);
    const url = new URL(request.url);
    logRequest({
      method: request.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      org: orgId,
      request_id: requestId,
    });
    return response;
  };
  routeHandler.definition = definition;
  return routeHandler;
}

async function authenticate(db: Database, request: Request): Promise<AuthenticatedKey> {
  const presented = request.headers.get('x-api-key')?.trim();
  if (!presented) throw new AppError('unauthorized', 'Missing API key. Send it in the x-api-key header.');
  const auth = await authenticateApiKey(db, presented);
  if (!auth) throw new AppError('unauthorized', 'Invalid or revoked API key.');
  return auth;
}

async function enforceRateLimit(method: string, auth: AuthenticatedKey): Promise<RateLimitResult> {
  const max = rateLimitFor(method, auth.organization.rateLimits);
  const bucket = method === 'HEAD' ? 'GET' : method;
  const result = await getRateLimiter().limit(`${auth.apiKey.id}:${bucket}`, max, RATE_LIMIT_WINDOW_MS);
  if (!result.success) {
    throw rateLimitExceeded(
      result,
      (retryAfter) =>
        `Rate limit of ${result.limit} ${bucket} requests per minute exceeded. Retry in ${retryAfter} s.`,
      { method: bucket },
    );
  }
  return result;
}

function applyRateLimitHeaders(headers: Headers, result: RateLimitResult): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(result))) headers.set(name, value);
}

interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  rawBody: string;
}

async function parseInput(
  definition: RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>,
  request: Request,
  context: RouteContext,
): Promise<ParsedInput> {
  const params = parseOrThrow(definition.params, (await context?.params) ?? {}, 'path');
  const query = parseOrThrow(
    definition.query,
    searchParamsToObject(new URL(request.url).searchParams),
    'query',
  );
  if (!definition.body) return { params, query, body: undefined, rawBody: '' };
  if (definition.multipart && isMultipart(request)) {
    const { values, digest } = await parseMultipart(request, definition.multipart);
    const body = definition.multipart.schema.safeParse(values);
    if (!body.success) throw validationError('body', body.error);
    return { params, query, body: body.data, rawBody: `multipart:${digest}` };
  }
  const rawBody = await readBody(request, definition.maxBodyBytes ?? MAX_JSON_BODY_BYTES);
  const json = rawBody === '' ? undefined : parseJson(rawBody, request, Boolean(definition.multipart));
  const body = jsonBodySchema(definition)!.safeParse(json);
  if (!body.success) {
    if (json === undefined) throw new AppError('validation_error', 'A JSON request body is required.');
    throw validationError('body', body.error);
  }
  return { params, query, body: body.data, rawBody };
}

function parseOrThrow(schema: z.ZodType | undefined, value: unknown, location: 'path' | 'query'): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(location, result.error);
  return result.data;
}

async function readBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw bodyTooLarge(maxBytes);
  return text;
}

const bodyTooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `The request body exceeds ${maxBytes >= 1_000_000 ? `${maxBytes / 1_000_000} MB` : `${maxBytes / 1024} KB`}.`,
  );

/** The schema a JSON body must match: `body`, less its multipart member when there is one. */
export function jsonBodySchema(
  definition: Pick<
    RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>,
    'body' | 'multipart'
  >,
): z.ZodType | undefined {
  const { body, multipart } = definition;
  if (!body || !multipart) return body;
  if (!(body instanceof z.ZodUnion)) throw new Error('A route accepting multipart needs a union `body`.');
  const json = body.options.filter((option) => option !== multipart.schema) as z.ZodType[];
  return json.length === 1 ? json[0] : z.union(json as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

function parseJson(text: string, request: Request, multipartToo: boolean): unknown {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    const accepted = multipartToo ? 'application/json or multipart/form-data' : 'application/json';
    throw new AppError(
      'unsupported_media_type',
      `Send the body with Content-Type: ${accepted}${contentType ? ` (got '${contentType}')` : ''}.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    // Node's message quotes the body, which may hold a secret: keep only where parsing stopped.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new AppError(
      'invalid_json',
      `The request body is not valid JSON${position ? ` (parsing stopped at character ${position})` : ''}.`,
    );
  }
}

async function runIdempotently(
  db: Database,
  request: Request,
  requestId: string,
  auth: AuthenticatedKey | undefined,
  rawBody: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key === null || !auth || !IDEMPOTENT_METHODS.has(request.method)) return run();
  assertValidIdempotencyKey(key);
  const url = new URL(request.url);
  const claim: IdempotentRequest = {
    orgId: auth.organization.id,
    key,
    method: request.method,
    path: url.pathname + url.search,
    body: rawBody,
  };
  const outcome = await beginIdempotentRequest(db, claim);
  if (outcome.kind === 'replay') {
    return Response.json(outcome.body, {
      status: outcome.status,
      headers: { 'Idempotent-Replayed': 'true' },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // A definite answer (404, 409, ...) is replayed like a success; a crash leaves the key free to retry.
    if (error instanceof AppError && error.status < 500) {
      const failure = errorResponse(error, requestId);
      await completeIdempotentRequest(db, claim, failure.status, await failure.clone().json());
    } else {
      await releaseIdempotentRequest(db, claim);
    }
    throw error;
  }
  if (response.status >= 500) await releaseIdempotentRequest(db, claim);
  else await completeIdempotentRequest(db, claim, response.status, await response.clone().json());
  return response;
}

const utf8 = new TextEncoder();

interface SerializedResponse {
  status: number;
  /** UTF-8 JSON, encoded once: a cached answer is sent again without re-encoding. */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A handler's result checked against the route's response schema and turned into JSON text. */
function serialize(
  definition: RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>,
  result: unknown,
): SerializedResponse | Response {
  if (result instanceof Response) return result;
  const { status, body, headers } =
    result instanceof Reply ? result : new Reply(definition.successStatus ?? 200, result);
  const parsed = definition.response.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Response of ${definition.operationId} does not match its schema: ${parsed.error.message}`,
    );
  }
  return { status, body: utf8.encode(JSON.stringify(parsed.data)), headers };
}

const cacheKey = (input: ParsedInput) => JSON.stringify([input.params, input.query]);

function cacheable(result: SerializedResponse | Response): SerializedResponse {
  if (result instanceof Response) throw new Error('A route with a response cache must return a body.');
  return result;
}

function toResponse(result: SerializedResponse | Response): Response {
  if (result instanceof Response) return result;
  return new Response(result.body, {
    status: result.status,
    headers: { ...result.headers, 'content-type': 'application/json' },
  });
}

/** Answers a request that never reaches a route handler (unknown path, wrong method), and logs it. */
export function rejectRequest(
  request: Request,
  error: AppError,
  headers: Record<string, string> = {},
): Response {
  const requestId = requestIdFor(request);
  const response = errorResponse(error, requestId);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  logRequest({
    method: request.method,
    path: new URL(request.url).pathname,
    status: response.status,
    ms: 0,
    org: null,
    request_id: requestId,
  });
  return response;
}

/** Maps anything thrown to the error envelope; only AppError messages reach the client. */
export function errorResponse(error: unknown, requestId: string): Response {
  const apiError =
    error instanceof AppError ? error : new AppError('internal_error', 'An unexpected error occurred.');
  if (!(error instanceof AppError)) logError('unhandled_api_error', error, { request_id: requestId });
  return Response.json(
    {
      error: {
        message: apiError.message,
        code: apiError.code,
        details: apiError.details,
        url: errorDocsUrl(apiError.code),
        request_id: requestId,
      },
    },
    { status: apiError.status, headers: { ...apiError.headers, 'x-request-id': requestId } },
  );
}
