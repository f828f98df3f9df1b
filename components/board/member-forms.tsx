'use client';

import { useActionState, useRef } from 'react';
import { useFocusOnAnswer } from './use-focus-on-answer';

/** What a sign-in form's action answers when it does not redirect: the error and what was typed. */
export interface SignInFormState {
  error?: string;
  values: { email: string; role: string; code?: string };
}

export interface ProfileFormState {
  saved?: boolean;
  error?: string;
  /** The input the error is about, marked invalid and described by it. */
  field?: 'name' | 'phone' | 'links' | 'picture';
  values: { name: string; description: string; phone: string; links: string; picture: string | null };
}

type Action = (previous: SignInFormState | null, form: FormData) => Promise<SignInFormState>;

function FormError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** Email (and, for a new account, the role): the board mails a link and a code. */
export function SignInForm({ action, next }: { action: Action; next: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const email = useRef<HTMLInputElement>(null);
  useFocusOnAnswer(state?.error ? state : null, email);
  // Someone on the way to posting a job is most likely hiring.
  const hiring = /^\/post-a-job(\/|\?|$)/.test(next);
  const values = state?.values ?? { email: '', role: hiring ? 'employer' : 'candidate' };
  return (
    <form action={formAction} noValidate className="space-y-5">
      <input type="hidden" name="next" value={next} />
      <div>
        <label htmlFor="sign-in-email" className="mb-1 block text-sm font-medium">
          Email
        </label>
        <input
          ref={email}
          id="sign-in-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={320}
          defaultValue={values.email}
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={state?.error ? 'sign-in-email-error' : undefined}
          className="board-input"
        />
        <FormError id="sign-in-email-error" message={state?.error} />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">New here? You are…</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="candidate" defaultChecked={values.role !== 'employer'} />
            looking for a job
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="employer" defaultChecked={values.role === 'employer'} />
            hiring
          </label>
        </div>
      </fieldset>
      <button type="submit" className="board-button" disabled={pending}>
        Email me a sign-in code
      </button>
    </form>
  );
}

/** The 6-digit code from the mail. */
export function CodeForm({ action, email, next }: { action: Action; email: string; next: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const code = useRef<HTMLInputElement>(null);
  useFocusOnAnswer(state?.error ? state : null, code);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="next" value={next} />
      <div>
        <label htmlFor="sign-in-code" className="mb-1 block text-sm font-medium">
          Code
        </label>
        <input
          ref={code}
          id="sign-in-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          defaultValue={state?.values.code ?? ''}
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={state?.error ? 'sign-in-code-error' : 'sign-in-code-hint'}
          className="board-input max-w-40 font-mono text-lg tracking-widest"
        />
        <p id="sign-in-code-hint" className="mt-1 text-sm text-zinc-600">
          6 digits, valid for 10 minutes.
        </p>
        <FormError id="sign-in-code-error" message={state?.error} />
      </div>
      <button type="submit" className="board-button" disabled={pending}>
        Sign in
      </button>
    </form>
  );
}

/** The page the mail's link opens: signing in takes this button, which mail scanners do not press. */
export function LinkSignInForm({ action, token, next }: { action: Action; token: string; next: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="next" value={next} />
      <FormError id="sign-in-link-error" message={state?.error} />
      <button type="submit" className="board-button" disabled={pending}>
        Sign in
      </button>
    </form>
  );
}

type ProfileAction = (previous: ProfileFormState | null, form: FormData) => Promise<ProfileFormState>;

/** Name, a short description and the contact details one-click apply sends, saved in place. */
export function ProfileForm({
  action,
  initial,
}: {
  action: ProfileAction;
  initial: ProfileFormState['values'];
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const values = state?.values ?? initial;
  const invalid = (field: ProfileFormState['field']) =>
    state?.error && state.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': 'profile-error' }
      : {};
  return (
    <form action={formAction} noValidate className="space-y-4">
      <div>
        <label htmlFor="profile-name" className="mb-1 block text-sm font-medium">
          Name
        </label>
        <input
          id="profile-name"
          name="name"
          type="text"
          required
          autoComplete="name"
          maxLength={200}
          defaultValue={values.name}
          {...invalid('name')}
          className="board-input"
        />
      </div>
      <div>
        <label htmlFor="profile-phone" className="mb-1 block text-sm font-medium">
          Phone <span className="font-normal text-zinc-600">(optional)</span>
        </label>
        <input
          id="profile-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={50}
          defaultValue={values.phone}
          {...invalid('phone')}
          className="board-input sm:max-w-xs"
        />
      </div>
      <div>
        <label htmlFor="profile-links" className="mb-1 block text-sm font-medium">
          Links <span className="font-normal text-zinc-600">(optional, one per line)</span>
        </label>
        <textarea
          id="profile-links"
          name="links"
          rows={3}
          defaultValue={values.links}
          aria-describedby={
            state?.error && state.field === 'links'
              ? 'profile-error profile-links-hint'
              : 'profile-links-hint'
          }
          aria-invalid={state?.error && state.field === 'links' ? true : undefined}
          className="board-input h-auto py-2"
        />
        <p id="profile-links-hint" className="mt-1 text-sm text-zinc-600">
          Up to 5 addresses starting with https://, such as a portfolio or a professional profile.
        </p>
      </div>
      <div>
        <label htmlFor="profile-description" className="mb-1 block text-sm font-medium">
          About you <span className="font-normal text-zinc-600">(optional)</span>
        </label>
        <textarea
          id="profile-description"
          name="description"
          rows={4}
          maxLength={5_000}
          defaultValue={values.description}
          className="board-input h-auto py-2"
        />
      </div>
      <div>
        <label htmlFor="profile-picture" className="mb-1 block text-sm font-medium">
          Picture <span className="font-normal text-zinc-600">(optional)</span>
        </label>
        <div className="flex items-center gap-4">
          {values.picture && (
            // biome-ignore lint/performance/noImgElement: a member's own upload on the board's CDN, any size.
            <img
              src={values.picture}
              alt={`${values.name}, as others see you`}
              className="size-16 rounded-full object-cover"
            />
          )}
          <input
            id="profile-picture"
            name="picture"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-describedby="profile-picture-hint"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>
        <p id="profile-picture-hint" className="mt-1 text-sm text-zinc-600">
          PNG, JPEG, WebP or GIF, up to 5 MB.
        </p>
      </div>
      <FormError id="profile-error" message={state?.error} />
      {state?.saved && (
        <p role="status" className="text-sm font-medium text-green-800">
          Saved.
        </p>
      )}
      <button type="submit" className="board-button" disabled={pending}>
        Save profile
      </button>
    </form>
  );
}

/** The resume on a member's profile, as the account page shows it. */
export interface ProfileResume {
  filename: string;
  size: string;
  /** When it was uploaded, in words and as ISO 8601. */
  uploaded: { text: string; iso: string };
}

export interface ResumeFormState {
  error?: string;
  /** What the last press did, for the status line. */
  done?: 'uploaded' | 'removed';
  current: ProfileResume | null;
}

type ResumeAction = (previous: ResumeFormState | null, form: FormData) => Promise<ResumeFormState>;

/** The profile's resume: upload or replace it (the old file goes), or remove it. */
export function ResumeForm({
  action,
  initial,
  maxMegabytes,
}: {
  action: ResumeAction;
  initial: ProfileResume | null;
  maxMegabytes: number;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const current = state ? state.current : initial;
  const file = useRef<HTMLInputElement>(null);
  useFocusOnAnswer(state?.error ? state : null, file);
  return (
    <form action={formAction} noValidate className="space-y-4">
      {current ? (
        <p className="text-sm">
          <span className="font-medium break-all">{current.filename}</span>{' '}
          <span className="text-zinc-700">
            ({current.size}, added <time dateTime={current.uploaded.iso}>{current.uploaded.text}</time>)
          </span>
        </p>
      ) : (
        <p className="text-sm text-zinc-700">
          No resume yet. With one here, you apply to a job in one click.
        </p>
      )}
      <div>
        <label htmlFor="profile-resume" className="mb-1 block text-sm font-medium">
          {current ? 'Replace your resume' : 'Resume'}
        </label>
        <input
          ref={file}
          id="profile-resume"
          name="resume"
          type="file"
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={state?.error ? 'profile-resume-error profile-resume-hint' : 'profile-resume-hint'}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-zinc-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
        <p id="profile-resume-hint" className="mt-1 text-sm text-zinc-600">
          PDF, DOC or DOCX, up to {maxMegabytes} MB. Kept private: only the jobs you apply to receive it.
        </p>
        <FormError id="profile-resume-error" message={state?.error} />
      </div>
      {state?.done && !state.error && (
        <p role="status" className="text-sm font-medium text-green-800">
          {state.done === 'uploaded' ? 'Resume saved.' : 'Resume removed.'}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="upload" className="board-button" disabled={pending}>
          {current ? 'Upload new resume' : 'Upload resume'}
        </button>
        {current && (
          <button
            type="submit"
            name="intent"
            value="remove"
            className="board-button-outline"
            disabled={pending}
          >
            Remove resume
          </button>
        )}
      </div>
    </form>
  );
}

export interface DeleteAccountState {
  error?: string;
}

/**
 * "Delete my account": a box to tick first, so one press cannot erase an account. Works without
 * scripts, as every board form does.
 */
export function DeleteAccountForm({
  action,
}: {
  action: (previous: DeleteAccountState | null, form: FormData) => Promise<DeleteAccountState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const box = useRef<HTMLInputElement>(null);
  useFocusOnAnswer(state?.error ? state : null, box);
  return (
    <form action={formAction} className="space-y-4">
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            ref={box}
            type="checkbox"
            name="confirm"
            value="yes"
            aria-invalid={state?.error ? true : undefined}
            aria-describedby={state?.error ? 'delete-account-error' : undefined}
            className="mt-0.5 size-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          />
          <span>I understand that my account goes for good.</span>
        </label>
        <FormError id="delete-account-error" message={state?.error} />
      </div>
      <button type="submit" className="board-button-outline" disabled={pending}>
        {pending ? 'Deleting…' : 'Delete my account'}
      </button>
    </form>
  );
}
