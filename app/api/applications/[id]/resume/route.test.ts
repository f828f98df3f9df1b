// The signed resume link: a download by default, a PDF inline on request, framed by the site alone.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createApplication, privateFiles, resumeLink } from '@/lib/applications';
import { newId } from '@/lib/core/ids';
import { createTenant, createTestJob } from '@/test/factories';
import { GET } from './route';

async function applicationWithResume(kind: 'pdf' | 'docx') {
  const { organization } = await createTenant();
  const job = await createTestJob(organization.id);
  const applicationId = newId();
  const key = `resumes/${organization.id}/${applicationId}.${kind}`;
  await privateFiles().put(key, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
  await createApplication(
    await getDb(),
    organization.id,
    job.id,
    { name: 'Ada', email: 'ada@example.com' },
    { resume: { applicationId, key, filename: `ada-cv.${kind}` } },
  );
  return applicationId;
}

const read = (id: string, extra = '') => {
  const link = new URL(resumeLink(id));
  return GET(new Request(`http://localhost:3000${link.pathname}${link.search}${extra}`), {
    params: Promise.resolve({ id }),
  });
};

describe('GET /api/applications/{id}/resume', () => {
  it.each([
    ['pdf', '', 'attachment'],
    ['pdf', '&disposition=inline', 'inline'],
    ['docx', '&disposition=inline', 'attachment'],
  ] as const)('answers a %s%s as %s, frameable by the site only', async (kind, extra, disposition) => {
    const response = await read(await applicationWithResume(kind), extra);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`${disposition}; filename="ada-cv.${kind}"`);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('still refuses a link without its signature, with the same framing headers', async () => {
    const id = await applicationWithResume('pdf');
    const response = await GET(
      new Request(`http://localhost:3000/api/applications/${id}/resume?disposition=inline`),
      { params: Promise.resolve({ id }) },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
