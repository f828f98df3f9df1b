export const locationTypes = ['country', 'state', 'city', 'area', 'remote'] as const;
export type LocationType = (typeof locationTypes)[number];
export type Confidence = 'exact' | 'high' | 'low';

/** A place a geocoder found: the Location fields of a preview, plus what committing it needs. */
export interface GeoCandidate {
  /** Identity of the place across geocoders (see placeKey); one row per key and organization. */
  place_key: string;
  name: string;
  display_name: string;
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  location_type: LocationType;
  full_address: string | null;
  confidence: Confidence;
  /** Where a street address itself lies, when the geocoder knows (the job's map pin). */
  address_point: { latitude: number; longitude: number } | null;
  /**
   * The postal code and street the query carried ("10115", "1600 Amphitheatre Parkway"), for a later
   * JobPosting's postalCode/streetAddress. Internal: neither the API nor the database has them, and
   * the shared geocode cache drops them, so only a fresh geocoder answer carries them.
   */
  postal_code?: string | null;
  street_address?: string | null;
}

export interface GeoQuery {
  text: string;
  /** ISO 3166-1 alpha-2, uppercase. */
  country?: string;
  limit: number;
}

export interface GeocodeResult {
  candidates: GeoCandidate[];
  ambiguous: boolean;
  /** false for a stand-in answer (the remote geocoder failed): it must not be cached. */
  cacheable?: boolean;
}

/** One geocoding backend (see geocoder.ts for how one is chosen). */
export interface Geocoder {
  /** Driver and dataset version: cache entries of another version are not reused. */
  readonly id: string;
  /** How long answers stay in the shared cache; null: not cached. */
  readonly cacheTtlMs: number | null;
  search(query: GeoQuery): Promise<GeocodeResult>;
}
