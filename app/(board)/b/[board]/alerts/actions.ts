'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { AlertFormState, AlertFormValues } from '@/components/board/alert-form';
import {
  alertsOf,
  confirmAlert,
  emailForManageToken,
  manageToken,
  subscribeAlert,
  unsubscribeAlerts,
} from '@/lib/alerts';
import { subscribeAlertSchema } from '@/lib/alerts/schemas';
import { AppError } from '@/lib/core/errors';
import { formText as text } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';
import { expectForm, expectIds } from '../action-input';
import { loadBoard } from '../board';
import { currentMember, requireMember } from '../member';

const fieldNames = new Set<keyof AlertFormValues>([
  'email',
  'q',
  'category',
  'job_type',
  'location',
  'salary_min',
  'frequency',
]);

/** The alert form: subscribes (double opt-in, or at once for a signed-in member's own address). */
export async function createAlertAction(
  boardSlug: string,
  _previous: AlertFormState | null,
  form: FormData,
): Promise<AlertFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const values: AlertFormValues = {
    email: text(form, 'email').trim(),
    q: text(form, 'q'),
    category: text(form, 'category'),
    job_type: text(form, 'job_type'),
    remote: text(form, 'remote') === '1',
    location: text(form, 'location'),
    salary_min: text(form, 'salary_min').trim(),
    frequency: text(form, 'frequency'),
  };
  const parsed = subscribeAlertSchema.safeParse({ ...values, job_type: values.job_type || null });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'email') as keyof AlertFormValues;
    const messages: Partial<Record<keyof AlertFormValues, string>> = {
      email: 'Enter an email address like name@example.com.',
      frequency: 'Choose how often: instantly, daily or weekly.',
      job_type: 'Choose a job type from the list.',
    };
    const labels: Partial<Record<keyof AlertFormValues, string>> = {
      q: 'Keywords',
      location: 'Location',
      salary_min: 'Minimum salary a year',
    };
    return {
      error: messages[field] ?? `${labels[field] ?? 'Location'}: ${issue.message}.`,
      field: fieldNames.has(field) ? field : undefined,
      values,
    };
  }
  const member = await currentMember(boardSlug);
  try {
    const { status } = await subscribeAlert(board.db, board.org, parsed.data, {
      clientAddress: clientAddress(await headers()),
      member: member && { id: member.id, email: member.email },
    });
    return { done: status, values: { ...values, email: parsed.data.email } };
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error')
      return { error: error.message, field: 'category', values };
    if (error instanceof AppError && error.code === 'rate_limited') return { error: error.message, values };
    throw error;
  }
}

/** The button on the page a confirmation link opens. */
export async function confirmAlertAction(boardSlug: string, form: FormData): Promise<void> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const token = text(form, 'token');
  const result = await confirmAlert(board.db, board.org.id, token);
  if (!result.ok) redirect(board.href(`/alerts/confirm?token=${encodeURIComponent(token)}`));
  redirect(
    board.href(
      `/alerts/manage?token=${manageToken(board.org.id, result.alert.email, new Date())}&confirmed=1`,
    ),
  );
}

/** Unsubscribe buttons on the manage page: one alert (`alert`) or every alert of the address. */
export async function unsubscribeAction(boardSlug: string, form: FormData): Promise<void> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const token = text(form, 'token');
  const who = emailForManageToken(board.org.id, token);
  if (!who.ok) redirect(board.href(`/alerts/manage?token=${encodeURIComponent(token)}`));
  const alert = text(form, 'alert');
  const stopped = await unsubscribeAlerts(board.db, board.org.id, {
    email: who.email,
    ids: alert ? [alert] : undefined,
  });
  redirect(board.href(`/alerts/manage?token=${encodeURIComponent(token)}&stopped=${stopped}`));
}

/** Unsubscribe buttons in the account page: the member's own alerts only. */
export async function unsubscribeOwnAlertAction(boardSlug: string, form: FormData): Promise<void> {
  expectIds(boardSlug);
  expectForm(form);
  const { board, member } = await requireMember(boardSlug, '/account');
  const own = await alertsOf(board.db, board.org.id, { email: member.email, memberId: member.id });
  const alert = text(form, 'alert');
  if (own.some((row) => row.id === alert)) await unsubscribeAlerts(board.db, board.org.id, { ids: [alert] });
  redirect(board.href('/account#alerts-heading'));
}
