'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { submitBoardApplication, submitProfileApplication } from '@/lib/applications';
import type { ApplyResult } from '@/lib/applications/schemas';
import { clientAddress } from '@/lib/http/client-address';
import { expectForm, expectIds } from '../../action-input';
import { currentMember, requireMember } from '../../member';
import { loadJob } from './job';

/** The apply form's action without JavaScript: errors re-render the form with what was typed. */
export async function applyAction(
  boardSlug: string,
  jobSlug: string,
  _previous: ApplyResult | null,
  form: FormData,
): Promise<ApplyResult> {
  expectIds(boardSlug, jobSlug);
  expectForm(form);
  const [{ board, job }, member] = await Promise.all([loadJob(boardSlug, jobSlug), currentMember(boardSlug)]);
  const result = await submitBoardApplication(
    {
      db: board.db,
      org: board.org,
      job,
      clientAddress: clientAddress(await headers()),
      memberId: member?.id,
      headers: await headers(),
    },
    form,
  );
  if (result.ok) redirect(board.href(`/jobs/${job.slug}/applied`));
  return result;
}

/** One-click apply's confirm step: the signed-in member's profile and the cover note typed there. */
export async function applyWithProfileAction(
  boardSlug: string,
  jobSlug: string,
  _previous: ApplyResult | null,
  form: FormData,
): Promise<ApplyResult> {
  expectIds(boardSlug, jobSlug);
  expectForm(form);
  const { board, job } = await loadJob(boardSlug, jobSlug);
  const { member } = await requireMember(boardSlug, `/jobs/${job.slug}/apply-with-profile`);
  const result = await submitProfileApplication(
    {
      db: board.db,
      org: board.org,
      job,
      clientAddress: clientAddress(await headers()),
      memberId: member.id,
      headers: await headers(),
    },
    member,
    form,
  );
  if (result.ok) redirect(board.href(`/jobs/${job.slug}/applied`));
  return result;
}
