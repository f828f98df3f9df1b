import { type FormErrorRules, type FormErrors, type FormProblem, formErrors, formMessage } from '@/lib/forms';
import { type CreateWebhookInput, createWebhookBodySchema } from '@/lib/webhooks/schemas';

/** The create form's inputs; `events` is a checkbox group, `secret` is never sent back to the page. */
export const webhookFormFields = ['target_url', 'events', 'secret'] as const;

/** API messages mark names as `code`; the form shows plain text. */
const plain = ({ message }: FormProblem) => message.replaceAll('`', '');
/** The URL check's reason (see assertTarget), as a sentence for the form. */
const refusedUrl = ({ message }: FormProblem) => `This URL cannot receive webhooks: ${message}`;

const webhookErrorRules: FormErrorRules = {
  // Field-less refusals (a 409 conflict, a 404) go to the form; `event` is the API's single-event input.
  fields: (field) => {
    const head = field.split('.')[0] ?? '';
    if (head === 'event') return 'events';
    return (webhookFormFields as readonly string[]).includes(head) ? head : undefined;
  },
  fieldWords: {
    target_url: { invalid_url: refusedUrl, blocked_target: refusedUrl },
    events: plain,
    secret: plain,
  },
};

/**
 * The form as POST /webhooks' body, checked with the API's own schema: ticked events as `events`,
 * a blank secret left out so that one is generated.
 */
export function webhookBodyFromForm(
  formData: FormData,
): { body: CreateWebhookInput; errors?: never } | { body?: never; errors: FormErrors } {
  const targetUrl = String(formData.get('target_url') ?? '');
  const events = formData.getAll('events').map(String);
  const secret = String(formData.get('secret') ?? '');
  const parsed = createWebhookBodySchema.safeParse({
    target_url: targetUrl,
    events: events.length > 0 ? events : undefined,
    secret: secret === '' ? undefined : secret,
  });
  const blank: Record<string, string> = {};
  if (!targetUrl.trim()) blank.target_url = 'Enter the https URL that should receive the events.';
  if (events.length === 0) blank.events = 'Choose at least one event, or All events.';
  if (parsed.success && Object.keys(blank).length === 0) return { body: parsed.data };
  const schema = parsed.success ? { fieldErrors: {} } : serviceFormErrors(parsed.error);
  // What was left blank is said in the form's words, before the schema's.
  return { errors: { ...schema, fieldErrors: { ...schema.fieldErrors, ...blank } } };
}

/** A refusal as the create form's errors (per field where one is named); anything else is rethrown. */
export const serviceFormErrors = (error: unknown) => formErrors(error, webhookErrorRules);

/** For the row buttons: a refusal as one message, shown next to the button; anything else is rethrown. */
export const serviceMessage = (error: unknown) => formMessage(error, webhookErrorRules);
