// Any method on an unknown /api path: 404 in the error envelope.
import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';
import { requestIdFor } from '@/lib/api/request-id';

async function unknownPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return errorResponse(new ApiError('not_found', `No API endpoint at ${pathname}.`), requestIdFor(request));
}

export {
  unknownPath as DELETE,
  unknownPath as GET,
  unknownPath as PATCH,
  unknownPath as POST,
  unknownPath as PUT,
};
