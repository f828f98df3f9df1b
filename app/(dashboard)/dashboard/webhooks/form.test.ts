import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { formErrors, formInput, formMessage } from '@/lib/forms';
import { retryDelivery, sendTestEvent } from '@/lib/webhooks/deliveries';
import { createSubscription, updateSubscription } from '@/lib/webhooks/subscriptions';
import { createTenant } from '@/test/factories';
import { webhookErrorRules, webhookForm } from './form';

/** The create form's body, or its errors, as the action gets them. */
function webhookBodyFromForm(formData: FormData) {
  const parsed = webhookForm.safeParse(formInput(formData, ['target_url', 'secret', 'events'], ['events']));
  return parsed.success ? { body: parsed.data } : { errors: formErrors(parsed.error, webhookErrorRules) };
}
const serviceFormErrors = (error: unknown) => formErrors(error, webhookErrorRules);
const serviceMessage = (error: unknown) => formMessage(error, webhookErrorRules);

const target = 'https://hooks.example.com/boardkit';
// As in production, whatever the test environment allows.
const production = { allowPrivateNetwork: false, allowHttp: false };

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

/** The form errors the create form shows for what the service refuses. */
async function createErrors(fields: Record<string, string | string[]>) {
  const { body } = webhookBodyFromForm(form(fields));
  const { organization } = await createTenant();
  try {
    await createSubscription(await getDb(), organization.id, body!, production);
  } catch (error) {
    const { error: message, fieldErrors } = serviceFormErrors(error);
    expect(message).toBeUndefined();
    return fieldErrors;
  }
  throw new Error('The service accepted it.');
}

describe('the create form', () => {
  it('sends the ticked events and leaves a blank secret out, so one is generated', async () => {
    const { body } = webhookBodyFromForm(
      form({ target_url: ` ${target} `, events: ['job.created', 'application.created'], secret: '' }),
    );
    expect(body).toEqual({
      target_type: 'webhook',
      target_url: target,
      events: ['job.created', 'application.created'],
    });
    const { organization } = await createTenant();
    const created = await createSubscription(await getDb(), organization.id, body!, production);
    expect(created.secret).toMatch(/^whsec_/);
  });

  it('passes a given secret or vault reference on', () => {
    expect(
      webhookBodyFromForm(form({ target_url: target, events: '*', secret: 'vault:hook' })).body,
    ).toMatchObject({
      events: ['*'],
      secret: 'vault:hook',
    });
  });

  it('asks for a URL and at least one event in words, not in API terms', () => {
    expect(webhookBodyFromForm(form({ target_url: '  ', secret: '' })).errors?.fieldErrors).toEqual({
      target_url: 'Enter the https URL that should receive the events.',
      events: 'Choose at least one event, or All events.',
    });
  });

  it('puts the schema’s refusals on their fields', () => {
    const errors = webhookBodyFromForm(
      form({ target_url: target, events: ['job.created', 'job.exploded'], secret: 'x'.repeat(1_001) }),
    ).errors?.fieldErrors;
    expect(errors?.events).toMatch(/^Expected \* or one of: job\.created, /);
    expect(errors?.secret).toMatch(/1000/);
    expect(errors).not.toHaveProperty('target_url');
  });

  it('shows the URL checks of the service on the URL field', async () => {
    expect(await createErrors({ target_url: 'http://hooks.example.com/x', events: '*' })).toEqual({
      target_url: 'This URL cannot receive webhooks: the URL must use https: (got http:)',
    });
    expect(await createErrors({ target_url: 'https://10.0.0.1/hook', events: '*' })).toEqual({
      target_url: 'This URL cannot receive webhooks: 10.0.0.1 is a private address',
    });
    expect(await createErrors({ target_url: 'not a url', events: '*' })).toEqual({
      target_url: 'This URL cannot receive webhooks: not an absolute URL',
    });
  });

  it('shows the secret checks of the service on the secret field', async () => {
    expect(await createErrors({ target_url: target, events: '*', secret: 'whsec_not base64!' })).toEqual({
      secret: 'A whsec_ secret must be followed by base64.',
    });
    const vault = await createErrors({ target_url: target, events: '*', secret: 'vault:Not A Name' });
    expect(Object.keys(vault)).toEqual(['secret']);
    expect(vault.secret).toMatch(/^Secret name: /);
  });
});

describe('row actions', () => {
  it('turn a refusal of the service into the message shown by the button', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const { subscription } = await createSubscription(
      db,
      organization.id,
      { events: ['*'], target_type: 'webhook', target_url: target },
      production,
    );
    const delivery = await sendTestEvent(db, organization.id, subscription.id);
    await updateSubscription(db, organization.id, subscription.id, { is_enabled: false }, production);
    const refusal = await retryDelivery(db, organization.id, subscription.id, delivery.id).catch(
      serviceMessage,
    );
    expect(refusal).toBe('The subscription is disabled; enable it before retrying deliveries.');
    const test = await sendTestEvent(db, organization.id, subscription.id).catch(serviceMessage);
    expect(test).toBe('The subscription is disabled; enable it to send a test event.');
  });

  it('let anything but a service refusal through as a crash', () => {
    const failure = new Error('connection reset');
    expect(() => serviceMessage(failure)).toThrow(failure);
    expect(() => serviceFormErrors(failure)).toThrow(failure);
  });
});
