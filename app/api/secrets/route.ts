// GET /api/secrets: the organization's secret names. POST /api/secrets: create or rotate a secret.
import { z } from 'zod';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { secretSchema, secretWrittenSchema, setSecretBodySchema } from '@/lib/secrets/schemas';
import { listSecrets, secretReference, setSecret } from '@/lib/secrets/service';

const list = apiRoute(
  {
    method: 'GET',
    path: '/secrets',
    operationId: 'listSecrets',
    summary: "List the organization's secrets",
    description: 'Names and dates only, ordered by name: values are never returned.',
    tags: ['Secrets'],
    response: z.object({ data: z.array(secretSchema) }),
  },
  async ({ db, organization }) => ({ data: await listSecrets(db, organization.id) }),
);

const set = apiRoute(
  {
    method: 'POST',
    path: '/secrets',
    operationId: 'setSecret',
    summary: 'Create a secret, or replace its value',
    description:
      'Answers 201 when the name is new and 200 when an existing secret’s value was replaced (rotation): configuration referring to `vault:<name>` uses the new value from then on. The value is encrypted at rest (AES-256-GCM) and no operation returns it.',
    tags: ['Secrets'],
    body: setSecretBodySchema,
    successStatus: 201,
    response: z.object({ data: secretWrittenSchema, meta: z.object({ created: z.boolean() }) }),
    otherResponses: [
      {
        status: 200,
        description: 'A secret with this name existed; its value was replaced.',
        schema: z.object({ data: secretWrittenSchema, meta: z.object({ created: z.literal(false) }) }),
      },
    ],
  },
  async ({ db, organization, body }) => {
    const { name, created } = await setSecret(db, organization.id, body);
    return reply(created ? 201 : 200, {
      data: { name, reference: secretReference(name) },
      meta: { created },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: set });
