'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { type FormState, formMessage, formValues } from '@/lib/forms';
import { createPlan, deletePlan, updatePlan } from '@/lib/plans';
import { createBodyFromForm, planFormErrors, updateBodyFromForm } from './plan-form';
import { formValuesFromPlan, type PlanFormValues, planFormFields } from './plan-values';

const plansPath = '/dashboard/plans';

export interface PlanFormState extends FormState {
  /** Counts answers, so the editor remounts with the values it is given. */
  submission?: number;
}

const planId = z.uuid();

function refused(previous: PlanFormState, values: PlanFormValues, error: unknown): PlanFormState {
  return { ...planFormErrors(error, values), values, submission: (previous.submission ?? 0) + 1 };
}

export async function createPlanAction(previous: PlanFormState, formData: FormData): Promise<PlanFormState> {
  const { organization } = await requireMembership('settings.manage');
  const values = formValues(formData, [...planFormFields]) as PlanFormValues;
  const { body, errors } = createBodyFromForm(values);
  if (errors) return { ...errors, values, submission: (previous.submission ?? 0) + 1 };
  try {
    await createPlan(await getDb(), organization.id, body);
  } catch (error) {
    return refused(previous, values, error);
  }
  revalidatePath(plansPath);
  redirect(plansPath);
}

export async function updatePlanAction(previous: PlanFormState, formData: FormData): Promise<PlanFormState> {
  const { organization } = await requireMembership('settings.manage');
  const id = planId.safeParse(formData.get('id'));
  if (!id.success) return { error: 'Unknown plan.', submission: (previous.submission ?? 0) + 1 };
  const values = formValues(formData, [...planFormFields]) as PlanFormValues;
  const { body, errors } = updateBodyFromForm(values);
  if (errors) return { ...errors, values, submission: (previous.submission ?? 0) + 1 };
  try {
    const plan = await updatePlan(await getDb(), organization.id, id.data, body);
    revalidatePath(plansPath, 'layout');
    return {
      success: 'Saved.',
      values: formValuesFromPlan(plan),
      submission: (previous.submission ?? 0) + 1,
    };
  } catch (error) {
    return refused(previous, values, error);
  }
}

/** Deletes the plan, or archives it when payments or subscriptions refer to it. */
export async function deletePlanAction(id: string): Promise<ActionResult> {
  const { organization } = await requireMembership('settings.manage');
  const parsed = planId.safeParse(id);
  if (!parsed.success) return { error: 'Unknown plan.' };
  try {
    await deletePlan(await getDb(), organization.id, parsed.data);
    return {};
  } catch (error) {
    return { error: formMessage(error) };
  } finally {
    revalidatePath(plansPath, 'layout');
  }
}

/** Puts an archived plan back on sale. */
export async function restorePlanAction(id: string): Promise<ActionResult> {
  const { organization } = await requireMembership('settings.manage');
  const parsed = planId.safeParse(id);
  if (!parsed.success) return { error: 'Unknown plan.' };
  try {
    await updatePlan(await getDb(), organization.id, parsed.data, { is_active: true });
    return {};
  } catch (error) {
    return { error: formMessage(error) };
  } finally {
    revalidatePath(plansPath, 'layout');
  }
}
