import { notFound } from 'next/navigation';
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';

/**
 * The record an editor page's address names, or the 404 page: for an id that is not a UUID, or not
 * one of this organization's. The page's title is then the 404's, not the editor's.
 */
export async function recordOr404<T>(id: string, load: (id: string) => Promise<T>): Promise<T> {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await load(id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}
