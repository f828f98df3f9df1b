// GET /dashboard/alerts/export: every job alert of the active organization as CSV, streamed a page
// at a time. Addresses are personal data: owners and admins only.
import { getDb } from '@/db/client';
import { alertPages } from '@/lib/alerts';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { csvDownload, csvFilename } from '../../_components/csv-download';

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
  return csvDownload(
    csvFilename(organization.slug, 'job-alerts'),
    columns,
    alertPages(await getDb(), organization.id),
    (alert) => [
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
    ],
  );
}
