'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { updateApplicationBodySchema } from '@/lib/applications/schemas';
import { updateApplicationStatus } from '@/lib/applications/service';
import { requireMembership } from '@/lib/auth/session';
import { type FormState, formMessage } from '@/lib/forms';
import { type LocationCandidateOut, resolveLocationBodySchema } from '@/lib/geo/schemas';
import { previewLocations } from '@/lib/geo/service';
import { createJob, deleteJob, updateJob } from '@/lib/jobs';
import { createJobBodySchema, updateJobBodySchema } from '@/lib/jobs/schemas';
import { dashboardAction, textFields } from '../dashboard-action';
import { jobFormErrorRules } from './job-form-errors';
import { dashboardJobFields, formValuesFromJob, jobBodyFromForm } from './job-form-values';
import { commitPick, type LocationPick, type PickedLocation } from './location-pick';

const jobsPath = '/dashboard/jobs';

export interface RowActionResult {
  error?: string;
}

const jobForm = textFields(dashboardJobFields);

export const createJobAction = dashboardAction(
  'jobs.write',
  jobForm.transform((values) => jobBodyFromForm(values, 'create')).pipe(createJobBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    await createJob(db, organization.id, body);
    return {};
  },
  { revalidate: [jobsPath], errors: jobFormErrorRules, redirect: jobsPath },
);

const updateJobForm = z.object({ id: z.uuid({ error: 'Unknown job.' }) }).and(updateJobBodySchema);

export const updateJobAction = dashboardAction(
  'jobs.write',
  textFields(['id', ...dashboardJobFields])
    .transform(({ id, ...values }) => ({ ...jobBodyFromForm(values, 'update'), id }))
    .pipe(updateJobForm),
  async ({ id, ...body }, { db, organization, values }): Promise<FormState> => {
    const job = await updateJob(db, organization.id, id, body);
    const saved = formValuesFromJob(job);
    // The picked place keeps its own name on the chip, which the job does not carry.
    if (job.location_id && job.location_id === values.location_id && values.location_label)
      saved.location_label = values.location_label;
    return { success: 'Saved.', values: saved };
  },
  { revalidate: ({ id }) => [jobsPath, `${jobsPath}/${id}`], errors: jobFormErrorRules },
);

const PICKER_SUGGESTIONS = 6;

/** The job form's location picker, as the owner types: candidates only, nothing joins the board. */
export async function suggestLocationsAction(query: string): Promise<LocationCandidateOut[]> {
  const { organization } = await requireMembership('jobs.write');
  const parsed = resolveLocationBodySchema.safeParse({ query, limit: PICKER_SUGGESTIONS });
  if (!parsed.success) return [];
  const { candidates } = await previewLocations(await getDb(), organization.id, parsed.data);
  return candidates;
}

const pickSchema = z.object({
  id: z.uuid().nullable(),
  query: z.string().max(200),
  display_name: z.string(),
  country_code: z.string().nullable(),
  first: z.boolean(),
});

/** The owner picked a suggestion: it joins the board (or is already there). */
export async function pickLocationAction(pick: LocationPick): Promise<PickedLocation> {
  const { organization } = await requireMembership('jobs.write');
  const parsed = pickSchema.safeParse(pick);
  if (!parsed.success) return { error: 'This place cannot be added: type it again.' };
  return commitPick(await getDb(), organization.id, parsed.data);
}

async function changeJobStatus(id: string, status: 'active' | 'expired'): Promise<RowActionResult> {
  const { organization } = await requireMembership('jobs.write');
  const jobId = z.uuid().safeParse(id);
  if (!jobId.success) return { error: 'Unknown job.' };
  try {
    await updateJob(await getDb(), organization.id, jobId.data, { status });
  } catch (error) {
    return { error: formMessage(error) };
  } finally {
    revalidatePath(jobsPath);
  }
  return {};
}

export async function approveJobAction(id: string): Promise<RowActionResult> {
  return changeJobStatus(id, 'active');
}

export async function expireJobAction(id: string): Promise<RowActionResult> {
  return changeJobStatus(id, 'expired');
}

export async function deleteJobAction(id: string): Promise<RowActionResult> {
  const { organization } = await requireMembership('jobs.write');
  const jobId = z.uuid().safeParse(id);
  if (!jobId.success) return { error: 'Unknown job.' };
  try {
    await deleteJob(await getDb(), organization.id, jobId.data);
  } catch (error) {
    return { error: formMessage(error) };
  } finally {
    revalidatePath(jobsPath);
  }
  return {};
}

export const changeApplicationStatusAction = dashboardAction(
  'jobs.write',
  z.object({
    id: z.uuid({ error: 'Unknown application.' }),
    job_id: z.uuid({ error: 'Unknown application.' }),
    ...updateApplicationBodySchema.shape,
  }),
  async ({ id, status }, { db, organization }): Promise<FormState> => {
    await updateApplicationStatus(db, organization.id, id, status);
    return { success: 'Updated.' };
  },
  // A row's form shows one message.
  { revalidate: ({ job_id }) => [`${jobsPath}/${job_id}`], errors: { fields: [] } },
);
