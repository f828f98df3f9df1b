// GET /bench/memory: how much of the server's memory V8's heap and buffers hold, the heap's live
// data after a full collection, and the bounded caches' bytes against their bounds, for
// `npm run bench`; 404 unless BENCHMARK=1.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cacheReport } from '@/lib/cache/revision-cache';

export const dynamic = 'force-dynamic';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** V8's full collection, reachable without starting the server with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export function GET(): Response {
  if (process.env.BENCHMARK !== '1') return new Response('Not Found', { status: 404 });
  const usage = process.memoryUsage();
  collectGarbage();
  return Response.json({
    rss_mb: mb(usage.rss),
    heap_total_mb: mb(usage.heapTotal),
    heap_used_mb: mb(usage.heapUsed),
    heap_live_mb: mb(process.memoryUsage().heapUsed),
    external_mb: mb(usage.external),
    array_buffers_mb: mb(usage.arrayBuffers),
    ...cacheReport(),
  });
}
