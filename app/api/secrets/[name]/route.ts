// DELETE /api/secrets/{name}: remove one of the organization's secrets.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { secretNameSchema } from '@/lib/secrets/schemas';
import { deleteSecret } from '@/lib/secrets/service';

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/secrets/{name}',
    operationId: 'deleteSecret',
    summary: 'Delete a secret permanently',
    description:
      'Cannot be undone. Configuration still referring to `vault:<name>` resolves to an empty value from then on.',
    tags: ['Secrets'],
    params: z.object({ name: secretNameSchema }),
    response: z.object({ data: z.object({ name: z.string(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => {
    await deleteSecret(db, organization.id, params.name);
    return { data: { name: params.name, deleted: true as const } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ DELETE: remove });
