import type { FormErrorRules, FormProblem } from '@/lib/forms';
import { createWebhookBodySchema } from '@/lib/webhooks/schemas';
import { checkedBody, textFields } from '../form-schema';

/** The create form's inputs; `events` is a checkbox group, `secret` is never sent back to the page. */
export const webhookFormFields = ['target_url', 'events', 'secret'] as const;

/** API messages mark names as `code`; the form shows plain text. */
const plain = ({ message }: FormProblem) => message.replaceAll('`', '');
/** The URL check's reason (see assertTarget), as a sentence for the form. */
const refusedUrl = ({ message }: FormProblem) => `This URL cannot receive webhooks: ${message}`;

/** How refusals show, on the create form's inputs or (fields: []) as a row button's message. */
export const webhookErrorRules: FormErrorRules = {
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
 * The create form as POST /webhooks' body, checked with the API's own schema: ticked events as
 * `events`, a blank secret left out so that one is generated. What was left blank is said in the
 * form's words, before the schema's.
 */
export const webhookForm = checkedBody(
  textFields(['target_url', 'secret'], ['events']),
  ({ target_url, events, secret }) => ({
    target_url,
    events: events.length > 0 ? events : undefined,
    secret: secret === '' ? undefined : secret,
  }),
  createWebhookBodySchema,
  ({ target_url, events }) => ({
    target_url: target_url.trim() ? undefined : 'Enter the https URL that should receive the events.',
    events: events.length > 0 ? undefined : 'Choose at least one event, or All events.',
  }),
);
