// The board part of the run (issue 29), after the API part: seeds a board, finds real addresses for
// every board route, then sends the GET, POST and odd-method probes of board.ts, board-posts.ts and
// odd-methods.ts and checks every answer (probe.ts).
import fc from 'fast-check';
import { boardGetProbes } from './board';
import { actionProbes, boardActions } from './board-actions';
import { boardPaths, madeUp, pathsFor } from './board-paths';
import { applyProbes, unsubscribeProbes } from './board-posts';
import { seedBoard } from './board-seeds';
import type { OpenApiDocument } from './contract';
import { keylessProbes } from './keyless-api';
import { oddMethodProbes } from './odd-methods';
import { newTally, type Probe, type ProbeTally, runProbes } from './probe';
import { rawClient } from './raw-http';
import { type AppRoute, appRoutes } from './routes';

export interface BoardRunOptions {
  base: string;
  apiKey: string;
  seed: number;
  document: OpenApiDocument;
  apiPrefix: string;
  concurrency: number;
  timeLimitMs: number;
  randomRuns: number;
  distDir: string;
}

export interface BoardRun {
  tally: ProbeTally;
  routes: number;
  boardRoutes: string[];
  seconds: number;
  /** Addresses of routes no crawled link led to (board-paths.ts, FILL). */
  madeUp: string[];
  /** Seeding the board and crawling it for real addresses. */
  preparedIn: number;
}

const isBoard = (route: AppRoute) => route.route === '/b/[board]' || route.route.startsWith('/b/[board]/');

export async function fuzzBoard(options: BoardRunOptions): Promise<BoardRun> {
  const started = performance.now();
  const { base, seed, concurrency, timeLimitMs } = options;
  const board = await seedBoard(base, options.apiKey);
  const client = rawClient(base, { concurrency });
  const routes = await appRoutes();
  const onBoard = routes.filter(isBoard);
  const found = await boardPaths(client, onBoard, board.boardPath, [
    `${board.boardPath}/jobs/${board.jobSlug}`,
    `${board.boardPath}/jobs/${board.expiredJobSlug}/gone`,
    `${board.boardPath}/c/${board.collection}`,
    `${board.boardPath}/blog`,
  ]);
  const preparedIn = (performance.now() - started) / 1000;
  const paths = new Map(onBoard.map((route) => [route.route, pathsFor(route.route, found, board.boardPath)]));
  const first = (route: string) => paths.get(route)![0]!;

  const fill = (route: string) =>
    route
      .replace(/\[\.\.\.[^\]]+\]/g, 'zz/unknown')
      .replace(/\[[^\]]+\]/g, '6ba7b810-9dad-11d1-80b4-00c04fd430c8');
  const pathOf = (route: AppRoute) => (isBoard(route) ? first(route.route) : fill(route.route));
  const boardUrl = `${base}${board.boardPath}`;
  const handler = (suffix: string) => onBoard.find((route) => route.route.endsWith(suffix))?.route;
  const applyRoute = handler('/jobs/[slug]/apply');
  const unsubscribeRoute = handler('/alerts/unsubscribe/[token]');

  const probes: Probe[] = [
    ...boardGetProbes({
      boardPath: board.boardPath,
      routes: onBoard,
      paths,
      seed,
      randomRuns: options.randomRuns,
    }),
    ...actionProbes(
      onBoard
        .filter((route) => route.kind === 'page')
        .map((route) => ({ route: route.route, path: first(route.route) })),
      await boardActions(options.distDir),
      board.slug,
      client.host,
      seed,
    ),
    ...(applyRoute ? applyProbes(applyRoute, `${board.boardPath}/jobs/${board.jobSlug}/apply`) : []),
    ...(unsubscribeRoute ? unsubscribeProbes(unsubscribeRoute, first(unsubscribeRoute)) : []),
    ...keylessProbes(board.slug, boardUrl, board.collection, board.webhookSecret),
    ...oddMethodProbes(routes, pathOf, options.document, options.apiPrefix, seed),
  ];
  // One order per seed: which probes run side by side is part of what a seed repeats.
  const order = fc.sample(fc.shuffledSubarray(probes, { minLength: probes.length }), {
    numRuns: 1,
    seed,
  })[0]!;
  const tally = newTally();
  await runProbes(client, order, tally, { concurrency, timeLimitMs });
  client.close();

  return {
    tally,
    routes: routes.length,
    boardRoutes: onBoard.map((route) => `${route.kind === 'page' ? 'page' : 'route'} ${route.route}`),
    madeUp: [...paths.values()].flatMap((known) => known.filter(madeUp)),
    seconds: (performance.now() - started) / 1000,
    preparedIn,
  };
}

const tallied = (counts: Map<string, number>) =>
  [...counts]
    .sort()
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/** What the board part did, how long it took and where; notes (not failures) last. */
export function printBoardRun(board: BoardRun, seed: number): void {
  const { tally } = board;
  const unreached = board.boardRoutes.filter(
    (route) => ![...tally.reached].some((reached) => reached.endsWith(` ${route.split(' ')[1]}`)),
  );
  console.log(
    `Board part: ${board.boardRoutes.length} board routes and odd methods on ${board.routes} routes, ${tally.requests} requests in ${board.seconds.toFixed(1)} s (${board.preparedIn.toFixed(1)} s of it seeding and crawling the board; seed ${seed}).`,
  );
  console.log(`Board statuses: ${tallied(tally.statuses)}`);
  console.log(`Addresses no link on the board led to, made up: ${board.madeUp.join(', ') || 'none'}`);
  console.log(`Slowest answer: ${Math.round(tally.slowest.ms)} ms, ${tally.slowest.request.slice(0, 200)}`);
  console.log(`Board routes never answered 2xx or 3xx: ${unreached.join(', ') || 'none'}`);
  const costs = [...tally.costs].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
  console.log(
    `Most time spent on: ${costs.map(([family, { count, ms }]) => `${family} ${count}× ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
  );
  for (const note of tally.notes.values()) console.log(`Note: ${note}`);
}
