// Any method on an unknown /api path: 404 in the error envelope.
import { AppError } from '@/lib/core/errors';
import { rejectRequest } from '@/lib/http/handler';

async function unknownPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return rejectRequest(request, new AppError('not_found', `No API endpoint at ${pathname}.`));
}

export {
  unknownPath as DELETE,
  unknownPath as GET,
  unknownPath as PATCH,
  unknownPath as POST,
  unknownPath as PUT,
};
