import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { ApiKey, Organization } from '@/db/schema';
import type { ErrorCode } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AnyObjectSchema = z.ZodType<Record<string, unknown>>;

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
  /** Required: what the operation does, for the reference (Spectral operation-description). */
  description: string;
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
   * Keyed GET routes whose answer depends only on data that bumps the organization's revision
   * (lib/cache): the serialized response is kept per organization, revision, path and query for at
   * most `ttlMs`, so repeated reads skip the database and serialization. Errors are not kept.
   * `maxBytes` bounds the bodies (and headers) this process keeps for the route.
   */
  cache?: { ttlMs: number; maxBytes: number };
}

export type AnyRouteDefinition = RouteDefinition<AnyObjectSchema, AnyObjectSchema, z.ZodType, z.ZodType>;

export interface KeyContext {
  organization: Organization;
  apiKey: ApiKey;
}

export interface HandlerContext<P, Q, B> {
  request: Request;
  requestId: string;
  /** The database, or for a keyed write (`Idempotency-Key`) the transaction that also keeps its answer. */
  db: Db;
  params: P;
  query: Q;
  body: B;
}

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

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  definition?: AnyRouteDefinition;
};
