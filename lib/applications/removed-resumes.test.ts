// A job deleted with its applications takes their résumé files with it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { applications, privateFileDeletions } from '@/db/schema';
import { deleteJob } from '@/lib/jobs';
import { createTenant, createTestJob } from '@/test/factories';
import { deleteRemovedResumes } from './removed-resumes';
import { privateFiles } from './resume';
import { createApplication } from './service';

async function applicationWithResume(orgId: number, jobId: string, name: string) {
  const db = await getDb();
  const applicationId = crypto.randomUUID();
  const key = `resumes/${orgId}/${applicationId}.pdf`;
  await privateFiles().put(key, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
  await createApplication(
    db,
    orgId,
    jobId,
    { name, email: `${name.toLowerCase()}@example.com`, cover_letter: 'Hello.', source: 'board' },
    { resume: { applicationId, key, filename: 'cv.pdf' } },
  );
  return key;
}

describe('deleteRemovedResumes', () => {
  it('deletes the résumé files of a deleted job’s applications, and only those', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const gone = await createTestJob(organization.id, { how_to_apply_method: 'form-internal' });
    const kept = await createTestJob(organization.id, { how_to_apply_method: 'form-internal' });
    const goneKeys = [
      await applicationWithResume(organization.id, gone.id, 'Ada'),
      await applicationWithResume(organization.id, gone.id, 'Grace'),
    ];
    const keptKey = await applicationWithResume(organization.id, kept.id, 'Alan');

    await deleteJob(db, organization.id, gone.id);
    expect(await db.select().from(applications).where(eq(applications.jobId, gone.id))).toEqual([]);
    // Logged with the delete, in its transaction; the files are still there until the worker runs.
    const logged = (await db.select({ key: privateFileDeletions.key }).from(privateFileDeletions)).map(
      (row) => row.key,
    );
    expect(logged).toEqual(expect.arrayContaining(goneKeys));
    expect(logged).not.toContain(keptKey);
    for (const key of goneKeys) expect(await privateFiles().size(key)).not.toBeNull();

    expect((await deleteRemovedResumes(db)).deleted).toBeGreaterThanOrEqual(2);
    for (const key of goneKeys) expect(await privateFiles().size(key)).toBeNull();
    expect(await privateFiles().size(keptKey)).not.toBeNull();
    expect(await db.select().from(privateFileDeletions)).toEqual([]);
    // Nothing left to do, and a file already gone is no error.
    await db.insert(privateFileDeletions).values({ key: goneKeys[0]! });
    expect(await deleteRemovedResumes(db)).toEqual({ deleted: 1 });
  });
});
