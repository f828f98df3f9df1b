import { AppError } from '@/lib/core/errors';
import { type HttpMethod, type RouteHandler, rejectRequest } from './handler';

const allMethods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Fills every method a route file does not implement with a 405 in the error envelope (Next's
 * own 405 has an empty body), and answers OPTIONS with the real `Allow` list.
 */
export function routeMethods(
  handlers: Partial<Record<HttpMethod, RouteHandler>>,
  custom: { OPTIONS?: (request?: Request) => Promise<Response> } = {},
) {
  const allowed = [...allMethods.filter((method) => handlers[method]), 'OPTIONS'];
  if (handlers.GET) allowed.splice(1, 0, 'HEAD');
  const allow = allowed.join(', ');
  const methodNotAllowed = async (request: Request) =>
    rejectRequest(
      request,
      new AppError('method_not_allowed', `${request.method} is not supported here. Allowed: ${allow}.`),
      { Allow: allow },
    );
  const options = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return {
    GET: handlers.GET ?? methodNotAllowed,
    POST: handlers.POST ?? methodNotAllowed,
    PUT: handlers.PUT ?? methodNotAllowed,
    PATCH: handlers.PATCH ?? methodNotAllowed,
    DELETE: handlers.DELETE ?? methodNotAllowed,
    OPTIONS: custom.OPTIONS ?? options,
  };
}
