// GET /dashboard/alerts/export: every job alert of the active organization as CSV, streamed a page
// at a time. Addresses are personal data: owners and admins only.
import { stringify } from 'csv-stringify/sync';
import { getDb } from '@/db/client';
import { alertPages } from '@/lib/alerts';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';

const columns = [
  'id',
  'email',
  'status',
  'frequency',
  'q',
  'category',
  'job_type',
  'remote',
  'location',
  'salary_min',
  'confirmed_at',
  'last_sent_at',
  'unsubscribed_at',
  'created_at',
];

export async function GET(): Promise<Response> {
  const { organization, role } = await requireMembership();
  if (!can(role, 'members.manage')) {
    return new Response('Exporting alerts needs the owner or admin role.\n', { status: 403 });
  }
  const db = await getDb();
  const encoder = new TextEncoder();
  // escape_formulas: a cell a spreadsheet would run (=, +, -, @) is prefixed so it stays text.
  const csv = (rows: unknown[][]) => encoder.encode(stringify(rows, { escape_formulas: true }));
  const pages = alertPages(db, organization.id);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(csv([columns]));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(
        csv(
          next.value.map((alert) => [
            alert.id,
            alert.email,
            alert.status,
            alert.frequency,
            alert.search.q ?? '',
            alert.search.category ?? '',
            alert.search.job_type ?? '',
            alert.search.remote ? 'yes' : 'no',
            alert.search.location ?? '',
            alert.search.salary_min ?? '',
            alert.confirmed_at ?? '',
            alert.last_sent_at ?? '',
            alert.unsubscribed_at ?? '',
            alert.created_at,
          ]),
        ),
      );
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${organization.slug}-job-alerts-${date}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
