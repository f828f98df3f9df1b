// Methods on every route of the app (API, board and the rest, listed from disk): WebDAV and cache
// methods, a made-up one, TRACE and TRACK (which fetch refuses to send), and the standard methods a
// route does not serve. The answer is a 405 (the API: `method_not_allowed` with `Allow`) or, off
// the API, a 404 page; never a 5xx.
import type { OpenApiDocument } from './contract';
import type { Probe } from './probe';
import { type AppRoute, sameTemplate } from './routes';

/** Methods no route serves, sent to every route. */
export const ODD_METHODS = ['TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'LINK', 'PURGE', 'FOO'];
/** More of them, one per route in turn. */
const MORE_ODD_METHODS = [
  'PROPPATCH',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLINK',
  'SEARCH',
  'QUERY',
  'REPORT',
  'M-SEARCH',
  'BREW',
];
const STANDARD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The methods an API route serves, from the OpenAPI document (routeMethods exports all of them and
 * answers 405 itself); undefined for a route the document does not describe.
 */
function apiServed(route: string, document: OpenApiDocument, prefix: string): string[] | undefined {
  const entry = Object.entries(document.paths).find(([template]) =>
    sameTemplate(route, `${prefix}${template}`),
  );
  return entry && Object.keys(entry[1]).map((method) => method.toUpperCase());
}

/** Odd and unserved methods for every route, at the path `pathOf` gives it. */
export function oddMethodProbes(
  routes: AppRoute[],
  pathOf: (route: AppRoute) => string,
  document: OpenApiDocument,
  apiPrefix: string,
  seed: number,
): Probe[] {
  const probes: Probe[] = [];
  for (const [index, route] of routes.entries()) {
    const path = pathOf(route);
    const target = route.kind === 'page' ? 'page' : 'handler';
    const probe = (method: string, kind: string, extra: Partial<Probe> = {}): Probe => ({
      route: route.route,
      target,
      kind,
      method,
      path,
      expect: 'unserved',
      headers: { accept: 'text/html' },
      ...extra,
    });
    const more = MORE_ODD_METHODS[(seed + index) % MORE_ODD_METHODS.length]!;
    for (const method of [...ODD_METHODS, more]) probes.push(probe(method, `odd method ${method}`));
    probes.push(
      probe('PROPFIND', 'odd method PROPFIND with a WebDAV body', {
        headers: { 'content-type': 'application/xml', depth: 'infinity' },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>',
      }),
    );
    const api = route.route.startsWith('/api/');
    let unserved: string[] = [];
    if (api) {
      const served = apiServed(route.route, document, apiPrefix);
      if (served) unserved = STANDARD.filter((method) => !served.includes(method));
      // Served methods are the contract fuzzer's; OPTIONS must answer the real Allow list.
      probes.push(probe('OPTIONS', 'OPTIONS', { expect: 'options' }));
    } else if (route.kind === 'page') {
      // A page serves GET and HEAD, and POST for its server actions; the board's home page gets
      // the others, every other page one of them in turn (each renders the whole page today).
      const others = ['PUT', 'PATCH', 'DELETE'];
      unserved = route.route === '/b/[board]' ? others : [others[(seed + index) % others.length]!];
      probes.push(probe('OPTIONS', 'OPTIONS', { expect: 'options' }));
    } else {
      unserved = STANDARD.filter((method) => !route.exported.includes(method));
      probes.push(probe('OPTIONS', 'OPTIONS', { expect: 'options' }));
    }
    for (const method of unserved) {
      const body =
        method === 'GET' || method === 'HEAD'
          ? {}
          : { body: '{}', headers: { accept: 'text/html', 'content-type': 'application/json' } };
      probes.push(probe(method, `unserved method ${method}`, body));
    }
    probes.push(probe('HEAD', 'HEAD', { expect: undefined }));
  }
  return probes;
}
