import type { Visit } from '@/lib/analytics';
import { clientAddress } from './client-address';

/** The visit a request is part of, for the board's analytics: its trusted address and user agent. */
export function visitOf(headers: Headers): Visit {
  return { address: clientAddress(headers), userAgent: headers.get('user-agent') ?? '', headers };
}
