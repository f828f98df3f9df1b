'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms';
import {
  createJobSource,
  deleteJobSource,
  getJobSource,
  kickJobSources,
  requestSync,
  updateJobSource,
} from '@/lib/job-sources';
import type { JobSourceOut, JobSourceRunOut, UpdateJobSourceInput } from '@/lib/job-sources/schemas';
import { dashboardAction, dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';
import {
  editJobSourceForm,
  formValuesFromSource,
  jobSourceErrorRules,
  jobSourceFields,
  newJobSourceForm,
} from './form';
import { sourceName } from './labels';

const sourcesPath = '/dashboard/job-sources';
/** The list and each source's page. */
const revalidate: Revalidation[] = [[sourcesPath, 'layout']];

export const createJobSourceAction = dashboardAction(
  'jobs.write',
  newJobSourceForm,
  async (body, { db, organization }): Promise<FormState> => {
    const source = await createJobSource(db, organization.id, body);
    // As the API does: an enabled source is due at once.
    if (source.is_enabled) kickJobSources();
    return {
      success: source.is_enabled
        ? `Added ${sourceName(source)}. Its first sync starts in a moment.`
        : `Added ${sourceName(source)}. It syncs only when you press Sync now, until you enable it.`,
    };
  },
  { revalidate, errors: jobSourceErrorRules },
);

/** A URL as the service stores it, to tell a change from the same address typed again. */
const normalUrl = (url: string) => {
  try {
    return new URL(url).toString();
  } catch {
    return url;
  }
};

/** The fields whose value differs from the stored source: a PATCH of only those (see updateJobSource). */
function changedFields(source: JobSourceOut, body: z.output<typeof editJobSourceForm>): UpdateJobSourceInput {
  const changes: UpdateJobSourceInput = {};
  if (body.kind !== source.kind) changes.kind = body.kind;
  if (normalUrl(body.url) !== source.url) changes.url = body.url;
  if ((body.company_name ?? null) !== source.company_name) changes.company_name = body.company_name ?? null;
  if ((body.category ?? null) !== source.category) changes.category = body.category ?? null;
  if (body.status_for_new_jobs !== source.status_for_new_jobs)
    changes.status_for_new_jobs = body.status_for_new_jobs;
  if (body.is_enabled !== source.is_enabled) changes.is_enabled = body.is_enabled;
  if (body.sync_interval_minutes !== source.sync_interval_minutes)
    changes.sync_interval_minutes = body.sync_interval_minutes;
  return changes;
}

export const updateJobSourceAction = dashboardAction(
  'jobs.write',
  editJobSourceForm,
  async ({ id, ...body }, { db, organization }): Promise<FormState> => {
    const source = await getJobSource(db, organization.id, id);
    const changes = changedFields(source, { id, ...body });
    if (Object.keys(changes).length === 0) return { success: 'Nothing changed.' };
    const saved = await updateJobSource(db, organization.id, id, changes);
    if (changes.is_enabled) kickJobSources();
    const remapped = ['kind', 'url', 'company_name', 'category'].some((field) => field in changes);
    return {
      success: remapped ? 'Saved. The next sync updates every job to the new settings.' : 'Saved.',
      values: formValuesFromSource(saved),
    };
  },
  // The id is the form's own: a problem with it is the form's message.
  {
    revalidate,
    errors: { ...jobSourceErrorRules, fields: jobSourceFields },
  },
);

/** From the source's page: it is gone afterwards, so it leads back to the list. */
export const deleteJobSourceAction = dashboardRowAction(
  'jobs.write',
  z.tuple([rowId('Unknown job source.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await deleteJobSource(db, organization.id, id);
    return {};
  },
  { revalidate, gone: {}, redirect: () => sourcesPath },
);

export interface SyncAnswer extends ActionResult {
  run?: JobSourceRunOut;
}

/** "Sync now": the API's sync (a run opened, or the one in progress), answered as it stands. */
export const syncJobSourceAction = dashboardRowAction(
  'jobs.write',
  z.tuple([rowId('Unknown job source.')]),
  async ([id], { db, organization }): Promise<SyncAnswer> => ({
    run: await requestSync(db, organization.id, id),
  }),
);

export interface SourceProgress extends ActionResult {
  source?: JobSourceOut;
}

/** What the "Sync now" control polls while a run is in progress: the source, its latest run and jobs. */
export const jobSourceProgressAction = dashboardRowAction(
  null,
  z.tuple([rowId('Unknown job source.')]),
  async ([id], { db, organization }): Promise<SourceProgress> => ({
    source: await getJobSource(db, organization.id, id),
  }),
);
