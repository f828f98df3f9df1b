'use client';

import Link from 'next/link';
import { type CSSProperties, type ReactNode, useActionState, useState } from 'react';
import { PricingCard, planCardContent } from '@/components/board/pricing-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { FormSuccess } from '@/components/ui/form-success';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { type PlanKind, planIntervals, planKinds } from '@/lib/plans/schemas';
import { createPlanAction, type PlanFormState, updatePlanAction } from './actions';
import { intervalChoices, kindLabels, type PlanFormValues, previewPlan } from './plan-values';

interface EditorProps {
  /** Set when editing a stored plan. */
  planId?: string;
  initial: PlanFormValues;
  currencies: { code: string; label: string }[];
  /** The board's accent colour, so the preview looks as the board will. */
  accent: string;
  /** Payments or subscriptions refer to the plan: its kind and interval are fixed. */
  locked?: boolean;
}

/** The plan form beside a live preview of its card on the board's pricing page. */
export function PlanEditor({ planId, initial, ...props }: EditorProps) {
  const [state, action, pending] = useActionState<PlanFormState, FormData>(
    planId ? updatePlanAction : createPlanAction,
    {},
  );
  return (
    <PlanForm
      // A new answer remounts the form with the values it carries (what was typed, or what was saved).
      key={state.submission ?? 0}
      {...props}
      planId={planId}
      initial={state.values ? (state.values as PlanFormValues) : initial}
      state={state}
      pending={pending}
      action={action}
    />
  );
}

function PlanForm({
  planId,
  initial,
  currencies,
  accent,
  locked = false,
  state,
  pending,
  action,
}: EditorProps & { state: PlanFormState; pending: boolean; action: (form: FormData) => void }) {
  const [values, setValues] = useState(initial);
  const errors = state.fieldErrors ?? {};
  const set = (name: keyof PlanFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const bind = (name: keyof PlanFormValues) => ({
    id: `plan-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });
  // A text input with its label and its error (or hint) underneath.
  const text = (name: keyof PlanFormValues) => ({ ...bind(name), error: errors[name] });
  const chooseKind = (kind: PlanKind) =>
    setValues((current) => ({
      ...current,
      kind,
      // The API's rules for the kind: job posts are paid once, a job subscription renews.
      interval:
        kind === 'job_post' ? 'one_time' : current.interval === 'one_time' ? 'month' : current.interval,
      jobs_included: current.jobs_included || '1',
    }));
  const sellsJobs = values.kind !== 'paywall';
  const recurring = values.kind !== 'job_post' && values.interval !== 'one_time';
  const intervals = planIntervals.filter((interval) => values.kind === 'paywall' || interval !== 'one_time');
  const perPeriod =
    values.kind === 'job_subscription' ? ` per ${values.interval === 'year' ? 'year' : 'month'}` : '';

  return (
    <form action={action} noValidate className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      {planId ? <input type="hidden" name="id" value={planId} /> : null}
      <div className="grid gap-6">
        <Section title="What it sells">
          <fieldset
            className="grid gap-2"
            aria-describedby={locked ? 'plan-kind-locked' : errors.kind ? 'plan-kind-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Kind of plan</legend>
            {locked ? (
              <>
                <input type="hidden" name="kind" value={values.kind} />
                <input type="hidden" name="interval" value={values.interval} />
              </>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-3">
              {planKinds.map((kind) => (
                <label
                  key={kind}
                  className={cn(
                    'grid content-start gap-1 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                    locked ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-muted',
                  )}
                >
                  <span className="flex items-start gap-2 font-medium">
                    <input
                      type="radio"
                      name={locked ? undefined : 'kind'}
                      value={kind}
                      checked={values.kind === kind}
                      onChange={() => chooseKind(kind)}
                      disabled={locked}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    {kindLabels[kind].title}
                  </span>
                  <span className="text-xs text-muted-foreground">{kindLabels[kind].description}</span>
                </label>
              ))}
            </div>
            {locked ? (
              <p id="plan-kind-locked" className="text-xs text-muted-foreground">
                This plan has been bought, so what it sells and how often it is charged stay as they are. To
                sell something else, create a new plan.
              </p>
            ) : errors.kind ? (
              <p id="plan-kind-error" className="text-xs text-destructive">
                {errors.kind}
              </p>
            ) : null}
          </fieldset>
        </Section>

        <Section title="Name and price">
          <TextField
            {...text('name')}
            required
            label="Name"
            placeholder="e.g. Single job post"
            maxLength={200}
          />
          <Field id="plan-description" label="Description (optional)" error={errors.description}>
            <Textarea
              {...bind('description')}
              rows={2}
              maxLength={2000}
              placeholder="One line on who the plan is for."
              aria-invalid={!!errors.description}
              aria-describedby={errors.description ? 'plan-description-error' : undefined}
            />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              {...text('price')}
              required
              label="Price"
              inputMode="decimal"
              autoComplete="off"
              placeholder="49"
              hint="In the currency’s usual units: 49.50 for $49.50."
            />
            <Field id="plan-currency" label="Currency" error={errors.currency}>
              <Select
                {...bind('currency')}
                aria-invalid={!!errors.currency}
                aria-describedby={errors.currency ? 'plan-currency-error' : undefined}
              >
                {currencies.map(({ code, label }) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {values.kind === 'job_post' ? (
            <p className="text-sm text-muted-foreground">Job posts are paid for once.</p>
          ) : (
            <Field
              id="plan-interval"
              label="Billing"
              error={errors.interval}
              hint={locked ? 'Fixed: this plan has been bought.' : undefined}
            >
              <Select
                {...bind('interval')}
                name={locked ? undefined : 'interval'}
                disabled={locked}
                aria-invalid={!!errors.interval}
                aria-describedby={errors.interval ? 'plan-interval-error' : undefined}
              >
                {intervals.map((interval) => (
                  <option key={interval} value={interval}>
                    {intervalChoices[interval]}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </Section>

        <Section
          title="What’s included"
          description={
            sellsJobs
              ? 'What an employer gets for each purchase.'
              : 'Readers get everything your board keeps behind its paywall.'
          }
        >
          {sellsJobs ? (
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField
                {...text('jobs_included')}
                label={`Job posts${perPeriod}`}
                type="number"
                min={1}
                step={1}
              />
              <TextField
                {...text('job_duration_days')}
                label="Days each job stays listed"
                type="number"
                min={1}
                max={365}
                step={1}
              />
              <Checkbox
                name="featured"
                checked={values.featured === 'on'}
                onChange={(checked) => set('featured')(checked ? 'on' : '')}
                label="Featured placement"
                hint="Jobs posted with this plan are highlighted and listed first."
              />
            </div>
          ) : null}
          {recurring ? (
            <TextField
              {...text('trial_days')}
              label="Free trial (days)"
              type="number"
              min={0}
              max={730}
              step={1}
              hint="0 for none. The first charge comes when the trial ends."
              className="sm:max-w-40"
            />
          ) : null}
        </Section>

        <Section title="Availability">
          <Checkbox
            name="is_active"
            checked={values.is_active === 'on'}
            onChange={(checked) => set('is_active')(checked ? 'on' : '')}
            label="On sale"
            hint="Shown on your board’s pricing page. Turn it off to stop selling the plan without deleting it."
          />
        </Section>

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : planId ? 'Save changes' : 'Create plan'}
          </Button>
          <Button asChild variant="ghost">
            <Link href="/dashboard/plans">Cancel</Link>
          </Button>
          {/* On white: the alerts' tinted background takes their text below AA contrast. */}
          <FormError
            message={state.error}
            fieldErrors={state.fieldErrors}
            attempt={state}
            className="flex-1 bg-white"
          />
          <FormSuccess message={state.success} attempt={state} className="flex-1 bg-white" />
        </div>
      </div>

      <aside aria-labelledby="plan-preview-heading" className="grid gap-2 lg:sticky lg:top-8">
        <h2 id="plan-preview-heading" className="text-sm font-medium text-muted-foreground">
          Preview on your pricing page
        </h2>
        <div data-testid="plan-preview" style={{ '--color-primary': accent } as CSSProperties}>
          <PricingCard {...planCardContent(previewPlan(values))} headingLevel="h3">
            {/* The board's buy button, for the look: the preview sells nothing. */}
            <span aria-hidden className="board-button w-full">
              {recurring && Number(values.trial_days) > 0
                ? 'Start free trial'
                : recurring
                  ? 'Subscribe'
                  : 'Buy'}
            </span>
          </PricingCard>
        </div>
      </aside>
    </form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A checkbox with its label and a hint that describes it. */
function Checkbox({
  name,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  const id = `plan-${name}`;
  return (
    <div className="flex items-start gap-2 text-sm sm:col-span-2">
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
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
