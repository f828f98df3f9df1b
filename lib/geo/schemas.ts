import { z } from 'zod';
import { paginationQuery } from '@/lib/core/pagination';
import { locationTypes } from './types';

export const MAX_PREVIEW_LIMIT = 10;

/** ISO 3166-1 alpha-2, any case in, uppercase out. Checked with ICU's region names: no gazetteer load. */
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  // Aborts: Intl.DisplayNames throws a RangeError on anything but a well-formed code.
  .regex(/^[A-Z]{2}$/, { error: 'Expected a two-letter ISO 3166-1 country code', abort: true })
  .refine((code) => code !== 'ZZ' && regionNames.of(code) !== undefined, {
    error: 'Unknown ISO 3166-1 country code',
  })
  // UK is reserved in ISO 3166-1 for the United Kingdom, whose code is GB.
  .transform((code) => (code === 'UK' ? 'GB' : code));

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export const resolveLocationBodySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, { error: 'Query is required' })
    .max(200)
    .describe(
      'Any place description: a city ("Austin, TX"), a state, a country, a postal code, a street address or "Remote" (optionally with a region: "Remote (Europe)").',
    ),
  country: countryCode.optional().describe('Two-letter ISO 3166-1 code: only places in that country.'),
  create: z
    .boolean()
    .default(false)
    .describe(
      'true: commit the best match to the board and answer its id (the existing one when the place is already there).',
    ),
  limit: z
    .number()
    .int({ error: 'Expected an integer' })
    .min(1, { error: 'Must be at least 1' })
    .max(MAX_PREVIEW_LIMIT, { error: `Must be at most ${MAX_PREVIEW_LIMIT}` })
    .default(5)
    .describe(`Preview candidates to return, 1 to ${MAX_PREVIEW_LIMIT} (default 5).`),
});

export type ResolveLocationInput = z.output<typeof resolveLocationBodySchema>;

const coordinate = z.number().nullable();

export const locationCandidateSchema = z
  .object({
    id: z
      .uuid()
      .nullable()
      .describe('The board’s location for this place; null when it is not on the board yet.'),
    display_name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    state_code: z
      .string()
      .nullable()
      .describe('ISO 3166-2 subdivision code without the country prefix ("TX").'),
    country: z.string().nullable(),
    country_code: z.string().nullable().describe('ISO 3166-1 alpha-2.'),
    latitude: coordinate,
    longitude: coordinate.describe(
      'WGS 84. For an address: its city’s point (the address’s own is kept for job map pins).',
    ),
    location_type: z.enum(locationTypes),
    full_address: z
      .string()
      .nullable()
      .describe('The street address that matched, when the query was one; the place itself is its city.'),
    source: z
      .enum(['existing', 'cache', 'geocoded', 'remote'])
      .describe(
        'existing: already on the board (carries `id`); cache: answered from the shared geocode cache; geocoded: answered by the geocoder now; remote: a remote-work place.',
      ),
    confidence: z
      .enum(['exact', 'high', 'low'])
      .describe(
        'exact: the query names this place unambiguously (qualifiers such as a state code matched, and no namesake of similar size); high: a strong match that shares its name with similarly large places, or a city found from an address or postal code; low: a partial (as-you-type) match, a much smaller namesake, or a match that ignored qualifiers of the query.',
      ),
  })
  .meta({ id: 'LocationCandidate' });

export const previewMetaSchema = z.object({
  query: z.string(),
  created: z.literal(false),
  ambiguous: z
    .boolean()
    .describe(
      'The top two candidates match the query equally well and are of similar size (Portland OR/ME, Springfield): pass `country` or a state, or let the user pick.',
    ),
});

export const committedLocationSchema = z.object({
  data: z.object({ id: z.uuid(), display_name: z.string(), created: z.literal(true) }),
  meta: z.object({
    query: z.string(),
    created: z
      .boolean()
      .describe('true when this request added the place to the board; false when it was already there.'),
  }),
});

export const listLocationsQuerySchema = z.object({
  ...paginationQuery(50),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Matches name, display name or city (accents and case ignored).'),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Expected a two-letter ISO 3166-1 country code' })
    .optional(),
  location_type: z.enum(locationTypes, { error: `Expected one of: ${locationTypes.join(', ')}` }).optional(),
});

export type ListLocationsQuery = z.output<typeof listLocationsQuerySchema>;

export const locationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    display_name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    country_code: z.string().nullable(),
    latitude: coordinate,
    longitude: coordinate,
    location_type: z.enum(locationTypes).nullable(),
    job_count: z.number().int().describe('Jobs of any status at this location.'),
    active_job_count: z.number().int().describe('Live jobs (active, not past expiry) at this location.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Location' });

export type LocationOut = z.infer<typeof locationSchema>;
export type LocationCandidateOut = z.infer<typeof locationCandidateSchema>;
