// Résumé files of applications that are gone. Applications go with their job or their organization
// by a database cascade, which no code of this domain sees: a trigger logs each résumé's key
// (private_file_deletions, migration 0042) and this worker deletes the files.
import { asc, inArray } from 'drizzle-orm';
import { type Database, getDb } from '@/db/client';
import { privateFileDeletions } from '@/db/schema';
import { createBackgroundRunner } from '@/lib/core/background-runner';
import { privateFiles } from './resume';

const BATCH = 100;

const runner = createBackgroundRunner('removed-resumes', async (until) =>
  deleteRemovedResumes(await getDb(), { until }),
);

/** Long-running servers, once at boot; Vercel calls /api/cron/files instead. */
export const startRemovedResumeTimer = () => runner.start(60_000);

/**
 * Deletes the logged files, oldest first, then their log rows; a file already gone counts as
 * deleted. Two servers at once delete the same files twice, harmlessly.
 */
export async function deleteRemovedResumes(
  db: Database,
  { until = Number.POSITIVE_INFINITY }: { until?: number } = {},
): Promise<{ deleted: number }> {
  let deleted = 0;
  while (Date.now() < until) {
    const batch = await db
      .select({ key: privateFileDeletions.key })
      .from(privateFileDeletions)
      .orderBy(asc(privateFileDeletions.createdAt))
      .limit(BATCH);
    if (batch.length === 0) break;
    const keys = batch.map((row) => row.key);
    for (const key of keys) await privateFiles().delete(key);
    await db.delete(privateFileDeletions).where(inArray(privateFileDeletions.key, keys));
    deleted += keys.length;
    if (batch.length < BATCH) break;
  }
  return { deleted };
}
