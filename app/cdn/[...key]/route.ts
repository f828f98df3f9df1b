// GET/HEAD /cdn/<key>: hosted media files (the default CDN_URL is {APP_URL}/cdn).
import { AppError } from '@/lib/core/errors';
import { errorResponse } from '@/lib/http/handler';
import { requestIdFor } from '@/lib/http/request-id';
import { serveMediaObject } from '@/lib/media/cdn';

type Context = { params: Promise<{ key: string[] }> };

async function serve(request: Request, context: Context): Promise<Response> {
  const served = await serveMediaObject(request, (await context.params).key);
  return served ?? errorResponse(new AppError('not_found', 'No such media file.'), requestIdFor(request));
}

export const GET = serve;
export const HEAD = serve;
