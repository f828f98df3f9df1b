// GET /api/categories: the organization's categories. POST /api/categories: create or re-nest one.
import { z } from 'zod';
import { categorySchema, createCategoryBodySchema } from '@/lib/categories/schemas';
import { listCategories, upsertCategory } from '@/lib/categories/service';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const list = apiRoute(
  {
    method: 'GET',
    path: '/categories',
    operationId: 'listCategories',
    summary: 'List categories with job counts',
    description: "Ordered by name. A main category's `job_count` includes its sub-categories' jobs.",
    tags: ['Categories'],
    response: z.object({ data: z.array(categorySchema) }),
  },
  async ({ db, organization }) => ({ data: await listCategories(db, organization.id) }),
);

const upsert = apiRoute(
  {
    method: 'POST',
    path: '/categories',
    operationId: 'createCategory',
    summary: 'Create a category, or return (and re-nest) the one with that name',
    description:
      'Idempotent by name (case-insensitive): 201 with a new category, 200 with the existing one. `parent` (a main category’s name or id) nests it, `null` makes it a main category again, omitting it leaves it where it is. Nesting is one level deep: a sub-category cannot be a parent, a category with sub-categories cannot become one, and a category cannot be its own parent (400).',
    tags: ['Categories'],
    body: createCategoryBodySchema,
    successStatus: 201,
    response: z.object({ data: categorySchema, meta: z.object({ created: z.boolean() }) }),
    otherResponses: [
      {
        status: 200,
        description:
          'A category with this name already existed; it is returned (re-nested when `parent` was sent).',
        schema: z.object({ data: categorySchema, meta: z.object({ created: z.literal(false) }) }),
      },
    ],
  },
  async ({ db, organization, body }) => {
    const { category, created } = await upsertCategory(db, organization.id, body);
    return reply(created ? 201 : 200, { data: category, meta: { created } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: upsert });
