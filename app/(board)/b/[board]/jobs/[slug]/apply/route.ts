// /jobs/{slug}/apply on the board. GET: a job's apply button: the click is counted and the visitor
// sent on (302 to the company's page or mail, 303 to the board's own form), never indexed.
// POST: the apply form with JavaScript (an upload with progress), answered in JSON.

import type { NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import { flushEvents, trackEvent } from '@/lib/analytics';
import { applyTarget, submitBoardApplication } from '@/lib/applications';
import { hasDashboardSession } from '@/lib/auth';
import { boardJobBySlug } from '@/lib/board/queries';
import { boardBySlug } from '@/lib/board/resolve';
import { BOARD_BASE_HEADER } from '@/lib/board/routing';
import { logError } from '@/lib/core/logger';
import { clientAddress } from '@/lib/http/client-address';
import { problemPage } from '@/lib/http/request-guards';
import { fromSameOrigin } from '@/lib/http/same-origin';
import { visitOf } from '@/lib/http/visit';
import { MEMBER_COOKIE, memberForSession } from '@/lib/members/sessions';
import { applyingBehindPaywall, paywallView } from '@/lib/payments';

type Context = { params: Promise<{ board: string; slug: string }> };

const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };

async function find(context: Context) {
  const { board, slug } = await context.params;
  const db = await getDb();
  const org = await boardBySlug(db, board);
  const found = org && (await boardJobBySlug(db, org, decodeURIComponent(slug)));
  return { db, org, job: found?.job };
}

/** The apply button of a job that is gone, followed from an old page or a search engine. */
const notFoundPage = () =>
  problemPage(
    404,
    'This job is not open',
    'It may have been filled or taken down. Look at the board for other jobs.',
    noindex,
  );

export async function GET(request: NextRequest, context: Context): Promise<Response> {
  const { db, org, job } = await find(context);
  if (!org || !job || job.status !== 'active') return notFoundPage();
  const base = request.headers.get(BOARD_BASE_HEADER) ?? `/b/${org.slug}`;
  const goes = applyTarget(job);
  const target =
    goes?.kind === 'external'
      ? goes.url
      : goes?.kind === 'email'
        ? `mailto:${goes.address}?subject=${encodeURIComponent(`Application: ${job.title}`)}`
        : undefined;
  const member = await memberForSession(db, org.id, request.cookies.get(MEMBER_COOKIE)?.value);
  const paywall = await paywallView(db, org.id, member?.id ?? null);
  // Behind the paywall the job page's apply section says how to subscribe: no click to count.
  const gated = await applyingBehindPaywall(db, org.id, job, paywall);
  const takesApplications = goes !== null;
  if (!gated && takesApplications && !hasDashboardSession(request.headers)) {
    const click = {
      name: 'apply_click',
      url: new URL(request.url),
      boardSlug: org.slug,
      referrer: request.headers.get('referer'),
      jobId: job.id,
    };
    // Counting must never stand between a visitor and the job's application page.
    await trackEvent(org.id, click, visitOf(request.headers), new Date(), db)
      .then(() => flushEvents(db))
      .catch((error) => logError('apply_click_not_counted', error));
  }
  // The board's own form is on the job page. The address stays relative: request.url names the
  // server's internal host (localhost), not the one the visitor used, whose session would be lost.
  if (gated || !target) {
    return new Response(null, {
      status: 303,
      headers: { location: `${base}/jobs/${encodeURIComponent(job.slug)}#apply`, ...noindex },
    });
  }
  return new Response(null, { status: 302, headers: { location: target, ...noindex } });
}

export async function POST(request: NextRequest, context: Context): Promise<Response> {
  // The application is tied to the signed-in member: a page of another origin must not send it.
  if (!fromSameOrigin(request.headers)) {
    return Response.json(
      { ok: false, errors: { form: 'Apply from the job page on this board.' } },
      { status: 403, headers: noindex },
    );
  }
  const { db, org, job } = await find(context);
  if (!org || !job)
    return Response.json(
      { ok: false, errors: { form: 'This job does not exist.' } },
      { status: 404, headers: noindex },
    );
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json(
      { ok: false, errors: { form: 'The form could not be read; please send it again.' } },
      { status: 400, headers: noindex },
    );
  }
  const member = await memberForSession(db, org.id, request.cookies.get(MEMBER_COOKIE)?.value);
  const result = await submitBoardApplication(
    {
      db,
      org,
      job,
      clientAddress: clientAddress(request.headers),
      memberId: member?.id,
      headers: request.headers,
    },
    form,
  );
  if (!result.ok) {
    const status = { invalid: 422, closed: 409, rate_limited: 429 }[result.reason];
    return Response.json(result, { status, headers: noindex });
  }
  const base = request.headers.get(BOARD_BASE_HEADER) ?? `/b/${org.slug}`;
  return Response.json(
    { ok: true, redirect: `${base}/jobs/${job.slug}/applied` },
    { status: 201, headers: noindex },
  );
}
