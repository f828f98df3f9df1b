'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { formMessage } from '@/lib/forms';
import { createPageBodySchema, type PageOut, updatePageBodySchema } from '@/lib/pages/schemas';
import { createPage, deletePage, updatePage } from '@/lib/pages/service';
import { kindCopy } from './labels';
import { type SavePageResult, saveErrors } from './service-errors';

// The list only: the open editor holds the newest state itself.
function revalidate(page: PageOut) {
  revalidatePath(kindCopy[page.type].listPath);
}

/** Creates the page when `id` is null, else applies the changes. The editor builds `body` (page-form.ts). */
export async function savePageAction(id: string | null, body: unknown): Promise<SavePageResult> {
  const { organization } = await requireMembership('pages.write');
  const db = await getDb();
  try {
    if (id === null) {
      const parsed = createPageBodySchema.safeParse(body);
      if (!parsed.success) return saveErrors(parsed.error);
      const saved = await createPage(db, organization.id, parsed.data);
      revalidate(saved.page);
      return saved;
    }
    const pageId = z.uuid().safeParse(id);
    if (!pageId.success) return { error: 'Unknown page.' };
    const parsed = updatePageBodySchema.safeParse(body);
    if (!parsed.success) return saveErrors(parsed.error);
    const saved = await updatePage(db, organization.id, pageId.data, parsed.data);
    revalidate(saved.page);
    return saved;
  } catch (error) {
    return saveErrors(error);
  }
}

export async function deletePageAction(id: string): Promise<{ error?: string }> {
  const { organization } = await requireMembership('pages.write');
  const pageId = z.uuid().safeParse(id);
  if (!pageId.success) return { error: 'Unknown page.' };
  try {
    await deletePage(await getDb(), organization.id, pageId.data);
  } catch (error) {
    return { error: formMessage(error) };
  }
  revalidatePath('/dashboard/pages');
  revalidatePath('/dashboard/blog');
  return {};
}
