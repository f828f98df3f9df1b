import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createApplication, updateApplicationStatus } from '@/lib/applications';
import { addMember, signUp } from '@/lib/auth/users';
import { createTestJob } from '@/test/factories';
import { nextRequest as session } from '@/test/fixtures/next-request';
import { GET } from './route';

// The session comes from the shared request fixture (test/setup.ts); the membership, the permission
// and the rows below it are real.

const exportOf = async (query = '') =>
  GET(new NextRequest(`http://localhost:3000/dashboard/applications/export${query}`));

describe('the applications export', () => {
  it('is the inbox’s applications as CSV, oldest first, with its filters, formulas kept as text, for owners and admins', async () => {
    const db = await getDb();
    const stamp = Date.now();
    const { user: owner, organization } = await signUp(db, {
      email: `export-owner-${stamp}@example.com`,
      name: 'Olivia Owner',
      password: 'correct horse battery staple',
      organizationName: `Export Board ${stamp}`,
    });
    const job = await createTestJob(organization.id, { title: 'Lighthouse Keeper' });
    const ada = await createApplication(db, organization.id, job.id, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      cover_letter: 'Dear team,\nI keep lights, "well".',
    });
    await createApplication(db, organization.id, job.id, {
      name: '=HYPERLINK("x")',
      email: 'eve@example.com',
    });
    await updateApplicationStatus(db, organization.id, ada.id, 'shortlisted');

    Object.assign(session, { userId: owner.id, organizationId: organization.id });
    const response = await exportOf();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${organization.slug}-applications-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,created_at,job_id,job_title,name,email,phone,status,rating,source,resume_filename,resume_url,cover_letter',
    );
    expect(lines[1]).toContain(`${ada.id},`);
    // A phone number's + would start a formula too: it is kept as text the same way.
    expect(lines[1]).toContain(
      `,Lighthouse Keeper,Ada Lovelace,ada@example.com,'+44 20 7946 0000,shortlisted,,api,,,"Dear team,`,
    );
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""x"")",eve@example.com,`);

    const shortlisted = (await (await exportOf('?status=shortlisted&search=ADA')).text())
      .trimEnd()
      .split('\n');
    expect(shortlisted).toHaveLength(3);
    expect((await (await exportOf('?search=nobody')).text()).trimEnd().split('\n')).toHaveLength(1);

    const { user: editor } = await signUp(db, {
      email: `export-editor-${stamp}@example.com`,
      name: 'Eddie Editor',
      password: 'correct horse battery staple',
      organizationName: `Eddie ${stamp}`,
    });
    await addMember(db, organization.id, editor.id, 'editor');
    Object.assign(session, { userId: editor.id, organizationId: organization.id });
    const refused = await exportOf();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('Exporting applications needs the owner or admin role.\n');
  });
});
