// POST /api/organization/events?organization=<slug>: page views and custom events from the board's
// script, without a key or cookies.
import { z } from 'zod';
import type { Organization } from '@/db/schema';
import { collectEvent, MAX_EVENT_BYTES, parseCollectBody } from '@/lib/analytics';
import { hasDashboardSession } from '@/lib/auth';
import { notFound } from '@/lib/core/errors';
import { apiRoute, readBody } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { allowedOrigin, publicCors } from '@/lib/http/public-cors';
import { visitOf } from '@/lib/http/visit';
import { appUrl, boardUrl, boardUrlFor, cachedOrganizationBySlug } from '@/lib/organizations';
import { throttles } from '@/lib/rate-limit';

/** Where the board's pages are served: the app's own host (path mode), its subdomain, its verified domain. */
const boardHosts = (organization: Organization) =>
  [appUrl(), boardUrlFor(organization.slug, null), boardUrl(organization)].map((url) => new URL(url));

const cors = publicCors(async (db, request) => {
  const slug = new URL(request.url).searchParams.get('organization');
  const organization = slug ? await cachedOrganizationBySlug(db, slug) : undefined;
  if (!organization) return [];
  return [...boardHosts(organization).map((url) => url.origin), ...organization.corsOrigins];
});

/**
 * A page on another site cannot make its visitors' browsers count for the board: the Origin, when
 * sent, must be on one of the board's hosts (any scheme or port: no one else serves them) or be
 * one its owner allows.
 */
function fromElsewhere(request: Request, organization: Organization): boolean {
  const origin = request.headers.get('origin');
  if (origin === null || allowedOrigin(origin, organization.corsOrigins)) return false;
  const host = URL.canParse(origin) ? new URL(origin).hostname : undefined;
  return !boardHosts(organization).some((url) => url.hostname === host);
}

const collect = apiRoute(
  {
    method: 'POST',
    path: '/organization/events',
    operationId: 'collectEvent',
    summary: 'Record a page view or custom event from the board (no key)',
    description: `The board's script sends \`{ "name", "url", "referrer"?, "props"? }\` as JSON, with \`text/plain\` (as \`navigator.sendBeacon\` does) or \`application/json\`; at most ${MAX_EVENT_BYTES} bytes (413 past it). \`name: "pageview"\` is a page view; any other name is a custom event. \`url\` is the page's absolute URL. Answers 202 with no body; bots, browsers signed in to the dashboard and pages on other sites (an \`Origin\` that is not the board's, nor one its owner allows) are accepted and not counted. No cookie is read or set: visitors are told apart by a hash of the address and user agent under a salt that changes daily; one address adds at most ${throttles.newVisitor.perClient[0].max} visitors a day to a board, its further browsers count as one. ${throttles.beacon.perClient[0].max} events a minute per address and board (429 past it).`,
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
    if (!hasDashboardSession(request.headers) && !fromElsewhere(request, organization)) {
      await collectEvent(organization, body, visitOf(request.headers));
    }
    return new Response(null, { status: 202 });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  { POST: collect },
  { OPTIONS: cors.preflight(['POST']) },
);
