'use server';

import { z } from 'zod';
import type { FormState } from '@/lib/forms';
import { type LocationCandidateOut, resolveLocationBodySchema } from '@/lib/geo/schemas';
import { previewLocations } from '@/lib/geo/service';
import {
  applyToJobs,
  type BulkJobsResult,
  bulkJobActions,
  createJob,
  deleteJob,
  listStatusMoves,
  updateJob,
} from '@/lib/jobs';
import { createJobBodySchema, updateJobBodySchema } from '@/lib/jobs/schemas';
import { dashboardAction, dashboardRowAction, rowId, textFields } from '../dashboard-action';
import { jobFormErrorRules } from './job-form-errors';
import { dashboardJobFields, formValuesFromJob, jobBodyFromForm } from './job-form-values';
import { commitPick, type PickedLocation } from './location-pick';

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
export const suggestLocationsAction = dashboardRowAction(
  'jobs.write',
  z.tuple([
    z
      .string()
      .transform((query): z.input<typeof resolveLocationBodySchema> => ({ query, limit: PICKER_SUGGESTIONS }))
      .pipe(resolveLocationBodySchema),
  ]),
  async ([query], { db, organization }): Promise<LocationCandidateOut[]> =>
    (await previewLocations(db, organization.id, query)).candidates,
  // What cannot be looked up has no suggestions.
  { refused: () => [] },
);

const pickSchema = z.object({
  id: z.uuid().nullable(),
  query: z.string().max(200),
  display_name: z.string(),
  country_code: z.string().nullable(),
  first: z.boolean(),
});

/** The owner picked a suggestion: it joins the board (or is already there). */
export const pickLocationAction = dashboardRowAction(
  'jobs.write',
  z.tuple([pickSchema]),
  async ([pick], { db, organization }): Promise<PickedLocation> => commitPick(db, organization.id, pick),
  { invalid: 'This place cannot be added: type it again.' },
);

const jobRow = z.tuple([rowId('Unknown job.')]);
// The list shows the row as it is now, whether the change was made or refused.
const jobRowOptions = { revalidate: [jobsPath], revalidateRefused: true } as const;

function jobStatusAction(move: keyof typeof listStatusMoves) {
  const { from, to } = listStatusMoves[move];
  return dashboardRowAction(
    'jobs.write',
    jobRow,
    async ([id], { db, organization }): Promise<RowActionResult> => {
      // Only from the status the row showed: a job expired meanwhile is not made live again.
      await updateJob(db, organization.id, id, { status: to }, new Date(), { from: [from] });
      return {};
    },
    jobRowOptions,
  );
}

export const approveJobAction = jobStatusAction('approve');

export const expireJobAction = jobStatusAction('expire');

export const deleteJobAction = dashboardRowAction(
  'jobs.write',
  jobRow,
  async ([id], { db, organization }): Promise<RowActionResult> => {
    await deleteJob(db, organization.id, id);
    return {};
  },
  jobRowOptions,
);

export type BulkJobsAnswer = Partial<BulkJobsResult> & { error?: string };

/** The list's selected jobs approved, expired or deleted at once (`applyToJobs`). */
export const bulkJobsAction = dashboardRowAction(
  'jobs.write',
  z.tuple([
    z
      .array(rowId('Unknown job.'))
      .min(1, { error: 'Select at least one job.' })
      .max(100, { error: 'Change at most 100 jobs at once.' }),
    z.enum(bulkJobActions),
  ]),
  async ([ids, action], { db, organization }): Promise<BulkJobsAnswer> =>
    applyToJobs(db, organization.id, ids, action),
  jobRowOptions,
);
