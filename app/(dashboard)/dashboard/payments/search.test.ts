import { describe, expect, it } from 'vitest';
import { hrefWith, listQueries, queryFrom } from './search';

const PLAN = '0190a4c2-7d3e-7b41-9a8e-3f2b1c0d4e5f';

describe('the Payments page address', () => {
  it('keeps one value per key and drops blanks', () => {
    expect(queryFrom({ status: ['failed', 'succeeded'], plan: '  ', page: '2' })).toEqual({
      status: 'succeeded',
      page: '2',
    });
  });

  it('reads each list from its own keys with the API schemas', () => {
    const lists = listQueries({
      status: 'failed',
      plan: PLAN,
      subscription_status: 'active',
      subscriptions_page: '3',
    });
    expect(lists.payments).toEqual({
      query: { status: 'failed', plan: PLAN, page: 1, per_page: 20 },
      filtered: true,
      problems: [],
    });
    expect(lists.subscriptions).toEqual({
      query: { status: 'active', page: 3, per_page: 20 },
      filtered: true,
      problems: [],
    });
    expect(listQueries({ page: '2' }).payments.filtered).toBe(false);
  });

  it('ignores a list’s filters that do not parse and names them by their address key', () => {
    const lists = listQueries({ status: 'paid', subscription_status: 'gone' });
    expect(lists.payments.query).toEqual({ page: 1, per_page: 20 });
    expect(lists.payments.filtered).toBe(false);
    expect(lists.payments.problems).toEqual([
      'status (Expected one of: pending, succeeded, failed, refunded)',
    ]);
    expect(lists.subscriptions.problems[0]).toMatch(/^subscription_status \(Expected one of: incomplete, /);
  });

  it('links to pages and filters, keeping the other list’s state', () => {
    const address = { status: 'failed', subscriptions_page: '2' };
    expect(hrefWith(address, { page: 3 })).toBe(
      '/dashboard/payments?status=failed&subscriptions_page=2&page=3',
    );
    expect(hrefWith({ ...address, page: '3' }, { page: 1 })).toBe(
      '/dashboard/payments?status=failed&subscriptions_page=2',
    );
    expect(hrefWith(address, { status: undefined, subscriptions_page: 1 })).toBe('/dashboard/payments');
  });
});
