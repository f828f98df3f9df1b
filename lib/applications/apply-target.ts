// Where a job's applications go, for the board's apply button and its redirect.
import type { JobOut } from '@/lib/jobs/schemas';

export type ApplyTarget =
  | { kind: 'board' }
  | { kind: 'email'; address: string }
  | { kind: 'external'; url: string }
  | null;

/**
 * The board's own form (`form-internal`), an address to mail (the contact's, else the one in how to
 * apply), or the company's page; null when the job names none.
 */
export function applyTarget(
  job: Pick<JobOut, 'how_to_apply_method' | 'how_to_apply' | 'contact_email'>,
): ApplyTarget {
  if (job.how_to_apply_method === 'form-internal') return { kind: 'board' };
  if (job.how_to_apply_method === 'email') {
    const address = job.contact_email ?? job.how_to_apply;
    return address ? { kind: 'email', address } : null;
  }
  if (job.how_to_apply_method === 'form-external' && job.how_to_apply)
    return { kind: 'external', url: job.how_to_apply };
  return null;
}
