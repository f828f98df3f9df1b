// GET /api/payments: the organization's payments, newest first.
import { z } from 'zod';
import { paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { listPayments, toPaymentOut } from '@/lib/payments';
import { listPaymentsQuerySchema, paymentSchema } from '@/lib/payments/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/payments',
    operationId: 'listPayments',
    summary: 'List payments',
    description:
      'Newest first, in the spec’s Payment shape (`amount` in major units). Filters: `member` (id), `plan` (id), `status`. Payments stay after their member is erased, with `userId` null.',
    tags: ['Payments'],
    query: listPaymentsQuerySchema,
    response: z.object({
      data: z.array(paymentSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { payments, pagination } = await listPayments(db, organization.id, query);
    return { data: payments.map(toPaymentOut), meta: { pagination } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
