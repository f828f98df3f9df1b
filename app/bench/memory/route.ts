// GET /bench/memory: how much of the server's memory V8's heap and buffers hold, and the bounded
// caches' bytes against their bounds, for `npm run bench`; 404 unless BENCHMARK=1.
import { cacheReport } from '@/lib/cache/revision-cache';

export const dynamic = 'force-dynamic';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function GET(): Response {
  if (process.env.BENCHMARK !== '1') return new Response('Not Found', { status: 404 });
  const usage = process.memoryUsage();
  return Response.json({
    rss_mb: mb(usage.rss),
    heap_total_mb: mb(usage.heapTotal),
    heap_used_mb: mb(usage.heapUsed),
    external_mb: mb(usage.external),
    array_buffers_mb: mb(usage.arrayBuffers),
    ...cacheReport(),
  });
}
