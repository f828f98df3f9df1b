'use server';

import { redirect } from 'next/navigation';
import type { ProfileFormState } from '@/components/board/member-forms';
import { AppError } from '@/lib/core/errors';
import { formMessage, formText } from '@/lib/forms';
import {
  MAX_PICTURE_BYTES,
  revokeAllMemberSessions,
  revokeMemberSession,
  setMemberPicture,
  updateMember,
} from '@/lib/members';
import { createMemberBodySchema } from '@/lib/members/schemas';
import { expectForm, expectIds } from '../action-input';
import { loadBoard } from '../board';
import { endSession, requireMember } from '../member';

/** The profile form's fields, by the API's member schema, its refusals in the form's words. */
const profileSchema = createMemberBodySchema.pick({ name: true, description: true });
const profileWords = {
  fieldWords: {
    name: { too_small: 'Enter your name.', too_big: 'Your name can be at most 200 characters.' },
    description: 'The description can be at most 5,000 characters.',
  },
};

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
    picture: member.profilePicture,
  };
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return { error: formMessage(parsed.error, profileWords), values };
  const picture = form.get('picture');
  if (picture instanceof File && picture.size > 0) {
    if (picture.size > MAX_PICTURE_BYTES) return { error: 'The picture can be at most 5 MB.', values };
    try {
      const updated = await setMemberPicture(board.db, board.org.id, member.id, {
        bytes: new Uint8Array(await picture.arrayBuffer()),
        filename: picture.name,
      });
      values.picture = updated.profilePicture;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return { error: error.message, values };
      throw error;
    }
  }
  await updateMember(board.db, board.org.id, member.id, parsed.data);
  return { saved: true, values };
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
