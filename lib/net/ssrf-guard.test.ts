import type { LookupAddress } from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import {
  checkTargetUrl,
  DNS_TIMEOUT_MS,
  resolveTargetAddresses,
  TargetError,
  validateTargetUrl,
} from './ssrf-guard';

const strict = { allowPrivateNetwork: false };

function resolver(table: Record<string, string[]>) {
  return async (hostname: string): Promise<LookupAddress[]> => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('validateTargetUrl', () => {
  it.each([
    'https://hooks.example.com/boardkit',
    'https://hooks.example.com:8443/x?y=1',
    'https://8.8.8.8/',
    'https://[2606:4700::1111]/',
  ])('accepts %s', (url) => {
    const result = validateTargetUrl(url, strict);
    expect(result).toEqual({ ok: true, url: new URL(url) });
  });

  it.each([
    ['/relative/path', 'invalid_url', 'not an absolute URL'],
    ['hooks.example.com', 'invalid_url', 'not an absolute URL'],
    ['ftp://hooks.example.com/', 'invalid_url', 'the URL must use https: (got ftp:)'],
    ['http://hooks.example.com/', 'invalid_url', 'the URL must use https: (got http:)'],
    [
      'https://user:pass@hooks.example.com/',
      'invalid_url',
      'the URL must not contain a user name or password',
    ],
    ['https://user@hooks.example.com/', 'invalid_url', 'the URL must not contain a user name or password'],
    ['https://localhost/', 'blocked_target', 'localhost is a local host name'],
    ['https://LOCALHOST./', 'blocked_target', 'localhost. is a local host name'],
    ['https://api.localhost:3000/', 'blocked_target', 'api.localhost is a local host name'],
    [
      'https://metadata.google.internal/',
      'blocked_target',
      'metadata.google.internal is a cloud metadata host name',
    ],
    ['https://127.0.0.1/', 'blocked_target', '127.0.0.1 is a loopback address'],
    // The URL parser normalizes numeric host spellings before the check sees them.
    ['https://0x7f.1/', 'blocked_target', '127.0.0.1 is a loopback address'],
    ['https://2130706433/', 'blocked_target', '127.0.0.1 is a loopback address'],
    ['https://10.0.0.1/', 'blocked_target', '10.0.0.1 is a private address'],
    [
      'https://169.254.169.254/latest/meta-data/',
      'blocked_target',
      '169.254.169.254 is a cloud metadata address',
    ],
    ['https://0.0.0.0/', 'blocked_target', '0.0.0.0 is an unspecified address'],
    ['https://[::1]/', 'blocked_target', '::1 is a loopback address'],
    [
      'https://[::ffff:127.0.0.1]/',
      'blocked_target',
      '::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address',
    ],
  ])('refuses %s', (url, code, reason) => {
    expect(validateTargetUrl(url, strict)).toEqual({ ok: false, code, reason });
  });

  it('allows http: only when asked to', () => {
    expect(validateTargetUrl('http://hooks.example.com/', { ...strict, allowHttp: true }).ok).toBe(true);
  });

  it('lets private targets and http: through when private networks are allowed', () => {
    for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1/', 'https://[::1]:8443/']) {
      expect(validateTargetUrl(url, { allowPrivateNetwork: true }).ok).toBe(true);
    }
    expect(validateTargetUrl('http://user:pw@localhost/', { allowPrivateNetwork: true }).ok).toBe(false);
  });
});

describe('checkTargetUrl', () => {
  it('accepts a host whose every address is public', async () => {
    const lookup = resolver({
      'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    const result = await checkTargetUrl('https://hooks.example.com/x', { ...strict, lookup });
    expect(result.ok).toBe(true);
  });

  it('refuses a host when any of its addresses is blocked', async () => {
    const lookup = resolver({ 'evil.example': ['93.184.215.14', '127.0.0.1'] });
    expect(await checkTargetUrl('https://evil.example/', { ...strict, lookup })).toEqual({
      ok: false,
      code: 'blocked_target',
      reason: 'evil.example resolves to 127.0.0.1, a loopback address',
    });
  });

  it('reports a name that does not resolve', async () => {
    expect(await checkTargetUrl('https://nowhere.example/', { ...strict, lookup: resolver({}) })).toEqual({
      ok: false,
      code: 'dns_error',
      reason: 'nowhere.example could not be resolved (ENOTFOUND)',
    });
  });

  it('gives up on a resolver that does not answer within 2 seconds', async () => {
    vi.useFakeTimers();
    try {
      let settled = false;
      const silent = () => new Promise<never>(() => {});
      const check = checkTargetUrl('https://slow-dns.example/', { ...strict, lookup: silent }).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await check).toEqual({
        ok: false,
        code: 'dns_error',
        reason: 'slow-dns.example could not be resolved (ETIMEOUT)',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses by name before resolving', async () => {
    const lookup = () => Promise.reject(new Error('must not be called'));
    const result = await checkTargetUrl('https://localhost/', { ...strict, lookup });
    expect(result).toMatchObject({ ok: false, code: 'blocked_target' });
  });

  it('skips the address check when private networks are allowed', async () => {
    const lookup = resolver({ 'dev.test': ['127.0.0.1'] });
    expect((await checkTargetUrl('http://dev.test:3000/', { allowPrivateNetwork: true, lookup })).ok).toBe(
      true,
    );
  });
});

describe('resolveTargetAddresses', () => {
  it('refuses what the system resolver says localhost is (/etc/hosts)', async () => {
    // No name check here: this is the DNS path that a rebinding or hosts-file name would take.
    const error = await resolveTargetAddresses(new URL('https://localhost/'), strict).catch((e) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect(error.reason).toBe('blocked_target');
    expect(error.message).toMatch(
      /^localhost resolves to (127\.0\.0\.1, a loopback address|::1, a loopback address)$/,
    );
  });

  it('returns IP literals without resolving them', async () => {
    const lookup = () => Promise.reject(new Error('must not be called'));
    expect(
      await resolveTargetAddresses(new URL('https://[2606:4700::1111]/'), { ...strict, lookup }),
    ).toEqual([{ address: '2606:4700::1111', family: 6 }]);
  });

  it('exempts only what isAllowedAddress allows', async () => {
    const lookup = resolver({ 'public.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const isAllowedAddress = (_address: string, hostname: string) => hostname === 'public.test';
    const options = { ...strict, lookup, isAllowedAddress };
    expect(await resolveTargetAddresses(new URL('https://public.test/'), options)).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(resolveTargetAddresses(new URL('https://other.test/'), options)).rejects.toMatchObject({
      reason: 'blocked_target',
    });
  });
});
