// Server actions, posted as the router and a form without JavaScript post them, but wrong: bogus ids,
// a foreign origin, and the board's real actions (from the build's manifest) with arguments and
// form data no page of ours sends.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { windowOf } from './board';
import { multipart, type Part, PDF } from './multipart';
import type { Probe } from './probe';

export interface ServerAction {
  id: string;
  /** The page route whose module holds it (`/b/[board]/jobs/[slug]`). */
  route: string;
  name: string;
}

/**
 * The board's server actions in the build (`server-reference-manifest.json`): their ids are what a
 * page's forms post in `Next-Action` or `$ACTION_ID_<id>`.
 */
export async function boardActions(distDir: string): Promise<ServerAction[]> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  return Object.entries(manifest.node).flatMap(([id, entry]) => {
    const workers = Object.keys(entry.workers).filter((name) => name.startsWith('app/(board)/b/[board]'));
    // The page beside the actions' file when there is one (alerts/actions.ts: alerts/page).
    const own = entry.filename && `${path.dirname(entry.filename)}/page`;
    const worker = workers.find((name) => name === own) ?? workers[0];
    if (!worker) return [];
    const route = worker
      .replace(/^app/, '')
      .replace(/\/\([^)]+\)/g, '')
      .replace(/\/page$/, '');
    return [{ id, route, name: entry.exportedName ?? entry.filename ?? id.slice(0, 8) }];
  });
}

const BOGUS_ACTION = '7f'.repeat(21);

/** Server-action posts to every board page: a bogus id, a foreign origin, real ids with bogus arguments. */
export function actionProbes(
  pages: { route: string; path: string }[],
  actions: ServerAction[],
  boardSlug: string,
  hostHeader: string,
  seed: number,
): Probe[] {
  const probes: Probe[] = [];
  const post = (
    route: string,
    kind: string,
    path: string,
    headers: Record<string, string>,
    body: string | Uint8Array,
  ): Probe => ({
    route,
    target: 'page',
    kind,
    method: 'POST',
    path,
    headers: { accept: 'text/x-component', ...headers },
    body,
  });
  const json = { 'content-type': 'text/plain;charset=UTF-8' };
  const form = multipart([
    { name: `$ACTION_ID_${BOGUS_ACTION}`, value: '' },
    { name: 'email', value: 'ada@example.com' },
  ]);
  const plain = multipart([{ name: 'q', value: 'x' }]);
  /** Posts to any page, each a kind and its headers and body. */
  const anyPage: [string, Record<string, string>, string | Uint8Array][] = [
    ['action: bogus Next-Action id', { ...json, 'next-action': BOGUS_ACTION }, '[]'],
    ['action: empty Next-Action', { ...json, 'next-action': '' }, '[]'],
    ['action: 5 000-character Next-Action', { ...json, 'next-action': 'a'.repeat(5_000) }, '[]'],
    [
      'action: bogus Next-Action, foreign Origin and X-Forwarded-Host',
      {
        ...json,
        'next-action': BOGUS_ACTION,
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
      '[]',
    ],
    [
      'action: no-JavaScript form with a bogus id',
      { accept: 'text/html', 'content-type': form.contentType },
      form.body,
    ],
    [
      'a form posted to a page without an action',
      { accept: 'text/html', 'content-type': plain.contentType },
      plain.body,
    ],
    [
      'a URL-encoded form posted to a page',
      { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      'q=x&email=a',
    ],
  ];
  // Every post on the board's home page, three in turn on each other page.
  for (const [index, { route, path }] of pages.entries()) {
    const posts = route === '/b/[board]' ? anyPage : windowOf(anyPage, 3, seed + index * 3);
    for (const [kind, headers, body] of posts) probes.push(post(route, kind, path, headers, body));
  }
  // Real actions, called with arguments no form of ours sends. Each goes to a page of its own route.
  const pathOf = new Map(pages.map((page) => [page.route, page.path]));
  const argumentLists: [string, string][] = [
    ['no arguments', '[]'],
    ['the board and garbage', JSON.stringify([boardSlug, 'x'.repeat(3_000), null, '%ZZ'])],
    ['another board', JSON.stringify(['zz-no-such-board', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'])],
    ['wrong types', JSON.stringify([{ board: boardSlug }, 42, [], true])],
    ['a huge number', JSON.stringify([boardSlug, 1e308, -1])],
    ['NUL and surrogates', JSON.stringify([boardSlug, 'a\u0000b', '\ud800'])],
    ['deep nesting', `[${'['.repeat(5_000)}${']'.repeat(5_000)}]`],
    ['not JSON', '{{{'],
    ['a reference to a missing chunk', '["$@99"]'],
    ['malformed references', '["$Q", "$K", "$n99999999999999999999999", "$D", "$B", "$Z"]'],
  ];
  for (const action of actions) {
    const path = pathOf.get(action.route);
    if (!path) continue;
    const route = action.route;
    for (const [name, body] of argumentLists) {
      probes.push(
        post(
          route,
          `action ${action.name}: ${name}`,
          path,
          {
            'content-type': 'text/plain;charset=UTF-8',
            'next-action': action.id,
            origin: `http://${hostHeader}`,
          },
          body,
        ),
      );
    }
    const forms: [string, Part[]][] = [
      ['an empty form', []],
      [
        'a form of garbage',
        [
          { name: 'email', value: 'not-an-email' },
          { name: 'frequency', value: 'hourly' },
          { name: 'token', value: '%ZZ' },
          { name: 'code', value: 'x'.repeat(5_000) },
        ],
      ],
      [
        'a form with a file everywhere',
        ['email', 'name', 'plan', 'token', 'code', 'title', 'description'].map((name) => ({
          name,
          value: PDF,
          filename: 'x.pdf',
          type: 'application/pdf',
        })),
      ],
      [
        'bound arguments of garbage',
        [
          { name: '$ACTION_REF_1', value: '' },
          { name: '$ACTION_1:0', value: '{"id":"zz","bound":"$@1"}' },
          { name: '$ACTION_1:1', value: '[1' },
          { name: '$ACTION_KEY', value: 'k' },
        ],
      ],
    ];
    for (const [name, parts] of forms) {
      const js = multipart([
        { name: '0', value: '["$K1"]' },
        ...parts.map((part) => ({ ...part, name: `1_${part.name}` })),
      ]);
      probes.push(
        post(
          route,
          `action ${action.name}: ${name}`,
          path,
          { 'content-type': js.contentType, 'next-action': action.id, origin: `http://${hostHeader}` },
          js.body,
        ),
      );
      const noJs = multipart([{ name: `$ACTION_ID_${action.id}`, value: '' }, ...parts]);
      probes.push({
        ...post(route, `action ${action.name} without JavaScript: ${name}`, path, {}, noJs.body),
        headers: { accept: 'text/html', 'content-type': noJs.contentType, origin: `http://${hostHeader}` },
      });
    }
    probes.push(
      post(
        route,
        `action ${action.name}: from a foreign origin`,
        path,
        {
          'content-type': 'text/plain;charset=UTF-8',
          'next-action': action.id,
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
        },
        '[]',
      ),
    );
  }
  return probes;
}
