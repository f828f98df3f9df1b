// The app's routes as they are on disk, the way e2e/a11y/coverage.spec.ts lists its pages: every
// page.tsx and route.ts under app/, route groups dropped, `[param]` kept. A route added under the
// board (or the API) is fuzzed without anyone listing it here; one with a parameter the fuzzer
// cannot fill fails the run (board.ts, `fill`).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface AppRoute {
  /** As Next.js names it: `/b/[board]/jobs/[slug]`, `/api/jobs/[id]`. */
  route: string;
  kind: 'page' | 'handler';
  /**
   * The methods the file itself exports (route handlers), or GET and HEAD for pages (which also
   * take POST, for their server actions). `routeMethods` exports every method and answers 405 for
   * those it does not serve: the OpenAPI document says which ones it serves (odd-methods.ts).
   */
  exported: string[];
}

const exportedMethods = (source: string): string[] => {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /export\s+(?:async\s+)?(?:function|const|let)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g,
  ))
    found.add(match[1]!);
  for (const match of source.matchAll(/export\s+(?:const\s+)?\{([^}]*)\}/g)) {
    for (const name of match[1]!.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .pop()!;
      if ((HTTP_METHODS as readonly string[]).includes(exported)) found.add(exported);
    }
  }
  return HTTP_METHODS.filter((method) => found.has(method));
};

/** Every page and route handler under `app/` (relative to the working directory). */
export async function appRoutes(root = 'app'): Promise<AppRoute[]> {
  const files = (await readdir(root, { recursive: true })).filter((file) =>
    ['page.tsx', 'route.ts'].includes(path.basename(file)),
  );
  const routes = await Promise.all(
    files.map(async (file): Promise<AppRoute> => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== '.' && !/^\(.*\)$/.test(segment));
      const page = path.basename(file) === 'page.tsx';
      return {
        route: `/${segments.join('/')}`,
        kind: page ? 'page' : 'handler',
        exported: page ? ['GET', 'HEAD'] : exportedMethods(await readFile(path.join(root, file), 'utf8')),
      };
    }),
  );
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** `[id]` and `[...path]` of a route as the names an OpenAPI template gives them (`{id}`). */
export const routeParams = (route: string): string[] =>
  [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => match[1]!);

/** Whether an OpenAPI path template (`/jobs/{id}`) is this API route (`/api/jobs/[id]`). */
export function sameTemplate(route: string, template: string): boolean {
  const shape = (value: string) => value.replace(/\[[^\]]+\]|\{[^}]+\}/g, '*');
  return shape(route) === shape(template);
}
