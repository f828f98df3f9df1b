// POST /dashboard/media/upload: the media library's file uploads, signed in by session rather than API key.
import { getDb } from '@/db/client';
import { auth } from '@/lib/auth/auth';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import { parseMultipart } from '@/lib/http/multipart';
import { MAX_ASSET_BYTES } from '@/lib/media/limits';
import { assetUploadSchema } from '@/lib/media/schemas';
import { createAsset } from '@/lib/media/service';
import { describeMediaError } from '../errors';

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { message, code } }, { status });

// `Origin: null` (sandboxed frames, some redirects) is no host at all, hence foreign.
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A route handler rather than a server action: the browser's XMLHttpRequest reports upload progress
 * only for a plain request it sends itself.
 */
export async function POST(request: Request): Promise<Response> {
  // requireMembership would redirect to the sign-in page; a script uploading wants a status.
  const session = await auth();
  if (!session?.user?.id)
    return failure(401, 'unauthorized', 'Your session has ended. Sign in again to upload.');
  // Session cookies are SameSite=Lax; refusing foreign origins covers what Lax does not (as server actions do).
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (origin && hostOf(origin) !== host)
    return failure(403, 'forbidden', 'Uploads must come from the dashboard.');
  const { organization } = await requireMembership('media.write');
  try {
    const { values } = await parseMultipart(request, { maxFileBytes: MAX_ASSET_BYTES });
    const parsed = assetUploadSchema.safeParse(values);
    if (!parsed.success) return failure(400, 'validation_error', 'Choose an image file to upload.');
    const { file, title } = parsed.data;
    const result = await createAsset(
      await getDb(),
      organization.id,
      { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, title },
      { dedupe: true },
    );
    return Response.json(result, { status: result.deduplicated ? 200 : 201 });
  } catch (error) {
    if (error instanceof AppError) return failure(error.status, error.code, describeMediaError(error));
    throw error;
  }
}
