import { stringify as canonicalJson } from 'safe-stable-stringify';
import { z } from 'zod';
import { AppError, closeConnection } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import { findJsonProblem } from '@/lib/core/json-limits';
import { searchParamsToObject } from '@/lib/core/query';
import {
  type InputLocation,
  validationDetail,
  validationError,
  validationErrorOf,
} from '@/lib/core/validation';
import { isMultipart, parseMultipart } from './multipart';
import type { AnyRouteDefinition, RouteContext } from './route-definition';

export const MAX_JSON_BODY_BYTES = 1_000_000;

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /**
   * What idempotency compares a retry with: the body as canonical JSON (sorted keys, no
   * whitespace), so key order and formatting do not make a different request; or a digest of the
   * multipart parts.
   */
  bodyFingerprint: string;
}

/** Path, query and body checked against the route's schemas; any problem is a 4xx. */
export async function parseInput(
  definition: AnyRouteDefinition,
  request: Request,
  context: RouteContext,
): Promise<ParsedInput> {
  const params = parseOrThrow(definition.params, canonicalIds((await context?.params) ?? {}), 'path');
  const query = parseOrThrow(
    definition.query,
    searchParamsToObject(new URL(request.url).searchParams),
    'query',
  );
  if (!definition.body) return { params, query, body: undefined, bodyFingerprint: '' };
  if (definition.multipart && isMultipart(request)) {
    const { values, digest } = await parseMultipart(request, definition.multipart);
    assertStorable('body', values);
    const body = definition.multipart.schema.safeParse(values);
    if (!body.success) throw validationError('body', body.error);
    return { params, query, body: body.data, bodyFingerprint: `multipart:${digest}` };
  }
  const rawBody = await readBody(request, definition.maxBodyBytes ?? MAX_JSON_BODY_BYTES);
  const json = rawBody === '' ? undefined : parseJson(rawBody, request, Boolean(definition.multipart));
  assertStorable('body', json);
  const body = jsonBodySchema(definition)!.safeParse(json);
  if (!body.success) {
    if (json === undefined) throw new AppError('validation_error', 'A JSON request body is required.');
    throw validationError('body', body.error);
  }
  return { params, query, body: body.data, bodyFingerprint: canonicalJson(json) ?? '' };
}

/**
 * UUIDs are case-insensitive on input (RFC 9562) and stored lowercase: a path id in capitals must
 * name the same row to every service, not only to the SQL comparison (a webhook secret sealed under
 * a capitalised id could never be opened again).
 */
function canonicalIds(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && isUuid(value) ? value.toLowerCase() : value,
    ]),
  );
}

function parseOrThrow(schema: z.ZodType | undefined, value: unknown, location: 'path' | 'query'): unknown {
  if (!schema) return {};
  assertStorable(location, value);
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(location, result.error);
  return result.data;
}

/**
 * Refuses, before any schema recurses into it, input nested too deep or holding text PostgreSQL
 * cannot store (NUL, lone surrogates): one check for every route, path, query and body alike.
 */
function assertStorable(location: InputLocation, value: unknown): void {
  const problem = findJsonProblem(value);
  if (problem)
    throw validationErrorOf([validationDetail(location, problem.path, problem.code, problem.message)]);
}

/** The body as text, read only up to the limit: a chunked body without a length is not buffered whole. */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const bodyTooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `The request body exceeds ${maxBytes >= 1_000_000 ? `${maxBytes / 1_000_000} MB` : `${maxBytes / 1024} KB`}.`,
    null,
    closeConnection,
  );

/** The schema a JSON body must match: `body`, less its multipart member when there is one. */
export function jsonBodySchema(
  definition: Pick<AnyRouteDefinition, 'body' | 'multipart'>,
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
