import { z } from 'zod';
import { httpUrl, plainText } from '@/lib/core/fields';

const nameSchema = z.string().trim().min(1, { error: 'Author name is required' }).max(200);

export const createAuthorBodySchema = z.object({
  name: nameSchema,
  avatar_url: httpUrl.nullable().optional().describe('An http(s) URL of the author’s picture.'),
});

export const updateAuthorBodySchema = z
  .object({ name: nameSchema.optional(), avatar_url: httpUrl.nullable().optional() })
  .refine((body) => body.name !== undefined || body.avatar_url !== undefined, {
    error: 'Send `name` and/or `avatar_url`.',
  });

export const deleteAuthorQuerySchema = z.object({
  reassign_to: z
    .uuid({ error: 'Expected an author id (UUID)' })
    .optional()
    .describe('Another author of the organization to take over this author’s pages.'),
});

export const authorSchema = z
  .object({
    id: z.uuid(),
    name: plainText(),
    avatar_url: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Author' });

export type AuthorOut = z.infer<typeof authorSchema>;
export type CreateAuthorInput = z.infer<typeof createAuthorBodySchema>;
export type UpdateAuthorInput = z.infer<typeof updateAuthorBodySchema>;
