'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms';
import { createPlan, deletePlan, updatePlan } from '@/lib/plans';
import { dashboardAction, dashboardRowAction, type Revalidation, rowId } from '../dashboard-action';
import { createPlanForm, planFormErrorRules, updatePlanForm } from './plan-form';
import { formValuesFromPlan, type PlanFormValues } from './plan-values';

const plansPath = '/dashboard/plans';
// The list and each plan's editor.
const revalidate: Revalidation[] = [[plansPath, 'layout']];
const errors = (values: Record<string, string>) => planFormErrorRules(values as PlanFormValues);

export interface PlanFormState extends FormState {
  /** Counts answers, so the editor remounts with the values it is given. */
  submission?: number;
}

export const createPlanAction = dashboardAction(
  'settings.manage',
  createPlanForm,
  async (body, { db, organization }): Promise<PlanFormState> => {
    await createPlan(db, organization.id, body);
    return {};
  },
  { revalidate: [plansPath], errors, redirect: plansPath },
);

export const updatePlanAction = dashboardAction(
  'settings.manage',
  updatePlanForm,
  async ({ id, ...body }, { db, organization }): Promise<PlanFormState> => {
    const plan = await updatePlan(db, organization.id, id, body);
    return { success: 'Saved.', values: formValuesFromPlan(plan) };
  },
  { revalidate, errors },
);

const planRow = z.tuple([rowId('Unknown plan.')]);

/** Deletes the plan, or archives it when payments or subscriptions refer to it. */
export const deletePlanAction = dashboardRowAction(
  'settings.manage',
  planRow,
  async ([id], { db, organization }): Promise<ActionResult> => {
    await deletePlan(db, organization.id, id);
    return {};
  },
  { revalidate, revalidateRefused: true },
);

/** Puts an archived plan back on sale. */
export const restorePlanAction = dashboardRowAction(
  'settings.manage',
  planRow,
  async ([id], { db, organization }): Promise<ActionResult> => {
    await updatePlan(db, organization.id, id, { is_active: true });
    return {};
  },
  { revalidate, revalidateRefused: true },
);
