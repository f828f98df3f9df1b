import { z } from 'zod';
import { type Database, getDb } from '@/db/client';
import { type AuthenticatedKey, touchApiKey } from '@/lib/auth';
import { CACHE_STATUS_HEADER, cacheStatus, frame, RevisionCache, SharedAnswers, unframe } from '@/lib/cache';
import { logRequest } from '@/lib/core/logger';
import type { Db } from '@/lib/core/transaction';
import { admit, authenticate } from './authenticate';
import { runIdempotently } from './idempotency';
import { type ParsedInput, parseInput } from './parse-input';
import { requestIdFor } from './request-id';
import { errorResponse, type SerializedResponse, serialize, toResponse } from './respond';
import type {
  AnyObjectSchema,
  AnyRouteDefinition,
  HandlerContext,
  KeyContext,
  Reply,
  RouteDefinition,
  RouteHandler,
} from './route-definition';

export { MAX_JSON_BODY_BYTES, readBody } from './parse-input';
export { errorResponse, rejectRequest } from './respond';
export type { HttpMethod, RouteDefinition, RouteHandler } from './route-definition';
export { Reply, reply } from './route-definition';

type Handler = (context: HandlerContext<unknown, unknown, unknown> & Partial<KeyContext>) => Promise<unknown>;

const emptyObject = z.object({});

/**
 * The one wrapper every API route handler goes through, as a sequence of small steps: request id,
 * authorize (key, rate limit, scope), parse, run (idempotently, or from the response cache),
 * serialize through the response schema, and the log line. Errors become the envelope.
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
  definition: AnyRouteDefinition,
  // The overloads above type the context; here it is only passed through.
  handler: (context: never) => Promise<unknown>,
): RouteHandler {
  const respond = responder(definition, handler as Handler);
  const routeHandler: RouteHandler = async (request, context) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const headers = new Headers({ 'x-request-id': requestId });
    let auth: AuthenticatedKey | undefined;
    let response: Response;
    try {
      const db = definition.database === false ? (undefined as unknown as Database) : await getDb();
      if (definition.cors) {
        for (const [name, value] of Object.entries(await definition.cors(db, request)))
          headers.set(name, value);
      }
      if (definition.auth !== 'none') {
        auth = await authenticate(db, request);
        await admit(request, auth, headers);
      }
      const input = await parseInput(definition, request, context);
      response = await respond({ request, requestId, db, auth, input });
      if (auth) await touchApiKey(db, auth.apiKey);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    for (const [name, value] of headers) response.headers.set(name, value);
    logRequest({
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      org: auth?.organization.id ?? null,
      request_id: requestId,
    });
    return response;
  };
  routeHandler.definition = definition;
  return routeHandler;
}

interface Call {
  request: Request;
  requestId: string;
  db: Db;
  auth: AuthenticatedKey | undefined;
  input: ParsedInput;
}

/** Runs the handler and serializes its answer: from the response cache, or idempotently. */
function responder(definition: AnyRouteDefinition, handler: Handler): (call: Call) => Promise<Response> {
  const run = async ({ request, requestId, db, auth, input }: Call) =>
    serialize(
      definition,
      await handler({
        request,
        requestId,
        db,
        params: input.params,
        query: input.query,
        body: input.body,
        organization: auth?.organization,
        apiKey: auth?.apiKey,
      }),
    );
  if (definition.cache) {
    if (definition.method !== 'GET' || definition.auth === 'none') {
      throw new Error(`${definition.operationId}: only keyed GET routes can cache responses.`);
    }
    const cache = new RevisionCache<SerializedResponse>({
      ...definition.cache,
      name: `api:${definition.operationId}`,
      sizeOf: answerBytes,
    });
    const shared = new SharedAnswers(`api:${definition.operationId}`, definition.cache.ttlMs, answerCodec);
    return async (call) => {
      const organization = call.auth!.organization;
      const key = cacheKey(call.input);
      let fromShared = false;
      const { value, outcome } = await cache.lookup(organization, key, async () => {
        const found = await shared.get(organization, key);
        fromShared = found !== undefined;
        if (found) return found;
        const answer = cacheable(await run(call));
        await shared.set(organization, key, answer);
        return answer;
      });
      const response = toResponse(value);
      response.headers.set(CACHE_STATUS_HEADER, cacheStatus(fromShared ? 'hit' : outcome));
      return response;
    };
  }
  return async (call) =>
    runIdempotently(
      call.db,
      call.request,
      call.requestId,
      call.auth,
      call.input.bodyFingerprint,
      async (db) => toResponse(await run({ ...call, db })),
    );
}

const cacheKey = (input: ParsedInput) => JSON.stringify([input.params, input.query]);

const answerBytes = ({ body, headers }: SerializedResponse) =>
  body.byteLength + JSON.stringify(headers).length;

const answerCodec = {
  encode: ({ body, ...meta }: SerializedResponse) => frame(meta, body),
  decode: (stored: Buffer): SerializedResponse | undefined => {
    const found = unframe<Omit<SerializedResponse, 'body'>>(stored);
    return found && { ...found.meta, body: new Uint8Array(found.bytes) };
  },
};

function cacheable(result: SerializedResponse | Response): SerializedResponse {
  if (result instanceof Response) throw new Error('A route with a response cache must return a body.');
  return result;
}
