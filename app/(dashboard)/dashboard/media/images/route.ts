// GET /dashboard/media/images?search=&page=: the media picker's grid, signed in by session rather than API key.
import { auth } from '@/lib/auth/auth';
import { listImagesAction } from '../actions';

/**
 * A route handler so `components/media/media-picker` reaches the library by address, as its upload zone
 * does (`/dashboard/media/upload`), instead of importing a server action from `app/`. The answer is the
 * action's own `MediaResult`.
 */
export async function GET(request: Request): Promise<Response> {
  // listImagesAction would redirect to the sign-in page; the picker wants a message it can show.
  const session = await auth();
  if (!session?.user?.id)
    return Response.json(
      { ok: false, error: 'Your session has ended. Sign in again to see your images.' },
      { status: 401 },
    );
  const params = new URL(request.url).searchParams;
  const page = params.get('page');
  return Response.json(
    await listImagesAction({
      search: params.get('search') || undefined,
      page: page === null ? undefined : Number(page),
    }),
  );
}
