import { sql } from 'drizzle-orm';
import type { Db } from './transaction';

/** `base`, or the first of `base-2`, `base-3`, ... that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Lowercase ASCII words joined by hyphens: "Café Déjà Vu!" → "cafe-deja-vu". */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/**
 * The first free slug from `base` among those `taken` reads, held until the transaction ends: an
 * advisory lock on (scope, base) makes parallel creates of one title wait for each other's commit
 * and read its slug, instead of colliding on the unique index. Call it inside a transaction.
 */
export async function claimFreeSlug(
  tx: Db,
  scope: string,
  base: string,
  taken: () => Promise<{ slug: string }[]>,
): Promise<string> {
  await lockSlugBase(tx, `${scope}\n${base}`);
  return firstFreeSlug(
    base,
    (await taken()).map((row) => row.slug),
  );
}

/** Holds `key` (a scope and a slug base) until the transaction ends. Call it inside a transaction. */
export async function lockSlugBase(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
