// Every image of content a board shows (job descriptions, pages, blog posts) gets an `alt` here, at
// render time: stored content keeps `img` with `src` only.
import { imageSources, withImageAlts } from '@/lib/content';
import type { Db } from '@/lib/core/transaction';
import { hostedImageAlts } from '@/lib/media';

/**
 * Sanitized content HTML with an alt on each image: the media library title of a hosted image,
 * else empty (decoration, which screen readers skip rather than read out a file name or URL).
 */
export async function withDescribedImages(db: Db, orgId: number, html: string): Promise<string> {
  const sources = imageSources(html);
  if (sources.length === 0) return html;
  return withImageAlts(html, await hostedImageAlts(db, orgId, sources));
}
