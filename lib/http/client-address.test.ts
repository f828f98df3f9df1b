import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/core/env';
import { clientAddress, PEER_ADDRESS_HEADER } from './client-address';

function deployedAs(variables: Record<string, string>) {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  resetEnvCache();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const request = (headers: Record<string, string>) => clientAddress(new Headers(headers));

describe('clientAddress', () => {
  it('is the TCP peer by default, whatever forwarding headers a client writes', () => {
    const peer = { [PEER_ADDRESS_HEADER]: '203.0.113.9' };
    expect(request(peer)).toBe('203.0.113.9');
    for (const forged of ['1.2.3.4', '1.2.3.4, 5.6.7.8', '']) {
      expect(request({ ...peer, 'x-forwarded-for': forged, 'x-real-ip': '9.9.9.9' })).toBe('203.0.113.9');
    }
    expect(request({ 'x-forwarded-for': '1.2.3.4' })).toBe('unknown');
  });

  it('behind N trusted proxies, takes the entry N from the right', () => {
    deployedAs({ TRUSTED_PROXY_COUNT: '1' });
    expect(request({ 'x-forwarded-for': 'forged, 198.51.100.7', [PEER_ADDRESS_HEADER]: '10.0.0.2' })).toBe(
      '198.51.100.7',
    );
    deployedAs({ TRUSTED_PROXY_COUNT: '2' });
    expect(request({ 'x-forwarded-for': 'forged, 198.51.100.7, 10.0.0.5' })).toBe('198.51.100.7');
    // Fewer hops than proxies: the request bypassed them; the peer is all that is known.
    expect(request({ 'x-forwarded-for': '198.51.100.7', [PEER_ADDRESS_HEADER]: '10.0.0.2' })).toBe(
      '10.0.0.2',
    );
  });

  it("on Vercel, reads Vercel's own headers, not X-Forwarded-For", () => {
    deployedAs({ VERCEL: '1' });
    expect(request({ 'x-vercel-forwarded-for': '198.51.100.8', 'x-forwarded-for': 'forged' })).toBe(
      '198.51.100.8',
    );
    expect(request({ 'x-real-ip': '198.51.100.9', 'x-forwarded-for': 'forged' })).toBe('198.51.100.9');
  });
});
