// GET/HEAD /og/{revision}/{card}.png: a board page's share image (lib/board/share-card.ts). The
// revision and the signed card fix the bytes, so the answer is cached for good; an older revision
// is sent on to the current one.
import { readShareCard, SHARE_IMAGE_SEGMENT } from '@/lib/board/share-card';
import { shareImagePng } from '@/lib/board/share-image';
import { resolveLook } from '@/lib/organizations';
import { boardForRoute, notFoundText } from '../../../feeds';

type Context = { params: Promise<{ board: string; revision: string; card: string }> };

const text = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

async function serve(request: Request, context: Context): Promise<Response> {
  const board = await boardForRoute(context);
  if (!board) return notFoundText();
  const { revision, card: file } = await context.params;
  const token = /^(.+)\.png$/.exec(file)?.[1];
  if (!/^\d{1,15}$/.test(revision) || !token) return text(400, 'Expected /og/{revision}/{card}.png.');
  const card = readShareCard(board.org.id, token);
  if (!card) return text(404, 'No such image on this board.');
  const { org } = board;
  if (Number(revision) !== org.revision) {
    return new Response(null, {
      status: 307,
      headers: {
        location: `${board.url}/${SHARE_IMAGE_SEGMENT}/${org.revision}/${token}.png`,
        'cache-control': 'public, max-age=60',
      },
    });
  }
  const png = await shareImagePng(`${org.id}:${org.revision}|${token}`, {
    look: resolveLook(org.name, org.board),
    card,
    address: board.url.replace(/^https?:\/\//, ''),
  });
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}

export const GET = serve;
export const HEAD = serve;
