'use client';

import Link from 'next/link';
import { type ReactNode, useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CopyableValue } from '@/components/ui/copyable-value';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import type { FormState } from '@/lib/forms';
import { SECRET_REF_PREFIX } from '@/lib/secrets/schemas';
import { updatePaymentSettingsAction } from './actions';
import type { PaymentFormValues } from './payment-settings-values';

interface PaymentsFormProps {
  initial: PaymentFormValues;
  /** The names of the organization's vault secrets. */
  secretNames: string[];
  webhookUrl: string;
  currencies: { code: string; label: string }[];
  disabled: boolean;
}

const providers = [
  {
    value: '',
    title: 'None',
    description: 'Your board sells nothing, and the paywall below is off.',
  },
  {
    value: 'local',
    title: 'Local test checkout',
    description:
      'A built-in checkout page with a Pay button and no real money, to try plans and the paywall before going live.',
  },
  {
    value: 'stripe',
    title: 'Stripe',
    description: 'Real card payments into your Stripe account, with subscriptions renewed by Stripe.',
  },
];

/** The Stripe events the board handles: the ones to select for the webhook endpoint. */
const stripeEvents = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
];

export function PaymentsForm({ initial, ...props }: PaymentsFormProps) {
  const [state, action, pending] = useActionState<FormState, FormData>(updatePaymentSettingsAction, {});
  return (
    <Form
      // Each answer remounts the form with the values it carries (what was typed, or what was saved).
      key={state.submission ?? 0}
      {...props}
      values={(state.values as PaymentFormValues | undefined) ?? initial}
      state={state}
      pending={pending}
      action={action}
    />
  );
}

function Form({
  values,
  secretNames,
  webhookUrl,
  currencies,
  disabled,
  state,
  pending,
  action,
}: Omit<PaymentsFormProps, 'initial'> & {
  values: PaymentFormValues;
  state: FormState;
  pending: boolean;
  action: (form: FormData) => void;
}) {
  const [provider, setProvider] = useState(values.provider);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid max-w-xl gap-5" noValidate>
      {/* On white: the error text on the alert's own tint falls short of 4.5:1. */}
      <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} className="bg-white" />
      <FormSuccess message={state.success} attempt={state} />
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.provider ? 'payment-provider-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">How members pay</legend>
        {providers.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex items-start gap-3 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
              disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name="provider"
              value={choice.value}
              checked={provider === choice.value}
              onChange={() => setProvider(choice.value)}
              disabled={disabled}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{choice.title}</span>
              <span className="text-xs text-muted-foreground">{choice.description}</span>
            </span>
          </label>
        ))}
        {errors.provider ? (
          <p id="payment-provider-error" className="text-xs text-destructive">
            {errors.provider}
          </p>
        ) : null}
      </fieldset>

      {provider === 'stripe' ? (
        <div className="grid gap-4 rounded-md border border-border p-4" data-testid="stripe-settings">
          <p className="text-sm text-muted-foreground">
            {secretNames.length === 0 ? (
              <>
                Your vault has no secrets yet. Add your Stripe secret key and webhook signing secret in{' '}
                <Link href="/dashboard/secrets" className="font-medium text-primary underline">
                  Secrets
                </Link>
                , then choose them here.
              </>
            ) : (
              <>
                The keys stay in your vault: choose the secrets that hold them, or add them in{' '}
                <Link href="/dashboard/secrets" className="font-medium text-primary underline">
                  Secrets
                </Link>
                .
              </>
            )}
          </p>
          <SecretSelect
            name="secret_key"
            label="Stripe secret key"
            hint="The secret holding your Stripe secret key (sk_live_… or sk_test_…)."
            value={values.secret_key}
            secretNames={secretNames}
            error={errors.secret_key}
            disabled={disabled}
          />
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">Webhook URL</p>
            <CopyableValue value={webhookUrl} testId="payment-webhook-url" copyLabel="Copy the webhook URL" />
            <p className="text-xs text-muted-foreground">
              In Stripe, under Developers › Webhooks, add an endpoint with this URL and these events:{' '}
              {stripeEvents.map((event, index) => (
                <span key={event}>
                  {index > 0 ? ', ' : ''}
                  <code className="font-mono">{event}</code>
                </span>
              ))}
              .
            </p>
          </div>
          <SecretSelect
            name="webhook_secret"
            label="Webhook signing secret"
            hint="The secret holding the signing secret (whsec_…) Stripe shows for that endpoint."
            value={values.webhook_secret}
            secretNames={secretNames}
            error={errors.webhook_secret}
            disabled={disabled}
          />
        </div>
      ) : (
        // Kept for switching back to Stripe after a refusal; only Stripe saves them.
        <>
          <input type="hidden" name="secret_key" value={values.secret_key} />
          <input type="hidden" name="webhook_secret" value={values.webhook_secret} />
        </>
      )}

      <Field
        id="payment-currency"
        label="Default currency"
        error={errors.currency}
        hint="New plans start in this currency."
      >
        <Select
          id="payment-currency"
          name="currency"
          defaultValue={values.currency}
          disabled={disabled}
          aria-invalid={!!errors.currency}
          aria-describedby={errors.currency ? 'payment-currency-error' : undefined}
          className="sm:max-w-80"
        >
          {currencies.map(({ code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Select>
      </Field>

      <Checkbox
        name="paid_jobs_need_approval"
        label="Paid jobs wait for my approval"
        hint="A job an employer pays for on the board goes to Jobs as pending instead of going live at once."
        defaultChecked={values.paid_jobs_need_approval === 'on'}
        disabled={disabled}
      />

      <fieldset className="grid gap-4 border-t border-border pt-5">
        <legend className="float-left mb-1 w-full text-sm font-semibold">Paywall</legend>
        <p className="-mt-3 text-xs text-muted-foreground">
          What only members with a reader subscription (a paywall plan) get.
        </p>
        <TextField
          name="jobs_preview_count"
          id="payment-jobs-preview-count"
          label="Gate jobs after the newest"
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000}
          step={1}
          defaultValue={values.jobs_preview_count}
          disabled={disabled}
          error={errors.jobs_preview_count}
          hint="Everyone sees this many of the newest jobs; the rest need a subscription. Empty: jobs are open to all."
          className="sm:max-w-40"
        />
        <Checkbox
          name="paywall_apply"
          label="Applying needs a subscription"
          hint="Visitors can read jobs, but only subscribers can apply."
          defaultChecked={values.paywall_apply === 'on'}
          disabled={disabled}
        />
        <Checkbox
          name="members_only_posts"
          label="Members-only blog posts need a subscription"
          hint="Posts marked members-only show their full text to subscribers only."
          defaultChecked={values.members_only_posts === 'on'}
          disabled={disabled}
        />
      </fieldset>

      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? 'Saving…' : 'Save payments'}
        </Button>
      </div>
    </form>
  );
}

/** A select of the vault's secrets as `vault:<name>` references. */
function SecretSelect({
  name,
  label,
  hint,
  value,
  secretNames,
  error,
  disabled,
}: {
  name: string;
  label: string;
  hint: ReactNode;
  value: string;
  secretNames: string[];
  error?: string;
  disabled: boolean;
}) {
  const id = `payment-${name.replaceAll('_', '-')}`;
  const references = secretNames.map((secret) => `${SECRET_REF_PREFIX}${secret}`);
  // A saved reference whose secret was deleted stays visible, so the owner sees what to replace.
  const gone = value && !references.includes(value) ? value : null;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Select
        id={id}
        name={name}
        defaultValue={value}
        disabled={disabled}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className="font-mono sm:max-w-80"
      >
        <option value="">Choose a secret</option>
        {gone ? <option value={gone}>{gone.slice(SECRET_REF_PREFIX.length)} (deleted)</option> : null}
        {references.map((reference) => (
          <option key={reference} value={reference}>
            {reference.slice(SECRET_REF_PREFIX.length)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A checkbox with its label and a hint that describes it. */
function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
  disabled,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  disabled: boolean;
}) {
  const id = `payment-${name.replaceAll('_', '-')}`;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 accent-primary"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
