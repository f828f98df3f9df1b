import type { RouteHandler } from '@/lib/http/handler';

export interface CallOptions {
  method?: string;
  path?: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Serialized as JSON unless it is already a string or a FormData (sent as multipart/form-data). */
  body?: unknown;
  params?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls an exported route handler in-process with a real Request, as Next would. */
export async function call<T = any>(
  handler: RouteHandler,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  if (options.apiKey) headers.set('x-api-key', options.apiKey);
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const request = new Request(`http://localhost:3000/api${options.path ?? '/'}`, {
    method: options.method ?? 'GET',
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
