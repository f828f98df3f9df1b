// GET /api/pages: list pages and blog posts. POST /api/pages: create one.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import {
  createPageBodySchema,
  listPagesQuerySchema,
  pageContentRules,
  pageSchema,
  pageSummarySchema,
} from '@/lib/pages/schemas';
import { createPage, listPages } from '@/lib/pages/service';

const list = apiRoute(
  {
    method: 'GET',
    path: '/pages',
    operationId: 'listPages',
    summary: 'List pages and blog posts',
    description: 'Newest first; items carry metadata only (no content fields).',
    tags: ['Pages'],
    query: listPagesQuerySchema,
    response: z.object({
      data: z.array(pageSummarySchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { pages, total } = await listPages(db, organization.id, query);
    return { data: pages, meta: { pagination: paginationMeta(query, total) } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/pages',
    operationId: 'createPage',
    summary: 'Create a page or blog post',
    description: `Answers 201 with the full page. New pages are drafts unless \`status\` is \`published\` (then \`published_at\` defaults to now). Without \`slug\` one is made from the title, unique among the organization's pages of the same kind (\`-2\`, \`-3\`, ...); a \`slug\` sent that is taken answers 409 \`slug_conflict\`; slugs of the board's own routes are refused. \`meta_title\` defaults to the title and \`meta_description\` to the start of the first paragraph. ${pageContentRules}`,
    tags: ['Pages'],
    body: createPageBodySchema,
    successStatus: 201,
    response: z.object({ data: pageSchema, warnings: z.array(z.string()) }),
    errors: ['slug_conflict'],
  },
  async ({ db, organization, body }) => {
    const { page, warnings } = await createPage(db, organization.id, body);
    return { data: page, warnings };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
