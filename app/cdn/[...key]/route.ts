// GET/HEAD /cdn/<key>: hosted media files (the default CDN_URL is {APP_URL}/cdn).
import { serveMediaObject } from '@/lib/media/cdn';

type Context = { params: Promise<{ key: string[] }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return serveMediaObject(request, (await context.params).key);
}

export async function HEAD(request: Request, context: Context): Promise<Response> {
  return serveMediaObject(request, (await context.params).key);
}
