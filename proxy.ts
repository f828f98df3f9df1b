// Runs only for API paths holding a `%`: Next's router answers a plain-text 500 for a path segment that
// does not percent-decode (`/api/jobs/%E0%A4%A`), before any route handler could answer in the envelope.
import { AppError } from '@/lib/core/errors';
import { rejectRequest } from '@/lib/http/handler';

export function proxy(request: Request): Response | undefined {
  const { pathname } = new URL(request.url);
  try {
    decodeURIComponent(pathname);
    return undefined;
  } catch {
    return rejectRequest(
      request,
      new AppError(
        'validation_error',
        'The request path has a broken percent-encoding (a % not followed by a valid UTF-8 sequence).',
        [
          {
            location: 'path',
            field: 'path',
            path: [],
            code: 'invalid_encoding',
            message: 'Not valid percent-encoded UTF-8',
          },
        ],
      ),
    );
  }
}

export const config = { matcher: '/api/:path(.*%.*)' };
