import { listText } from '@/lib/core/format';
import type { BulkJobAction, BulkJobsResult } from '@/lib/jobs/bulk';

const done: Record<BulkJobAction, string> = { approve: 'Approved', expire: 'Expired', delete: 'Deleted' };
const notDone: Record<BulkJobAction, string> = {
  approve: 'Not approved',
  expire: 'Not expired',
  delete: 'Not deleted',
};

const titles = (rows: { title: string }[]) => listText(rows.map((row) => `“${row.title}”`));

/** What a bulk change of jobs did, in a sentence or two, for the list's live region. */
export function bulkJobsMessage(
  result: Partial<BulkJobsResult> & { error?: string },
  action: BulkJobAction,
): string {
  if (result.error) return result.error;
  const changed = result.done ?? [];
  const refused = result.refused ?? [];
  const parts = [];
  if (changed.length)
    parts.push(
      `${done[action]} ${changed.length} job${changed.length === 1 ? '' : 's'}: ${titles(changed)}.`,
    );
  if (refused.length) parts.push(`${notDone[action]}: ${refused.map((row) => row.reason).join(' ')}`);
  return parts.join(' ') || 'None of the selected jobs are listed any more.';
}
