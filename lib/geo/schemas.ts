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
      'Any place description: a city ("Austin, TX", "Berlin, Germany"), a state, a country, a postal code with its city ("10115 Berlin", "SW1A 1AA London"), a street address ("Calle de Alcalá 50, 28014 Madrid") or "Remote" (optionally with a region: "Remote (Europe)"). A street address or postal code resolves to its city, among the countries whose postal-code format fits; a US or Canadian code alone resolves to the city at its centre.',
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
      .describe(
        'ISO 3166-2 subdivision code without the country prefix ("TX" for US-TX, "11" for PT-11 Lisboa, "L" for IE-L Leinster); `state` holds the region’s name.',
      ),
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
        'exact: the query names this place unambiguously (its qualifiers, such as a state code, matched, and no namesake is within a twentieth of its size). high: a strong match: a city found from a street address or postal code that agrees with it (never exact), the clear favourite among namesakes (at least four times the next one: Portland, OR), or the place that goes with the top one (the city named like its state, the capital named like its country). low: a guess to confirm: a partial (as-you-type) match; a name several places of similar size share (Springfield: the most populous comes first, with its state and country, and `ambiguous` is true); a smaller namesake; a match that ignored qualifiers of the query or that its postal code contradicts; a city from a bare five-digit postal code (many countries use that format).',
      ),
  })
  .meta({ id: 'LocationCandidate' });

export const previewMetaSchema = z.object({
  query: z.string(),
  created: z.literal(false),
  ambiguous: z
    .boolean()
    .describe(
      'Another place of the same name is big enough to be meant (the top one is less than twenty times its size: Portland OR/ME, Springfield, Dublin IE/CA). The top candidate is then the most populous, named with its state and country, at confidence high when it clearly leads and low otherwise: pass `country` or a state, or let the user pick. A commit (`create: true`) takes the first candidate all the same.',
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
