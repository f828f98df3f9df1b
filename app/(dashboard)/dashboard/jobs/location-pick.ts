import type { Database } from '@/db/client';
import { AppError } from '@/lib/core/errors';
import { resolveLocationBodySchema } from '@/lib/geo/schemas';
import { commitLocation } from '@/lib/geo/service';

/** A suggestion the owner picked in the job form's location picker. */
export interface LocationPick {
  id: string | null;
  /** What was typed when the suggestions were made. */
  query: string;
  display_name: string;
  country_code: string | null;
  /** The first suggestion: the best match of `query`. */
  first: boolean;
}

export type PickedLocation = { id: string; display_name: string } | { error: string };

/**
 * Puts the picked place on the board (or finds it there). A commit takes the best match of its
 * query, so the first suggestion is committed by the typed text (an address resolves to its city)
 * and any other by its own name within its country; a commit that lands elsewhere is refused.
 */
export async function commitPick(db: Database, orgId: number, pick: LocationPick): Promise<PickedLocation> {
  // Already on the board: the job's save checks the id belongs to this organization.
  if (pick.id) return { id: pick.id, display_name: pick.display_name };
  const parsed = resolveLocationBodySchema.safeParse(
    pick.first
      ? { query: pick.query }
      : { query: pick.display_name, country: pick.country_code ?? undefined },
  );
  if (!parsed.success) return { error: 'This place cannot be added: type it again.' };
  try {
    const place = await commitLocation(db, orgId, parsed.data);
    if (place.display_name !== pick.display_name)
      return { error: `"${pick.display_name}" could not be added: pick another suggestion.` };
    return { id: place.id, display_name: place.display_name };
  } catch (error) {
    if (error instanceof AppError && error.code === 'location_not_found')
      return { error: `"${pick.display_name}" could not be found any more: type it again.` };
    throw error;
  }
}
