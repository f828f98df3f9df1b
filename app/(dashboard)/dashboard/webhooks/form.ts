import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { fieldErrors } from '@/lib/forms';
import { type CreateWebhookInput, createWebhookBodySchema } from '@/lib/webhooks/schemas';

/** The create form's inputs; `events` is a checkbox group, `secret` is never sent back to the page. */
export const webhookFormFields = ['target_url', 'events', 'secret'] as const;
type FormField = (typeof webhookFormFields)[number];

/** API wording (`target_url`, backticks) as a sentence for the form. */
export function formMessage(message: string): string {
  return message
    .replace(/^target_url is not allowed: /, 'This URL cannot receive webhooks: ')
    .replaceAll('`', '');
}

/** Field-less service messages (a 409 conflict, a 404) go to the form; the rest to their field. */
function fieldFor(name: string): FormField | 'form' {
  if (name === 'event') return 'events';
  return (webhookFormFields as readonly string[]).includes(name) ? (name as FormField) : 'form';
}

/**
 * The form as POST /webhooks' body, checked with the API's own schema: ticked events as `events`,
 * a blank secret left out so that one is generated.
 */
export function webhookBodyFromForm(
  formData: FormData,
): { body: CreateWebhookInput; errors?: never } | { body?: never; errors: Record<string, string> } {
  const targetUrl = String(formData.get('target_url') ?? '');
  const events = formData.getAll('events').map(String);
  const secret = String(formData.get('secret') ?? '');
  const errors: Record<string, string> = {};
  if (!targetUrl.trim()) errors.target_url = 'Enter the https URL that should receive the events.';
  if (events.length === 0) errors.events = 'Choose at least one event, or All events.';
  const parsed = createWebhookBodySchema.safeParse({
    target_url: targetUrl,
    events: events.length > 0 ? events : undefined,
    secret: secret === '' ? undefined : secret,
  });
  if (!parsed.success) {
    for (const [name, message] of Object.entries(fieldErrors(parsed.error)))
      errors[fieldFor(name)] ??= formMessage(message);
  }
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

const detailsSchema = z.array(z.object({ field: z.string(), message: z.string() }));

/** A service's AppError as form errors (per field where the details name one); anything else is rethrown. */
export function serviceFormErrors(error: unknown): Record<string, string> {
  if (!(error instanceof AppError)) throw error;
  const errors: Record<string, string> = {};
  const details = detailsSchema.safeParse(error.details);
  for (const detail of details.success ? details.data : [])
    errors[fieldFor(detail.field)] ??= formMessage(detail.message);
  if (Object.keys(errors).length === 0) errors.form = formMessage(error.message);
  return errors;
}

/** For the row buttons: an AppError's message, shown next to the button; anything else is rethrown. */
export function serviceMessage(error: unknown): string {
  if (!(error instanceof AppError)) throw error;
  return formMessage(error.message);
}
