import { env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';

import { PEER_ADDRESS_HEADER } from './peer-address.mjs';

/** Set by server.mjs from the TCP connection on every request, overwriting anything a client sent. */
export { PEER_ADDRESS_HEADER };

let warnedNoPeer = false;

/**
 * The address a request came from, for per-address limits. Forwarding headers count only as far as
 * the deployment vouches for them: on Vercel its own `x-vercel-forwarded-for` (or `x-real-ip`);
 * behind TRUSTED_PROXY_COUNT proxies the X-Forwarded-For entry that many from the right, the one
 * the outermost trusted proxy wrote; with none (the default) the TCP peer. What a client writes
 * into X-Forwarded-For itself never moves it to another bucket.
 */
export function clientAddress(headers: Headers): string {
  const config = env();
  if (config.VERCEL) {
    return firstEntry(headers.get('x-vercel-forwarded-for')) ?? headers.get('x-real-ip')?.trim() ?? 'unknown';
  }
  const peer = headers.get(PEER_ADDRESS_HEADER) || undefined;
  const proxies = config.TRUSTED_PROXY_COUNT;
  if (proxies > 0) {
    const hops = (headers.get('x-forwarded-for') ?? '').split(',').flatMap((hop) => hop.trim() || []);
    return hops[hops.length - proxies] ?? peer ?? 'unknown';
  }
  if (!peer && !warnedNoPeer && config.NODE_ENV === 'production') {
    warnedNoPeer = true;
    logError(
      'client_address_unknown',
      new Error('No peer address: start the app with `npm start` (server.mjs), or set TRUSTED_PROXY_COUNT.'),
    );
  }
  return peer ?? 'unknown';
}

const firstEntry = (value: string | null) => value?.split(',')[0]?.trim() || undefined;
