// The Payments page's address: two lists on one page, each with its filters and page in the query
// (`status`, `plan`, `page` for payments; `subscription_status`, `subscriptions_page` for
// subscriptions), read with the API's own list schemas.
import type { z } from 'zod';
import { listPaymentsQuerySchema, listSubscriptionsQuerySchema } from '@/lib/payments/schemas';
import { hrefWith as hrefAt } from '../_components/list-address';

export const PAYMENTS_PATH = '/dashboard/payments';
const PER_PAGE = '20';

export { queryFrom } from '../_components/list-address';

/** The Payments page with `changes` made to its query; blank values and first pages leave the address. */
export function hrefWith(
  query: Record<string, string>,
  changes: Record<string, string | number | undefined>,
): string {
  return hrefAt(PAYMENTS_PATH, query, changes);
}

interface ListQuery<T> {
  query: T;
  /** Filters set in the address (not the page). */
  filtered: boolean;
  /** The problems with the address's values, which were ignored; empty when all were read. */
  problems: string[];
}

/** The list's query from the address's keys (`names`: schema key → address key). */
function read<S extends typeof listPaymentsQuerySchema | typeof listSubscriptionsQuerySchema>(
  schema: S,
  names: Record<string, string>,
  address: Record<string, string>,
): ListQuery<z.output<S>> {
  const input = Object.fromEntries(Object.entries(names).map(([key, name]) => [key, address[name]]));
  const filtered = Object.entries(input).some(([key, value]) => key !== 'page' && value !== undefined);
  const parsed = schema.safeParse({ ...input, per_page: PER_PAGE });
  if (parsed.success) return { query: parsed.data as z.output<S>, filtered, problems: [] };
  return {
    query: schema.parse({ per_page: PER_PAGE }) as z.output<S>,
    filtered: false,
    problems: parsed.error.issues.map((issue) => `${names[String(issue.path[0])]} (${issue.message})`),
  };
}

export function listQueries(address: Record<string, string>) {
  return {
    payments: read(listPaymentsQuerySchema, { status: 'status', plan: 'plan', page: 'page' }, address),
    subscriptions: read(
      listSubscriptionsQuerySchema,
      { status: 'subscription_status', page: 'subscriptions_page' },
      address,
    ),
  };
}
