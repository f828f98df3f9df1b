// The alt text of hosted images, for pages that show them: the title people gave the asset in the
// media library. A title that is only the file name ("IMG_2041") describes nothing, so it gives none.
import { and, eq, inArray, or } from 'drizzle-orm';
import { assets } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { defaultTitle } from './service';
import { cdnUrlFor } from './urls';

/** `src` → alt text for each of `sources` that is an image of the organization's media library. */
export async function hostedImageAlts(
  db: Db,
  orgId: number,
  sources: string[],
): Promise<Map<string, string>> {
  const base = cdnUrlFor('');
  const keys = sources.filter((src) => src.startsWith(base)).map((src) => src.slice(base.length));
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      storageKey: assets.storageKey,
      thumbnailKey: assets.thumbnailKey,
      title: assets.title,
      origin: assets.origin,
    })
    .from(assets)
    .where(
      and(
        eq(assets.organizationId, orgId),
        or(inArray(assets.storageKey, keys), inArray(assets.thumbnailKey, keys)),
      ),
    );
  const alts = new Map<string, string>();
  for (const row of rows) {
    const described = row.title !== defaultTitle({ filename: row.origin.filename });
    if (!described) continue;
    for (const key of [row.storageKey, row.thumbnailKey]) if (key) alts.set(cdnUrlFor(key), row.title);
  }
  return alts;
}
