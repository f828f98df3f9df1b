'use client';

import { useActionState, useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyableValue } from '@/components/ui/copyable-value';
import { DateText } from '@/components/ui/date-text';
import { TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormState } from '@/lib/forms';
import type { DomainOut } from '@/lib/organizations/schemas';
import { setDomainAction } from './actions';

/**
 * The custom domain and its one status. A check's answer is that status, refreshed by the same
 * request, so focus moves to it after a save rather than to a separate "Saved" message.
 */
export function DomainForm({ domain, disabled }: { domain: DomainOut; disabled: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(setDomainAction, {});
  const status = useRef<HTMLDivElement>(null);
  // The answer and the refreshed page may arrive in separate renders: focus once both are in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer or status focuses again.
  useEffect(() => {
    if (state.success) status.current?.focus();
  }, [state, domain.domain, domain.checked_at]);
  return (
    <div className="grid gap-6">
      <form action={action} className="grid max-w-md gap-4" noValidate>
        <FormError message={state.error} fieldErrors={state.fieldErrors} attempt={state} />
        <TextField
          name="domain"
          label="Custom domain"
          placeholder="jobs.example.com"
          hint="A host name you own. Leave empty and save to remove it."
          defaultValue={state.fieldErrors ? state.values?.domain : (domain.domain ?? '')}
          key={`${state.submission ?? 0}-${domain.domain}`}
          disabled={disabled}
          error={state.fieldErrors?.domain}
        />
        <div>
          <Button type="submit" disabled={pending || disabled}>
            {pending ? 'Checking DNS…' : domain.domain ? 'Save and check DNS' : 'Add domain'}
          </Button>
        </div>
      </form>
      {domain.domain ? (
        <div
          ref={status}
          tabIndex={-1}
          role="status"
          data-testid="domain-status"
          data-status={domain.status}
          className="grid gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <DomainStatus domain={domain} />
          {domain.status === 'verified' ? null : <DnsRecords domain={domain} />}
        </div>
      ) : state.success ? (
        <p ref={status} tabIndex={-1} role="status" className="text-sm">
          {state.success}
        </p>
      ) : null}
    </div>
  );
}

/** What the last check found missing or wrong: the API's `error`, `; `-separated. */
const problemsOf = (domain: DomainOut) => domain.error?.split('; ') ?? [];

function DomainStatus({ domain }: { domain: DomainOut }) {
  const checked = domain.checked_at ? (
    <>
      Last checked <DateText value={domain.checked_at} style="dateTime" />.
    </>
  ) : (
    'Not checked yet.'
  );
  if (domain.status === 'verified')
    return (
      <div className="grid gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Badge variant="success">Verified</Badge> Your board is live at{' '}
          <a href={domain.board_url} className="text-primary underline">
            {domain.board_url}
          </a>
        </p>
        <p className="text-muted-foreground">
          Verified <DateText value={domain.verified_at} />. {checked}
        </p>
      </div>
    );
  if (domain.status === 'failing')
    return (
      <div className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Badge variant="destructive">Failing</Badge> The DNS records stopped checking out.
        </p>
        <p>
          Since <DateText value={domain.failing_since} style="dateTime" /> the checks find:
        </p>
        <ul className="list-disc pl-5">
          {problemsOf(domain).map((problem) => (
            <li key={problem} className="break-words">
              {problem}
            </li>
          ))}
        </ul>
        <p>
          Your board is still served at <strong className="break-all">{domain.domain}</strong> until{' '}
          <DateText value={domain.grace_ends_at} style="dateTime" />. Fix the records and check again; a check
          after that time moves the board back to its default address.
        </p>
      </div>
    );
  const missing = problemsOf(domain);
  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <span className="inline-flex items-center rounded-full border border-amber-400 bg-white px-2 py-0.5 text-xs font-medium">
          DNS pending
        </span>
        Waiting for the DNS records below.
      </p>
      <p>
        Your board stays at{' '}
        <a href={domain.board_url} className="underline">
          {domain.board_url}
        </a>{' '}
        until they check out. DNS changes can take a while to appear. {checked}
      </p>
      {missing.length > 0 ? (
        <>
          <p>Still missing:</p>
          <ul className="list-disc pl-5">
            {missing.map((problem) => (
              <li key={problem} className="break-words">
                {problem}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function DnsRecords({ domain }: { domain: DomainOut }) {
  return (
    <div className="grid gap-3 text-sm">
      <p className="font-medium">
        Create {domain.records.length === 1 ? 'this record' : 'these records'} at your DNS provider:
      </p>
      {domain.cname_target ? null : (
        <p className="text-muted-foreground" data-testid="no-cname-target">
          No CNAME is asked for yet: this Boardkit runs at an IP address or on localhost, which a CNAME cannot
          name. Whoever runs it must set <code className="font-mono">BOARD_CNAME_TARGET</code> to the host
          name boards are served from; then the CNAME record appears here.
        </p>
      )}
      <ul className="grid gap-3" aria-label="DNS records">
        {domain.records.map((record) => (
          <li
            key={record.type}
            className="grid gap-1 rounded-md border border-border p-3"
            data-testid="dns-record"
          >
            <p className="font-medium">{record.type} record</p>
            <dl className="grid gap-2 sm:grid-cols-[4rem_minmax(0,1fr)] sm:items-center">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="min-w-0">
                <CopyableValue
                  value={record.name}
                  testId={`dns-${record.type.toLowerCase()}-name`}
                  copyLabel={`Copy the ${record.type} record's name`}
                />
              </dd>
              <dt className="text-muted-foreground">Value</dt>
              <dd className="min-w-0">
                <CopyableValue
                  value={record.value}
                  testId={`dns-${record.type.toLowerCase()}-value`}
                  copyLabel={`Copy the ${record.type} record's value`}
                />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
