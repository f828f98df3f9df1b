'use server';

import { z } from 'zod';
import { createPageBodySchema, updatePageBodySchema } from '@/lib/pages/schemas';
import { createPage, deletePage, updatePage } from '@/lib/pages/service';
import { dashboardRowAction, rowId } from '../dashboard-action';
import { kindCopy } from './labels';
import { pageErrorRules, type SavePageResult } from './service-errors';

/**
 * Creates the page when `id` is null, else applies the changes. The editor builds `body` (page-form.ts).
 * The list only is revalidated: the open editor holds the newest state itself.
 */
export const savePageAction = dashboardRowAction(
  'pages.write',
  z.tuple([rowId('Unknown page.').nullable(), z.unknown()]),
  async ([id, body], { db, organization }): Promise<SavePageResult> =>
    id === null
      ? createPage(db, organization.id, createPageBodySchema.parse(body))
      : updatePage(db, organization.id, id, updatePageBodySchema.parse(body)),
  {
    revalidate: (_params, saved) => (saved?.page ? [kindCopy[saved.page.type].listPath] : []),
    errors: pageErrorRules,
    refused: ({ error, fieldErrors }) => ({ error, fieldErrors }),
  },
);

export const deletePageAction = dashboardRowAction(
  'pages.write',
  z.tuple([rowId('Unknown page.')]),
  async ([id], { db, organization }): Promise<{ error?: string }> => {
    await deletePage(db, organization.id, id);
    return {};
  },
  { revalidate: ['/dashboard/pages', '/dashboard/blog'] },
);
