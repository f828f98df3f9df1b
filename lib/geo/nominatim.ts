import { logError } from '@/lib/core/logger';
import { DAY_MS } from '@/lib/core/time';
import { searchGazetteer } from './gazetteer';
import { cityNear } from './gazetteer-address';
import { gazetteerData } from './gazetteer-data';
import { fold } from './normalize';
import { placeKey } from './place-key';
import type { Confidence, GeoCandidate, GeocodeResult, Geocoder, GeoQuery, LocationType } from './types';

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name: string;
  addresstype?: string;
  importance?: number;
  address?: Record<string, string>;
}

const cityTypes = new Set([
  'city',
  'town',
  'village',
  'municipality',
  'hamlet',
  'suburb',
  'borough',
  'city_district',
]);
const stateTypes = new Set(['state', 'province', 'region']);
/** Nominatim's usage policy: at most one request per second from one application. */
export const NOMINATIM_INTERVAL_MS = 1_000;
const CACHE_TTL_MS = 30 * DAY_MS;

export interface NominatimOptions {
  url: string;
  userAgent: string;
  timeoutMs: number;
}

/**
 * A Nominatim-compatible HTTP geocoder. Requests go one at a time, each leaving at least a second
 * after the previous one finished (the instance is one per process, see geocoder()), so the server
 * never sees two within a second whatever the network does; a failure or timeout answers from the
 * gazetteer, which is then not cached.
 */
export class NominatimGeocoder implements Geocoder {
  readonly id: string;
  readonly cacheTtlMs = CACHE_TTL_MS;
  private queue: Promise<void> = Promise.resolve();
  private lastFinishedAt = 0;

  constructor(private readonly options: NominatimOptions) {
    this.id = `nominatim:${new URL(options.url).host}`;
  }

  /** Waits for this request's turn, in call order; the returned function ends the turn. */
  private async turn(): Promise<() => void> {
    const previous = this.queue;
    let end!: () => void;
    this.queue = new Promise((resolve) => {
      end = () => {
        this.lastFinishedAt = Date.now();
        resolve();
      };
    });
    await previous;
    const wait = this.lastFinishedAt + NOMINATIM_INTERVAL_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return end;
  }

  async search(query: GeoQuery): Promise<GeocodeResult> {
    const url = new URL('search', this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`);
    url.search = new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
      q: query.text,
      limit: String(query.limit),
      ...(query.country ? { countrycodes: query.country.toLowerCase() } : {}),
    }).toString();
    const endTurn = await this.turn();
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      return toResult(query, (await response.json()) as NominatimPlace[]);
    } catch (error) {
      logError('geocoder_failed', error, { geocoder: this.id });
      return { ...searchGazetteer(query), cacheable: false };
    } finally {
      endTurn();
    }
  }
}

function toCandidate(place: NominatimPlace): GeoCandidate {
  const address = place.address ?? {};
  const countryCode = address.country_code?.toUpperCase() ?? null;
  const stateCode = address['ISO3166-2-lvl4']?.split('-')[1] ?? null;
  const cityName =
    address.city ?? address.town ?? address.village ?? address.municipality ?? address.hamlet ?? null;
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  const isAddress = Boolean(address.road || address.house_number) && !cityTypes.has(place.addresstype ?? '');
  let type: LocationType = 'area';
  if (place.addresstype === 'country') type = 'country';
  else if (stateTypes.has(place.addresstype ?? '')) type = 'state';
  else if (cityTypes.has(place.addresstype ?? '') || (isAddress && cityName)) type = 'city';
  const country = countryCode
    ? (gazetteerData().countries.get(countryCode)?.name ?? address.country)
    : address.country;
  const name =
    type === 'country'
      ? (country ?? place.display_name)
      : type === 'state'
        ? (address.state ?? place.display_name)
        : type === 'city'
          ? cityName!
          : place.display_name.split(',')[0]!;
  // An address resolves to its city: the city's own point for the location, the address's for pins.
  const city =
    isAddress && countryCode ? cityNear(latitude, longitude, countryCode, cityName ?? undefined) : null;
  const fields = {
    name,
    display_name:
      type === 'country'
        ? name
        : [name, type !== 'state' && address.state !== name ? address.state : null, country]
            .filter(Boolean)
            .join(', '),
    city: type === 'city' ? name : null,
    state: address.state ?? null,
    state_code: stateCode,
    country: country ?? null,
    country_code: countryCode,
    latitude: city?.latitude ?? latitude,
    longitude: city?.longitude ?? longitude,
    location_type: type,
    full_address: isAddress ? place.display_name : null,
    confidence: 'low' as Confidence,
    address_point: isAddress ? { latitude, longitude } : null,
    postal_code: address.postcode ?? null,
    street_address: isAddress ? [address.house_number, address.road].filter(Boolean).join(' ') || null : null,
  };
  return { place_key: placeKey(fields), ...fields };
}

function toResult(query: GeoQuery, places: NominatimPlace[]): GeocodeResult {
  const seen = new Set<string>();
  const candidates: GeoCandidate[] = [];
  const importance: number[] = [];
  for (const place of places) {
    const candidate = toCandidate(place);
    if (seen.has(candidate.place_key)) continue;
    seen.add(candidate.place_key);
    candidates.push(candidate);
    importance.push(place.importance ?? 0);
  }
  const named = fold(query.text.split(',')[0] ?? '');
  const nameMatches = (candidate: GeoCandidate) => fold(candidate.name) === named;
  const ambiguous =
    candidates.length > 1 &&
    nameMatches(candidates[0]!) &&
    nameMatches(candidates[1]!) &&
    importance[0]! - importance[1]! < 0.1;
  candidates.forEach((candidate, i) => {
    if (candidate.full_address) candidate.confidence = i === 0 ? 'high' : 'low';
    // As the gazetteer rates namesakes: the top one is sure unless ambiguous, the others are guesses.
    else if (nameMatches(candidate)) candidate.confidence = i > 0 ? 'low' : ambiguous ? 'high' : 'exact';
  });
  return { candidates, ambiguous };
}
