// The gazetteer's matching: the places a folded name and its qualifiers ("austin", "tx") may mean.
import type { GazetteerData } from './gazetteer-data';

export type Place =
  | { kind: 'country'; code: string }
  | { kind: 'state'; index: number }
  | { kind: 'city'; index: number };

export interface Qualifier {
  countries: Set<string>;
  states: Set<number>;
}

export interface Match {
  places: Place[];
  /** `exact`: a name equals the query; `prefix`: names starting with it (typing in progress). */
  tier: 'exact' | 'prefix';
  qualifiersIgnored: boolean;
}

const MAX_PREFIX_NAMES = 3_000;
// A qualifier's region counts for a city this close to its centre ("Torino TO": a province).
const NEAR_REGION_KM = 50;

export function weight(data: GazetteerData, place: Place): number {
  if (place.kind === 'country') return data.countries.get(place.code)!.weight;
  if (place.kind === 'state') return data.states[place.index]!.weight;
  return data.cities.population(place.index);
}

export function countryOf(data: GazetteerData, place: Place): string {
  if (place.kind === 'country') return place.code;
  if (place.kind === 'state') return data.states[place.index]!.countryCode;
  return data.cities.countryCode(place.index);
}

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** "TX", "Texas", "USA", "Deutschland": every state and country the text may mean. */
export function qualifier(data: GazetteerData, text: string): Qualifier | null {
  const countries = new Set<string>();
  const states = new Set<number>();
  const country = data.countryAliases.get(text);
  if (country) countries.add(country);
  for (const index of data.statesByName.get(text) ?? []) states.add(index);
  for (const index of data.statesByCode.get(text) ?? []) states.add(index);
  return countries.size || states.size ? { countries, states } : null;
}

function satisfies(data: GazetteerData, place: Place, q: Qualifier): boolean {
  if (q.countries.has(countryOf(data, place))) return true;
  if (place.kind === 'state') return q.states.has(place.index);
  if (place.kind !== 'city') return false;
  const city = data.cities.at(place.index);
  if (q.states.has(city.state)) return true;
  // A region the gazetteer does not file the city under, around it: an Italian province ("TO").
  for (const index of q.states) {
    const state = data.states[index]!;
    if (
      state.countryCode === city.countryCode &&
      distanceKm(state.latitude, state.longitude, city.latitude, city.longitude) < NEAR_REGION_KM
    )
      return true;
  }
  return false;
}

function namedPlaces(data: GazetteerData, name: string, allowCodes: boolean): Place[] {
  const places: Place[] = [];
  const country = data.countryAliases.get(name);
  if (country) places.push({ kind: 'country', code: country });
  const states = new Set(data.statesByName.get(name) ?? []);
  // A bare two-letter query ("TX") may mean a state code.
  if (allowCodes && !country) for (const index of data.statesByCode.get(name) ?? []) states.add(index);
  for (const index of states) places.push({ kind: 'state', index });
  for (const index of data.citiesByName.get(name) ?? []) places.push({ kind: 'city', index });
  // "New York", "Mexico", "Kuwait": cities called "<name> city" in full.
  for (const index of data.citiesByName.get(`${name} city`) ?? []) places.push({ kind: 'city', index });
  return places;
}

/**
 * Other spellings of a name that matched nothing: "Dublin 2", "Praha 1", "København K" (a postal
 * district after the city), "Muenchen", "Koeln" (umlauts typed as two letters).
 */
function variantPlaces(data: GazetteerData, name: string): Place[] {
  const district = (text: string) => text.replace(/ (\d{1,2}|[a-z])$/, '');
  const umlauts = name.replace(/([aou])e/g, '$1');
  for (const variant of [district(name), umlauts, district(umlauts)]) {
    if (variant === name || variant.length < 4) continue;
    const places = namedPlaces(data, variant, false);
    if (places.length) return places;
  }
  return [];
}

function prefixPlaces(data: GazetteerData, prefix: string): Place[] {
  const places: Place[] = [];
  for (const name of data.names.startingWith(prefix, MAX_PREFIX_NAMES)) {
    if (name !== prefix) places.push(...namedPlaces(data, name, false));
  }
  return places;
}

/** Places named by `parts` (folded: name first, then state/country qualifiers). */
export function matchPlaces(
  data: GazetteerData,
  parts: string[],
  country: string | undefined,
  fuzzy: boolean,
): Match {
  const [name, ...rest] = parts;
  const inCountry = (places: Place[]) =>
    country ? places.filter((place) => countryOf(data, place) === country) : places;
  let places = inCountry(namedPlaces(data, name!, rest.length === 0));
  // "Austin TX", "Berlin Germany": a trailing qualifier without a comma.
  if (places.length === 0 && rest.length === 0) {
    const words = name!.split(' ');
    for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
      const head = words.slice(0, -k).join(' ');
      const tail = words.slice(-k).join(' ');
      if (qualifier(data, tail) && data.citiesByName.has(head))
        return matchPlaces(data, [head, tail], country, false);
    }
  }
  let tier: Match['tier'] = 'exact';
  if (places.length === 0 && fuzzy && name!.length >= 2) {
    places = inCountry(prefixPlaces(data, name!));
    tier = 'prefix';
  }
  if (places.length === 0) {
    places = inCountry(variantPlaces(data, name!));
    tier = 'exact';
  }
  const qualifiers = rest.map((text) => qualifier(data, text));
  if (rest.length === 0) return { places, tier, qualifiersIgnored: false };
  const qualified = qualifiers.every(Boolean)
    ? places.filter((place) => qualifiers.every((q) => satisfies(data, place, q!)))
    : [];
  if (qualified.length > 0) return { places: qualified, tier, qualifiersIgnored: false };
  return { places, tier, qualifiersIgnored: true };
}

/** Whether folded text names a place, alone or with a trailing qualifier ("berlin", "ca", "sydney nsw"). */
export function isPlaceName(data: GazetteerData, folded: string): boolean {
  return matchPlaces(data, [folded], undefined, false).places.length > 0;
}

/** Only the cities among the places: an address lies in a city. */
export function citiesOf(match: Match): Match {
  const cities = match.places.filter((place) => place.kind === 'city');
  return { ...match, places: cities };
}
