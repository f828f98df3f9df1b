// Requests the board must refuse or survive: paths that do not percent-decode, methods no route
// serves, and 20 unknown pages at once while the health check must still answer.
import { randomBytes } from 'node:crypto';
import { pool } from './pool';
import { otherBoardUrl, type ProbeContext } from './probes';
import { fill } from './routes';

const rand = () => randomBytes(4).toString('hex');

/** Paths that do not percent-decode, or decode to a NUL: 400 before anything looks them up. */
export async function probeBrokenEncoding(
  context: ProbeContext,
  boardSlug: string,
  concurrency = 6,
): Promise<number> {
  const { recorder, boardUrl, routes } = context;
  const origin = new URL(boardUrl).origin;
  const broken = ['%ZZ', '%C0%AF', 'x%00y', '%E0%A4%A', '%FF'];
  // By address, what stops asking once it stops answering (the route, or the address itself).
  const urls = new Map<string, string>(
    [
      `${boardUrl}/jobs/%ZZ`,
      otherBoardUrl(boardUrl, boardSlug, '%ZZ'),
      `${origin}/cdn/%ZZ`,
      `${boardUrl}/sitemaps/%ZZ`,
      `${boardUrl}/alerts/unsubscribe/%ZZ`,
      `${boardUrl}/jobs/%C0%AF`,
      `${boardUrl}/jobs/x%00y/apply`,
      `${boardUrl}/categories/x%00`,
      `${origin}/api/jobs/%ZZ`,
      `${origin}/%ZZ`,
    ].map((url) => [url, url]),
  );
  for (const route of routes) {
    route.params.forEach((_, position) => {
      for (const value of broken) {
        const values = route.params.map((__, index) => (index === position ? value : `zz-${rand()}`));
        urls.set(`${boardUrl}${fill(route.template, values)}`, `${route.template} broken`);
      }
    });
  }
  const jobs = [...urls].flatMap(([url, key]) =>
    ['GET', 'HEAD'].map((method) => async () => {
      const check = `broken encoding, ${method}`;
      const answer = await recorder.send(check, url, { method }, `${key} ${method}`);
      if (!answer.error && answer.status < 500 && answer.status !== 400)
        recorder.fail(check, `answered ${answer.status}, expected 400`, answer);
    }),
  );
  await pool(jobs, concurrency);
  return jobs.length;
}

/** Methods no route serves: 405 (fetch refuses TRACE, so node:http sends them). */
export async function probeMethods(context: ProbeContext, urls: string[]): Promise<void> {
  const jobs = urls.flatMap((url) =>
    ['TRACE', 'PROPFIND', 'MKCOL'].map((method) => async () => {
      const answer = await context.recorder.send(`method ${method}`, url, { method });
      if (!answer.error && answer.status < 500 && answer.status !== 405)
        context.recorder.fail(`method ${method}`, `answered ${answer.status}, expected 405`, answer);
    }),
  );
  await pool(jobs, 4);
}

/**
 * 20 unknown board pages asked at once must all be 404 within 10 s, and /api/health asked while
 * they are in flight within 5 s: one hanging render must not hold the server.
 */
export async function probeConcurrency(context: ProbeContext): Promise<{ slowest: number; health: number }> {
  const { recorder, boardUrl, routes } = context;
  const pages = routes.filter(
    (route) => route.kind === 'page' && route.params.length > 0 && !route.membersOnly,
  );
  const urls = Array.from({ length: 20 }, (_, index) => {
    const route = pages[index % pages.length]!;
    return `${boardUrl}${fill(
      route.template,
      route.params.map(() => `zz-burst-${rand()}`),
    )}`;
  });
  const started = performance.now();
  const burst = urls.map((url) => recorder.send('20 at once', url, { timeoutMs: 15_000 }, undefined, 10_000));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const health = await recorder.send(
    'health during the burst',
    `${new URL(boardUrl).origin}/api/health`,
    { timeoutMs: 15_000 },
    undefined,
    5_000,
  );
  const answers = await Promise.all(burst);
  const slowest = Math.round(performance.now() - started);
  // Slow or no answer is already a failure (its limit is 5 s).
  if (!health.error && health.status !== 200)
    recorder.fail('health during the burst', `answered ${health.status}, expected 200`, health);
  for (const answer of answers) {
    if (!answer.error && answer.status !== 404)
      recorder.fail('20 at once', `answered ${answer.status}, expected 404`, answer);
  }
  if (slowest > 10_000) recorder.fail('20 at once', `the 20 answers took ${slowest} ms (limit 10000 ms)`);
  return { slowest, health: health.ms };
}
