// POST /api/organization/events?organization=<slug>: page views and custom events from the board's
// script, without a key or cookies.
import { z } from 'zod';
import { collectEvent, MAX_EVENT_BYTES, parseCollectBody } from '@/lib/analytics';
import { hasDashboardSession } from '@/lib/auth';
import { notFound } from '@/lib/core/errors';
import { apiRoute, readBody } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { publicCors } from '@/lib/http/public-cors';
import { visitOf } from '@/lib/http/visit';
import { appUrl, boardUrl, cachedOrganizationBySlug } from '@/lib/organizations';

/** The board's own origins (its host, and the app's for path mode) and the ones the owner allows. */
const cors = publicCors(async (db, request) => {
  const slug = new URL(request.url).searchParams.get('organization');
  const organization = slug ? await cachedOrganizationBySlug(db, slug) : undefined;
  if (!organization) return [];
  return [new URL(boardUrl(organization)).origin, new URL(appUrl()).origin, ...organization.corsOrigins];
});

const collect = apiRoute(
  {
    method: 'POST',
    path: '/organization/events',
    operationId: 'collectEvent',
    summary: 'Record a page view or custom event from the board (no key)',
    description: `The board's script sends \`{ "name", "url", "referrer"?, "props"? }\` as JSON, with \`text/plain\` (as \`navigator.sendBeacon\` does) or \`application/json\`; at most ${MAX_EVENT_BYTES} bytes (413 past it). \`name: "pageview"\` is a page view; any other name is a custom event. \`url\` is the page's absolute URL. Answers 202 with no body; bots and browsers signed in to the dashboard are accepted and not counted. No cookie is read or set: visitors are told apart by a hash of the address and user agent under a salt that changes daily. 600 events a minute per address.`,
    tags: ['Analytics'],
    auth: 'none',
    cors: cors.headers,
    query: z.object({ organization: z.string().min(1).max(200).describe("The organization's slug.") }),
    response: z.null(),
    successStatus: 202,
    errors: ['not_found', 'validation_error', 'invalid_json', 'payload_too_large', 'rate_limited'],
  },
  async ({ db, request, query }) => {
    const organization = await cachedOrganizationBySlug(db, query.organization);
    if (!organization) throw notFound('Organization');
    const body = parseCollectBody(await readBody(request, MAX_EVENT_BYTES));
    if (!hasDashboardSession(request.headers)) {
      await collectEvent(organization, body, visitOf(request.headers));
    }
    return new Response(null, { status: 202 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  { POST: collect },
  { OPTIONS: cors.preflight(['POST']) },
);
