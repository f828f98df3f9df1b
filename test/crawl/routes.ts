// The board's routes as they are on disk (every page.tsx and route.ts under app/(board)/b/[board]/),
// so a route added tomorrow is crawled with unknown slugs without anyone listing it here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface BoardRoute {
  /** The path inside the board, with its dynamic segments: `/jobs/[slug]/apply`. */
  template: string;
  kind: 'page' | 'route';
  /** The dynamic segment names in order: `['slug']`. */
  params: string[];
  /** The page sends visitors without a session to sign-in (it calls requireMember). */
  membersOnly: boolean;
  /** The `<h1>` of the nearest not-found.tsx on disk: what this route's 404 page says. */
  notFoundHeading: string;
  file: string;
}

const BOARD_DIR = path.join('app', '(board)', 'b', '[board]');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const h1 = (source: string) => /<h1[^>]*>\s*([^<{]+?)\s*<\/h1>/.exec(source)?.[1];

/**
 * The `<h1>` a not-found.tsx shows: its own, or that of the component it renders from a module
 * next to it (`<PageNotFound />` imported from './not-found-content').
 */
function headingOf(file: string): string | undefined {
  const source = readFileSync(file, 'utf8');
  const own = h1(source);
  if (own) return own;
  for (const [, names, from] of source.matchAll(/import\s*{([^}]+)}\s*from\s*'(\.[^']+)'/g)) {
    const module = `${path.resolve(path.dirname(file), from!)}.tsx`;
    if (!existsSync(module)) continue;
    const imported = readFileSync(module, 'utf8');
    for (const name of names!.split(',').map((part) => part.trim())) {
      if (!new RegExp(`<${name}\\s*/>`).test(source)) continue;
      const body = new RegExp(`function ${name}\\b[\\s\\S]*?(?=\\nexport |$)`).exec(imported)?.[0];
      const heading = body && h1(body);
      if (heading) return heading;
    }
  }
  return undefined;
}

/** The heading of the not-found.tsx nearest to `from`, walking up to the board's own. */
function notFoundHeading(boardDir: string, from: string): string {
  for (let dir = from; dir.startsWith(boardDir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'not-found.tsx');
    const heading = existsSync(file) ? headingOf(file) : undefined;
    if (heading) return heading;
  }
  throw new Error(`No not-found.tsx with an <h1> above ${from}`);
}

export function boardRoutes(root = process.cwd()): BoardRoute[] {
  const dir = path.join(root, BOARD_DIR);
  return walk(dir)
    .filter((file) => /(^|\/)(page\.tsx|route\.ts)$/.test(file))
    .map((file) => {
      const segments = path
        .relative(dir, path.dirname(file))
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment));
      const source = readFileSync(file, 'utf8');
      return {
        template: `/${segments.join('/')}`.replace(/^\/$/, '/'),
        kind: file.endsWith('page.tsx') ? ('page' as const) : ('route' as const),
        params: segments.flatMap((segment) => /^\[(.+)\]$/.exec(segment)?.[1] ?? []),
        membersOnly: /\brequireMember\(/.test(source),
        notFoundHeading: notFoundHeading(dir, path.dirname(file)),
        file: path.relative(root, file),
      };
    })
    .sort((a, b) => a.template.localeCompare(b.template));
}

/** The route a path inside the board belongs to (static segments win over dynamic ones). */
export function routeOf(routes: BoardRoute[], rest: string): BoardRoute | undefined {
  const parts = rest.split('?')[0]!.split('/').filter(Boolean);
  const score = (route: BoardRoute) => {
    const template = route.template.split('/').filter(Boolean);
    if (template.length !== parts.length) return -1;
    let points = 0;
    for (const [index, segment] of template.entries()) {
      if (segment === parts[index]) points += 2;
      else if (/^\[.+\]$/.test(segment)) points += 1;
      else return -1;
    }
    return points;
  };
  let best: BoardRoute | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const points = score(route);
    if (points > bestScore) {
      best = route;
      bestScore = points;
    }
  }
  return best;
}

/** Fills a template's dynamic segments, in order, with raw (already encoded) path segments. */
export function fill(template: string, values: string[]): string {
  let index = 0;
  return template.replace(/\[[^\]]+\]/g, () => values[index++] ?? 'missing');
}
