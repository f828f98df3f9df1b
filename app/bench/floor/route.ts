// GET /bench/floor: the framework floor of `npm run bench`, a route doing no work; 404 unless BENCHMARK=1.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  if (process.env.BENCHMARK !== '1') return new Response('Not Found', { status: 404 });
  return Response.json({ ok: true });
}
