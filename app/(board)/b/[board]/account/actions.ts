'use server';

import { redirect } from 'next/navigation';
import type { DeleteAccountState, ProfileFormState, ResumeFormState } from '@/components/board/member-forms';
import { readResume } from '@/lib/applications';
import { AppError } from '@/lib/core/errors';
import { type FormProblem, formErrors, formText } from '@/lib/forms';
import {
  deleteMember,
  MAX_PICTURE_BYTES,
  removeMemberResume,
  revokeAllMemberSessions,
  revokeMemberSession,
  saveMemberContact,
  setMemberPicture,
  setMemberResume,
} from '@/lib/members';
import { MAX_PROFILE_LINKS, memberContactSchema } from '@/lib/members/schemas';
import { expectForm, expectIds } from '../action-input';
import { loadBoard } from '../board';
import { endSession, requireMember } from '../member';
import { profileResume } from './resume';

/** The profile form's fields, by the members' contact schema, its refusals in the form's words. */
const profileWords = {
  fields: ['name', 'phone', 'links'],
  fieldWords: {
    name: { too_small: 'Enter your name.', too_big: 'Your name can be at most 200 characters.' },
    description: 'The description can be at most 5,000 characters.',
    phone: 'Your phone number can be at most 50 characters.',
    // The list's own limit, or one link's (its path names the line).
    links: (problem: FormProblem) =>
      problem.path.length === 1
        ? `Give at most ${MAX_PROFILE_LINKS} links.`
        : problem.code === 'too_big'
          ? 'Each link can be at most 500 characters.'
          : 'Enter each link as a full address, such as https://example.com/me.',
  },
};

/** One line per link; blank lines are nothing. */
const linkLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export async function saveProfileAction(
  boardSlug: string,
  _previous: ProfileFormState | null,
  form: FormData,
): Promise<ProfileFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const { board, member } = await requireMember(boardSlug, '/account');
  const values = {
    name: formText(form, 'name').trim(),
    description: formText(form, 'description').trim(),
    phone: formText(form, 'phone').trim(),
    links: formText(form, 'links'),
    picture: member.profilePicture,
  };
  const parsed = memberContactSchema.safeParse({ ...values, links: linkLines(values.links) });
  if (!parsed.success) {
    const { error, fieldErrors } = formErrors(parsed.error, profileWords);
    const field = (['name', 'phone', 'links'] as const).find((name) => fieldErrors[name]);
    return { error: (field && fieldErrors[field]) ?? error, field, values };
  }
  const picture = form.get('picture');
  if (picture instanceof File && picture.size > 0) {
    if (picture.size > MAX_PICTURE_BYTES)
      return { error: 'The picture can be at most 5 MB.', field: 'picture', values };
    try {
      const updated = await setMemberPicture(board.db, board.org.id, member.id, {
        bytes: new Uint8Array(await picture.arrayBuffer()),
        filename: picture.name,
      });
      values.picture = updated.profilePicture;
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        return { error: error.message, field: 'picture', values };
      throw error;
    }
  }
  await saveMemberContact(board.db, board.org.id, member.id, parsed.data);
  return { saved: true, values: { ...values, links: parsed.data.links.join('\n') } };
}

/** Uploads (or replaces) the profile's resume under the applications' rules, or removes it. */
export async function resumeAction(
  boardSlug: string,
  previous: ResumeFormState | null,
  form: FormData,
): Promise<ResumeFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const { board, member } = await requireMember(boardSlug, '/account');
  const locale = board.org.locale;
  const current = previous ? previous.current : profileResume(member, locale);
  if (formText(form, 'intent') === 'remove') {
    await removeMemberResume(board.db, board.org.id, member.id);
    return { done: 'removed', current: null };
  }
  const resume = await readResume(form.get('resume'));
  if ('error' in resume) return { error: `${resume.error}.`, current };
  try {
    const updated = await setMemberResume(board.db, board.org.id, member.id, resume);
    return { done: 'uploaded', current: profileResume(updated, locale) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { error: error.message, current };
    throw error;
  }
}

/** Signs this browser out, or (with `everywhere`) every browser the member signed in on. */
export async function signOutAction(boardSlug: string, form: FormData): Promise<void> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const { member } = await requireMember(boardSlug, '/account');
  const token = await endSession(board);
  if (formText(form, 'everywhere') === '1') await revokeAllMemberSessions(board.db, member.id);
  else if (token) await revokeMemberSession(board.db, token);
  redirect(board.href('/'));
}

/**
 * The member erases their own account, as `DELETE /members/{id}` does (a live subscription is ended
 * at its provider first), then this browser is signed out and told so on the sign-in page.
 */
export async function deleteAccountAction(
  boardSlug: string,
  _previous: DeleteAccountState | null,
  form: FormData,
): Promise<DeleteAccountState> {
  expectIds(boardSlug);
  expectForm(form);
  const board = await loadBoard(boardSlug);
  const { member } = await requireMember(boardSlug, '/account');
  if (formText(form, 'confirm') !== 'yes')
    return { error: 'Tick the box to confirm that your account goes for good.' };
  try {
    await deleteMember(board.db, board.org.id, member.id);
  } catch (error) {
    // A subscription its provider would not end: the account stays, rather than go on being billed.
    if (error instanceof AppError && (error.code === 'conflict' || error.code === 'service_unavailable'))
      return {
        error:
          'Your subscription could not be ended just now, so your account stays. Try again in a moment, or ask the board to close it.',
      };
    throw error;
  }
  await endSession(board);
  redirect(board.href('/sign-in?erased=1'));
}
