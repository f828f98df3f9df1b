import { randomUUID } from 'node:crypto';

const saneRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/** Echoes a caller's request id when it is safe to log and return; otherwise makes one. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && saneRequestId.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
}
