// GET and PUT /api/organization/payments: how the organization takes payments.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { getPaymentSettings, putPaymentSettings } from '@/lib/payments';
import { paymentSettingsSchema, putPaymentSettingsBodySchema } from '@/lib/payments/schemas';

const response = z.object({ data: paymentSettingsSchema });

const read = apiRoute(
  {
    method: 'GET',
    path: '/organization/payments',
    operationId: 'getPaymentSettings',
    summary: 'Get the payment settings',
    description:
      'The provider, its keys as the `vault:<name>` references given (never the values), the default currency, whether paid jobs wait for approval, the paywall rules, and the `webhook_url` to register at the provider.',
    tags: ['Payments'],
    response,
  },
  async ({ db, organization }) => ({ data: await getPaymentSettings(db, organization.id) }),
);

const put = apiRoute(
  {
    method: 'PUT',
    path: '/organization/payments',
    operationId: 'putPaymentSettings',
    summary: 'Set the payment settings',
    description:
      '`provider` is required: `stripe`, `local` (a built-in checkout page whose Pay button completes at once, for trying the flow) or null (sell nothing). Keys are accepted only as `vault:<name>` references to secrets stored with POST /secrets (400 for a plain value or a secret that does not exist); `stripe` needs both `secret_key` and `webhook_secret`. Other fields left out keep their value.',
    tags: ['Payments'],
    body: putPaymentSettingsBodySchema,
    response,
  },
  async ({ db, organization, body }) => ({ data: await putPaymentSettings(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, PUT: put });
