// What a board page's share image shows, carried in the image's own URL as a token signed with the
// app secret: the route draws exactly what a page asked for, and nobody can make a board's look say
// anything else. The board's revision leads the path, so a new look or a job edit is a new URL.
import { shortenText } from '@/lib/core/format';
import { readToken, signToken } from '@/lib/core/signed-tokens';

export interface ShareCard {
  title: string;
  /** Lines under the title: a job's company, then its place and salary. */
  details?: string[];
  /** A company's logo, drawn only when it is one of the images the app hosts. */
  logoUrl?: string | null;
}

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

const PURPOSE = 'share-image';
/** More than the image shows (it clamps by lines); bounds the URL. */
const MAX_TITLE_CHARS = 140;
const MAX_DETAIL_CHARS = 90;
const MAX_DETAILS = 2;
/** Where share images live inside a board: `/og/{revision}/{token}.png`. */
export const SHARE_IMAGE_SEGMENT = 'og';

/** The path of a card's image inside a board, for the organization at its current revision. */
export function shareImagePath(org: { id: number; revision: number }, card: ShareCard): string {
  const details = (card.details ?? [])
    .slice(0, MAX_DETAILS)
    .map((line) => shortenText(line, MAX_DETAIL_CHARS));
  const token = signToken(PURPOSE, [
    String(org.id),
    shortenText(card.title, MAX_TITLE_CHARS),
    card.logoUrl ?? '',
    ...details,
  ]);
  return `/${SHARE_IMAGE_SEGMENT}/${org.revision}/${token}.png`;
}

/** The card a token signed for this organization carries, or undefined. */
export function readShareCard(orgId: number, token: string): ShareCard | undefined {
  const read = readToken(PURPOSE, token);
  if (!read.ok) return undefined;
  const [org, title, logoUrl, ...details] = read.fields;
  if (org !== String(orgId) || title === undefined) return undefined;
  return { title, details, logoUrl: logoUrl || null };
}
