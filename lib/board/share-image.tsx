// A board page's share image (Open Graph, Twitter): 1200×630 PNG in the board's look, drawn with
// next/og. Rendered once per card and revision across instances (the shared store), since crawlers
// of every network ask for the same few images.
import { ImageResponse } from 'next/og';
import { type SharedStore, sharedStore } from '@/lib/cache';
import { shortenText } from '@/lib/core/format';
import { hostedImagePng } from '@/lib/media';
import type { ResolvedLook } from '@/lib/organizations';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareCard } from './share-card';

/**
 * One entry's bytes are ~30–80 KB, so 100–270 images: crawlers ask for the few just shared. With Redis
 * the deployment's Redis holds them instead.
 */
const STORE_BYTES = 8 * 1024 * 1024;
/** The revision is in the key, so an entry never goes stale; this only frees room. */
const STORE_TTL_MS = 24 * 60 * 60_000;

/**
 * What next/og's bundled font (Geist Regular) draws. Any other character would make it fetch a
 * font from Google at render time, so text is kept to these (see `drawable`).
 */
const DRAWABLE =
  /[\u0020-\u007e\u00a0-\u00ac\u00ae-\u0113\u0116-\u012b\u012e-\u0137\u0139-\u013e\u0141-\u0148\u014a-\u014d\u0150-\u017e\u0400-\u045f\u1ea0-\u1ef9\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20aa\u20ac\u20b1\u20b4\u20b9\u20bd\u2122]/u;

/**
 * A text as the font can draw it: a letter it lacks becomes its base letter (`ŏ` → `o`), symbols
 * and emoji it lacks are left out; null when a letter or digit has no drawable form (a Japanese
 * title), since half a title would say something else.
 */
export function drawable(text: string): string | null {
  let out = '';
  for (const char of text) {
    const base = DRAWABLE.test(char) ? char : char.normalize('NFKD').replace(/\p{M}/gu, '');
    if ([...base].every((part) => DRAWABLE.test(part))) out += base;
    else if (/[\p{L}\p{N}]/u.test(char)) return null;
  }
  return out.replace(/\s+/g, ' ').trim() || null;
}

interface Drawing {
  look: ResolvedLook;
  card: ShareCard;
  /** The board's address as people read it: `jobs.acme.com`, `boardkit.app/b/acme`. */
  address: string;
}

interface Picture {
  src: string;
  width: number;
  height: number;
}

/** A PNG to draw, scaled to fit `width`×`height` (its size is read from its header). */
function picture(png: Buffer | null, width: number, height: number): Picture | null {
  if (!png) return null;
  const scale = Math.min(width / png.readUInt32BE(16), height / png.readUInt32BE(20));
  return {
    src: `data:image/png;base64,${png.toString('base64')}`,
    width: Math.round(png.readUInt32BE(16) * scale),
    height: Math.round(png.readUInt32BE(20) * scale),
  };
}

/** The title's size steps down as it grows, so most titles fit in three lines. */
const titleSize = (title: string) => (title.length > 80 ? 52 : title.length > 45 ? 60 : 72);

/** About what three lines of the smallest title size hold; the clamp below is the backstop. */
const TITLE_CHARS = 110;

function Card({ look, card, address, boardLogo, companyLogo }: Drawing & Logos) {
  const name = drawable(look.name);
  const title = shortenText(drawable(card.title) ?? name ?? '', TITLE_CHARS);
  // A company, then its place and salary (a card carries at most two lines).
  const [lead, more] = (card.details ?? []).flatMap((line) => drawable(line) ?? []);
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: '#ffffff',
        borderTop: `20px solid ${look.accent}`,
        padding: '56px 72px 52px',
        color: '#18181b',
        fontSize: 32,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', height: 80 }}>
        {boardLogo ? (
          // biome-ignore lint/performance/noImgElement: drawn by next/og, which has no next/image
          <img src={boardLogo.src} alt="" width={boardLogo.width} height={boardLogo.height} />
        ) : (
          <div style={{ fontSize: 40, color: look.accent, lineClamp: 1, display: 'block' }}>{name}</div>
        )}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
        <div
          style={{
            display: 'block',
            fontSize: titleSize(title),
            lineHeight: 1.15,
            letterSpacing: '-0.02em',
            lineClamp: 3,
          }}
        >
          {title}
        </div>
        {lead && (
          <div style={{ display: 'flex', alignItems: 'center', marginTop: 36 }}>
            {companyLogo && (
              // biome-ignore lint/performance/noImgElement: drawn by next/og, which has no next/image
              <img
                src={companyLogo.src}
                alt=""
                width={companyLogo.width}
                height={companyLogo.height}
                style={{ marginRight: 28 }}
              />
            )}
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <div style={{ display: 'block', fontSize: 36, color: '#27272a', lineClamp: 1 }}>{lead}</div>
              {more && (
                <div style={{ display: 'block', fontSize: 30, color: '#52525b', marginTop: 8, lineClamp: 1 }}>
                  {more}
                </div>
              )}
            </div>
          </div>
        )}
      </div>
      <div style={{ display: 'flex', fontSize: 26, color: look.accent }}>{drawable(address)}</div>
    </div>
  );
}

interface Logos {
  boardLogo: Picture | null;
  companyLogo: Picture | null;
}

/** The PNG of a card; a logo that cannot be read (not hosted here, gone, undecodable) is left out. */
export async function renderShareImage(drawing: Drawing): Promise<Buffer> {
  const [boardLogo, companyLogo] = await Promise.all([
    drawing.look.logoUrl ? hostedImagePng(drawing.look.logoUrl, 840, 160) : null,
    drawing.card.logoUrl ? hostedImagePng(drawing.card.logoUrl, 192, 192) : null,
  ]);
  const image = new ImageResponse(
    <Card {...drawing} boardLogo={picture(boardLogo, 420, 80)} companyLogo={picture(companyLogo, 96, 96)} />,
    { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT },
  );
  return Buffer.from(await image.arrayBuffer());
}

const rendering = new Map<string, Promise<Buffer>>();

function store(): SharedStore {
  return sharedStore('share-image', STORE_BYTES);
}

/**
 * The PNG of a card from the shared store, else rendered (once per key at a time in this process)
 * and kept. `key` names the organization, its revision and the card.
 */
export async function shareImagePng(key: string, drawing: Drawing): Promise<Buffer> {
  const kept = await store().get(key);
  if (kept) return kept;
  const running = rendering.get(key);
  if (running) return running;
  const pending = renderShareImage(drawing).then(async (png) => {
    await store().set(key, png, STORE_TTL_MS);
    return png;
  });
  rendering.set(key, pending);
  try {
    return await pending;
  } finally {
    rendering.delete(key);
  }
}
