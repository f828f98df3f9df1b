'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { SignInFormState } from '@/components/board/member-forms';
import { AppError } from '@/lib/core/errors';
import { emailSchema } from '@/lib/core/fields';
import { formText as text } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';
import { requestSignIn, signInWithCode, signInWithLink } from '@/lib/members';
import { expectForm, expectIds } from '../action-input';
import { loadBoard } from '../board';
import { safeNext, startSession } from '../member';

/** The sign-in form: one email with a link and a code; the same answer whether or not an account exists. */
export async function requestSignInAction(
  boardSlug: string,
  _previous: SignInFormState | null,
  form: FormData,
): Promise<SignInFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const values = {
    email: text(form, 'email'),
    role: text(form, 'role') === 'employer' ? 'employer' : 'candidate',
  };
  const next = safeNext(text(form, 'next') || undefined);
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return { error: 'Enter an email address like name@example.com.', values };
  try {
    await requestSignIn(
      board.db,
      board.org,
      { name: board.look.name, accent: board.look.accent },
      {
        email: email.data,
        role: values.role as 'candidate' | 'employer',
        clientAddress: clientAddress(await headers()),
      },
      (link) => board.url(`/sign-in/verify?token=${link}&next=${encodeURIComponent(next)}`),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return { error: error.message, values };
    throw error;
  }
  redirect(
    board.href(`/sign-in/code?email=${encodeURIComponent(email.data)}&next=${encodeURIComponent(next)}`),
  );
}

/** The code from the mail, typed on the page the sign-in form led to. */
export async function signInWithCodeAction(
  boardSlug: string,
  _previous: SignInFormState | null,
  form: FormData,
): Promise<SignInFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const values = { email: text(form, 'email'), role: 'candidate', code: text(form, 'code').trim() };
  if (!/^\d{6}$/.test(values.code)) return { error: 'Enter the 6-digit code from the email.', values };
  const result = await signInWithCode(board.db, board.org.id, values.email, values.code);
  if (!result.ok) return { error: result.reason, values };
  await startSession(board, result.member);
  redirect(board.href(safeNext(text(form, 'next') || undefined)));
}

/** The button on the page the mail's link opens (scanners follow links; only this POST signs in). */
export async function signInWithLinkAction(
  boardSlug: string,
  _previous: SignInFormState | null,
  form: FormData,
): Promise<SignInFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const result = await signInWithLink(board.db, board.org.id, text(form, 'token'));
  if (!result.ok) return { error: result.reason, values: { email: '', role: 'candidate' } };
  await startSession(board, result.member);
  redirect(board.href(safeNext(text(form, 'next') || undefined)));
}
