// The countries behind the regions a remote job is limited to ("Remote (Europe)"), so the board can
// name places Google resolves (applicantLocationRequirements takes countries, not "EMEA"). Continents
// come from countries-list; the groupings no continent gives are spelled out here.
import { countries, type TContinentCode, type TCountryCode } from 'countries-list';

const countryCodes = Object.keys(countries) as TCountryCode[];
const onContinent = (...continents: TContinentCode[]) =>
  countryCodes.filter((code) => continents.includes(countries[code].continent));

const middleEast = [
  'AE',
  'BH',
  'CY',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TR',
  'YE',
];
// Spanish- and Portuguese-speaking North America (Mexico, Central America, the Hispanic Caribbean).
const latinNorthAmerica = onContinent('NA').filter((code) =>
  countries[code].languages.some((language) => language === 'es' || language === 'pt'),
);

/** By the area labels of lib/geo/remote.ts. */
const areaCountries: Record<string, () => string[]> = {
  Europe: () => onContinent('EU'),
  EMEA: () => [...onContinent('EU', 'AF'), ...middleEast],
  Americas: () => onContinent('NA', 'SA'),
  // The sense job ads use: the United States, Canada and Mexico, not the Caribbean.
  'North America': () => ['US', 'CA', 'MX'],
  'South America': () => onContinent('SA'),
  'Latin America': () => [...latinNorthAmerica, ...onContinent('SA')],
  APAC: () => onContinent('AS', 'OC').filter((code) => !middleEast.includes(code)),
  Asia: () => onContinent('AS'),
  Africa: () => onContinent('AF'),
  'Middle East': () => middleEast,
  Oceania: () => onContinent('OC'),
  Nordics: () => ['DK', 'FI', 'IS', 'NO', 'SE'],
  DACH: () => ['DE', 'AT', 'CH'],
};

/** The ISO 3166-1 codes of an area ("Europe"), deduplicated and sorted; null for an unknown one. */
export function remoteAreaCountries(area: string): string[] | null {
  const codes = areaCountries[area]?.();
  return codes ? [...new Set(codes)].sort() : null;
}

/** A country's English name by its ISO 3166-1 code, or null for a code countries-list lacks. */
export function countryName(code: string): string | null {
  return countries[code.toUpperCase() as TCountryCode]?.name ?? null;
}
