'use server';

import { z } from 'zod';
import {
  addNote,
  type BulkMoveResult,
  deleteNote,
  moveApplications,
  saveMailTemplate,
  setRating,
  updateApplicationStatus,
} from '@/lib/applications';
import { mailTemplateSchema, noteBodySchema, ratingSchema } from '@/lib/applications/review-schemas';
import { type ApplicationStatus, applicationStatusSchema } from '@/lib/applications/schemas';
import type { FormState } from '@/lib/forms';
import { dashboardAction, dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';

/** An applicant shows on their job's pages and their own: a change reaches every one of them. */
const reviewPaths: readonly Revalidation[] = [
  ['/dashboard/jobs', 'layout'],
  ['/dashboard/applications', 'layout'],
];

const applicationId = rowId('Unknown application.');

export interface MoveResult {
  error?: string;
  status?: ApplicationStatus;
}

/** A card's move in the pipeline, or the status control on the applicant's page. */
export const moveApplicationAction = dashboardRowAction(
  'applications.review',
  z.tuple([applicationId, applicationStatusSchema]),
  async ([id, status], { db, organization }): Promise<MoveResult> => ({
    status: (await updateApplicationStatus(db, organization.id, id, status)).status,
  }),
  // Refused because someone moved it meanwhile: the page shows where it is now.
  { revalidate: reviewPaths, revalidateRefused: true },
);

export type BulkResult = Partial<BulkMoveResult> & { error?: string };

export const moveApplicationsAction = dashboardRowAction(
  'applications.review',
  z.tuple([
    z
      .array(applicationId)
      .min(1, { error: 'Select at least one applicant.' })
      .max(500, { error: 'Move at most 500 applicants at once.' }),
    applicationStatusSchema,
  ]),
  async ([ids, status], { db, organization }): Promise<BulkResult> =>
    moveApplications(db, organization.id, ids, status),
  { revalidate: reviewPaths },
);

export const addNoteAction = dashboardAction(
  'applications.review',
  z.object({ application_id: applicationId, body: noteBodySchema }),
  async ({ application_id, body }, { db, organization, userId }): Promise<FormState> => {
    await addNote(db, organization.id, application_id, userId, body);
    // The form comes back empty for the next note.
    return { success: 'Note added.', values: { application_id, body: '' } };
  },
  { revalidate: reviewPaths },
);

export const deleteNoteAction = dashboardRowAction(
  'applications.review',
  z.tuple([rowId('Unknown note.')]),
  async ([id], { db, organization, userId }): Promise<{ error?: string }> => {
    await deleteNote(db, organization.id, id, userId);
    return {};
  },
  { revalidate: reviewPaths, gone: {} },
);

export const setRatingAction = dashboardAction(
  'applications.review',
  z.object({
    application_id: applicationId,
    // "No rating" sends 'none'; an empty choice reads as the same.
    rating: z
      .string()
      .transform((value) => (value === '' || value === 'none' ? null : Number(value)))
      .pipe(ratingSchema),
  }),
  async ({ application_id, rating }, { db, organization }): Promise<FormState> => {
    await setRating(db, organization.id, application_id, rating);
    return {
      success: rating === null ? 'Rating cleared.' : `Rated ${rating} out of 5.`,
      values: { application_id, rating: rating === null ? 'none' : String(rating) },
    };
  },
  { revalidate: reviewPaths },
);

export const saveMailTemplateAction = dashboardAction(
  'applications.review',
  z
    .object({ status: z.string(), enabled: z.string(), subject: z.string(), body: z.string() })
    .transform((values) => ({ ...values, enabled: values.enabled === 'on' }))
    .pipe(mailTemplateSchema),
  async (input, { db, organization }): Promise<FormState> => {
    const saved = await saveMailTemplate(db, organization.id, input);
    return {
      success: saved.enabled ? 'Saved. Applicants get this mail.' : 'Saved. This mail is off.',
      values: {
        status: saved.status,
        enabled: saved.enabled ? 'on' : '',
        subject: saved.subject,
        body: saved.body,
      },
    };
  },
  { revalidate: [['/dashboard/applications', 'layout']] },
);
