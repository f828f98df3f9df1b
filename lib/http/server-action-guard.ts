// A step of proxy.ts: server-action posts that Next.js would answer with a 500 are refused first.
// Next.js throws on a foreign Origin, and React's decoder on a body it cannot read; both are the
// sender's fault, so they get a 4xx page. The action itself still checks what it is given.
import { findJsonProblem } from '@/lib/core/json-limits';
import { problemPage } from './request-guards';
import { fromSameOrigin } from './same-origin';

/**
 * What a `$`-string may be in an action's text body: a text body is one chunk, so every form of
 * reference to another (`$@1`, `$K1`, `$Q1`, `$B1`, `$1`, …) is malformed, and so is a BigInt that
 * is not one. What React's client writes for values is kept: escaped strings (`$$…`), `$Infinity`,
 * `$-Infinity`, `$NaN`, `$-0`, `$undefined`, dates (`$D…`) and BigInts (`$n…`).
 */
const TEXT_BODY_VALUE = /^\$(?:\$[\s\S]*|Infinity|-Infinity|-0|NaN|undefined|D[\s\S]*|n-?\d{1,300})$/;

/** The first reason an action's text body cannot be decoded, or undefined. */
function unreadableTextBody(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'its body is not JSON';
  }
  const problem = findJsonProblem(value);
  if (problem) return problem.message.toLowerCase();
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.startsWith('$') && !TEXT_BODY_VALUE.test(current))
        return 'it refers to parts it does not have';
    } else if (current && typeof current === 'object') {
      stack.push(...Object.values(current));
    }
  }
  return undefined;
}

/** 403 for a server action posted from another origin; 400 for a text body React cannot decode. */
export async function refuseMalformedServerAction(request: Request): Promise<Response | undefined> {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return undefined;
  if (!fromSameOrigin(request.headers)) {
    return problemPage(
      403,
      'This form was sent from another site',
      'Send it again from this site’s own page.',
    );
  }
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return undefined;
  const reason = unreadableTextBody(await request.clone().text());
  if (!reason) return undefined;
  return problemPage(
    400,
    'This form could not be read',
    `It cannot be sent as it is: ${reason}. Reload the page and try again.`,
  );
}
