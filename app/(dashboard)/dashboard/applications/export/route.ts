// GET /dashboard/applications/export: the inbox's applications (its `status` and `search` filters)
// as CSV, oldest first, streamed a page at a time. Applicants' personal data: owners and admins only.
import type { NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import { applicationPages } from '@/lib/applications';
import { type ApplicationStatus, applicationStatuses } from '@/lib/applications/schemas';
import { can } from '@/lib/auth/permissions';
import { requireMembership } from '@/lib/auth/session';
import { csvDownload, csvFilename } from '../../_components/csv-download';

const columns = [
  'id',
  'created_at',
  'job_id',
  'job_title',
  'name',
  'email',
  'phone',
  'status',
  'rating',
  'source',
  'resume_filename',
  'resume_url',
  'cover_letter',
];

export async function GET(request: NextRequest): Promise<Response> {
  const { organization, role } = await requireMembership();
  if (!can(role, 'applications.export')) {
    return new Response('Exporting applications needs the owner or admin role.\n', { status: 403 });
  }
  const params = request.nextUrl.searchParams;
  const status = params.get('status');
  const filters = {
    status: (applicationStatuses as readonly string[]).includes(status ?? '')
      ? (status as ApplicationStatus)
      : undefined,
    search: params.get('search')?.trim().slice(0, 200) || undefined,
  };
  return csvDownload(
    csvFilename(organization.slug, 'applications'),
    columns,
    applicationPages(await getDb(), organization.id, filters),
    ({ application, jobTitle }) => [
      application.id,
      application.createdAt.toISOString(),
      application.jobId,
      jobTitle,
      application.name,
      application.email,
      application.phone ?? '',
      application.status,
      application.rating ?? '',
      application.source,
      application.resumeFilename ?? '',
      application.resumeUrl ?? '',
      application.coverLetter ?? '',
    ],
  );
}
