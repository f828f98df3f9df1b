// The one throttle: the asker's own limits first, then its limits on what it names, kept per
// (client, target). Each test owns the limiter's clock.
import { beforeEach, describe, expect, it } from 'vitest';
import { setRateLimiter } from './index';
import { MemoryRateLimiter } from './memory';
import { clientKey, type Throttle, throttle } from './throttle';

const MINUTE = 60_000;
let now = 0;
beforeEach(() => {
  // On a whole hour, where every window starts; tests move it past whole windows.
  now = Date.UTC(2026, 10, 26, 9);
  setRateLimiter(new MemoryRateLimiter(() => now));
});

const mail: Throttle = {
  name: 'test-mail',
  perClient: [{ max: 4, windowMs: 15 * MINUTE }],
  perTarget: [
    { max: 2, windowMs: 15 * MINUTE },
    { max: 3, windowMs: 60 * MINUTE },
  ],
};

const allowed = async (asker: Parameters<typeof throttle>[1], times: number) => {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push((await throttle(mail, asker)) === null);
  return answers;
};

describe('throttle', () => {
  it('refuses a client past its own limit, whatever it names', async () => {
    const client = '198.51.100.1';
    expect(await allowed({ client, target: 'a@example.com' }, 2)).toEqual([true, true]);
    expect(await allowed({ client, target: 'b@example.com' }, 2)).toEqual([true, true]);
    const refused = await throttle(mail, { client, target: 'c@example.com' });
    expect(refused).toMatchObject({ success: false, limit: 4 });
    expect(await allowed({ client: '198.51.100.2', target: 'c@example.com' }, 1)).toEqual([true]);
  });

  it('keeps limits on a target per client: another client’s requests never fill the victim’s', async () => {
    const attacker = '203.0.113.66';
    const victim = '192.0.2.10';
    const target = 'victim@example.com';
    expect(await allowed({ client: attacker, target }, 4)).toEqual([true, true, false, false]);
    // The attacker is past its own limit now: these count nowhere, the target's buckets included.
    expect(await allowed({ client: attacker, target }, 5)).toEqual([false, false, false, false, false]);
    expect(await allowed({ client: victim, target }, 3)).toEqual([true, true, false]);
  });

  it('does not count a request its own limit refused against the target', async () => {
    const client = '203.0.113.7';
    const target = 'one@example.com';
    expect(await allowed({ client, target: 'other@example.com' }, 4)).toEqual([true, true, false, false]);
    // Two more for the other target: the client's limit (4) is full, so they count nowhere.
    expect(await allowed({ client, target }, 2)).toEqual([false, false]);
    // Past the client's window.
    now += 30 * MINUTE;
    // Two pass, then the quarter-hour limit: the hour's count (3) would have refused the second had
    // the refused two been counted.
    expect(await allowed({ client, target }, 3)).toEqual([true, true, false]);
  });

  it('holds every window of a target: a few a quarter of an hour, fewer an hour', async () => {
    const client = '198.51.100.9';
    const target = 'busy@example.com';
    expect(await allowed({ client, target }, 3)).toEqual([true, true, false]);
    now += 30 * MINUTE;
    expect(await allowed({ client, target }, 2)).toEqual([true, false]);
    now += 120 * MINUTE;
    expect(await allowed({ client, target }, 1)).toEqual([true]);
  });

  it('keeps scopes (boards) apart, and spans them all without one', async () => {
    const client = '198.51.100.20';
    const perBoard: Throttle = { name: 'test-board', perClient: [{ max: 1, windowMs: MINUTE }] };
    expect(await throttle(perBoard, { client, scope: 1 })).toBeNull();
    expect(await throttle(perBoard, { client, scope: 1 })).not.toBeNull();
    expect(await throttle(perBoard, { client, scope: 2 })).toBeNull();
    expect(await throttle(perBoard, { client })).toBeNull();
    expect(await throttle(perBoard, { client })).not.toBeNull();
  });

  it('takes an IPv6 client as its /64, and an IPv4 address mapped into IPv6 as itself', async () => {
    const perClient: Throttle = { name: 'test-v6', perClient: [{ max: 1, windowMs: MINUTE }] };
    expect(await throttle(perClient, { client: '2001:db8:1:2::1' })).toBeNull();
    expect(await throttle(perClient, { client: '2001:db8:1:2:ffff::9' })).not.toBeNull();
    expect(await throttle(perClient, { client: '2001:db8:1:3::1' })).toBeNull();
    expect(await throttle(perClient, { client: '192.0.2.1' })).toBeNull();
    expect(await throttle(perClient, { client: '::ffff:192.0.2.1' })).not.toBeNull();
  });
});

describe('clientKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s is %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
