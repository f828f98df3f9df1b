import { CountryCode, postcodeValidator } from 'postcode-validator';
import { fold } from './normalize';

/** A postal code found in a query, with the countries whose format it fits. */
export interface PostalCode {
  /** As written, uppercase, one space at most: "10115", "SW1A 1AA", "01310-200". */
  code: string;
  /** ISO 3166-1 alpha-2 codes of the countries whose format the code fits (postcode-validator's). */
  countries: string[];
  /**
   * true for a shape few countries share (letters, a dash, a country prefix: "SW1A 1AA", "1012 JS",
   * "01310-200", "D-10115"); false for plain digits, which most countries use ("10115", "2000").
   */
  specific: boolean;
}

/** A place query split into what names places and what does not. */
export interface ParsedAddress {
  /** The parts that may name a place, in the order written, postal codes and streets taken out. */
  places: string[];
  postal: PostalCode | null;
  /** The street parts as written ("1600 Amphitheatre Parkway"), or null when none was recognized. */
  street: string | null;
}

// Countries postcode-validator knows; "UK" and "INTL" are its aliases, not countries.
const postalCountries = Object.values(CountryCode).filter(
  (code): code is CountryCode => code !== 'UK' && code !== 'INTL' && /^[A-Z]{2}$/.test(code),
);
const knownPostalCountries = new Set<string>(postalCountries);

/** Whether `code` can be a postal code of `country` (true for a country whose format is unknown). */
export function postalFits(code: PostalCode, country: string): boolean {
  return !knownPostalCountries.has(country) || code.countries.includes(country);
}

// "D-10115", "CH-8001", "F-75008": the old continental form, the prefix naming the country.
const prefixes: Record<string, string> = {
  A: 'AT',
  B: 'BE',
  CH: 'CH',
  CZ: 'CZ',
  D: 'DE',
  DK: 'DK',
  E: 'ES',
  F: 'FR',
  FI: 'FI',
  GR: 'GR',
  H: 'HU',
  HR: 'HR',
  I: 'IT',
  L: 'LU',
  LT: 'LT',
  LV: 'LV',
  N: 'NO',
  NL: 'NL',
  P: 'PT',
  PL: 'PL',
  S: 'SE',
  SE: 'SE',
  SI: 'SI',
  SK: 'SK',
};

interface Finder {
  pattern: RegExp;
  specific: boolean;
}

// Shapes of postal codes, most distinctive first. Letters are matched in capitals where lowercase
// would catch words (Irish Eircodes, Dutch codes); British and Canadian shapes are distinctive anyway.
const finders: Finder[] = [
  { pattern: /\b(?<prefix>[A-Z]{1,2})-(?<code>\d{3} ?\d{2}|\d{4,5})\b/, specific: true },
  { pattern: /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i, specific: true },
  { pattern: /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/i, specific: true },
  { pattern: /\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}\b/, specific: true },
  { pattern: /\b\d{4} ?[A-Z]{2}\b/, specific: true },
  { pattern: /\b\d{5}-\d{4}\b/, specific: true },
  { pattern: /\b\d{5}-\d{3}\b/, specific: true },
  { pattern: /\b\d{4}-\d{3}\b/, specific: true },
  { pattern: /\b\d{3}-\d{4}\b/, specific: true },
  { pattern: /\b\d{2}-\d{3}\b/, specific: true },
  { pattern: /\b\d{3} \d{2}\b/, specific: true },
  { pattern: /\b\d{4,6}\b/, specific: false },
];

interface Found {
  postal: PostalCode;
  /** The part without the code. */
  rest: string;
}

function findPostal(part: string): Found | null {
  for (const { pattern, specific } of finders) {
    const match = pattern.exec(part);
    if (!match) continue;
    const prefix = match.groups?.prefix;
    if (prefix !== undefined && !prefixes[prefix]) continue;
    const code = (match.groups?.code ?? match[0]).toUpperCase().replace(/\s+/g, ' ');
    const countries = prefix
      ? [prefixes[prefix]!]
      : postalCountries.filter((country) => postcodeValidator(code, country));
    if (countries.length === 0) continue;
    const rest = `${part.slice(0, match.index)} ${part.slice(match.index + match[0].length)}`
      .replace(/〒/g, ' ')
      .replace(/^[\s\-–,.]+|[\s\-–,.]+$/g, '')
      .replace(/\s+/g, ' ');
    return { postal: { code, countries, specific }, rest };
  }
  return null;
}

const streetWord =
  /\b(street|st|avenue|ave|av|road|rd|boulevard|blvd|lane|ln|drive|dr|way|place|pl|court|ct|square|sq|parkway|pkwy|highway|hwy|terrace|suite|ste|floor|fl|unit|building|bldg|rue|chemin|via|viale|piazza|corso|calle|carrer|avenida|rua|praca|straat|laan|plein|gracht|vej|gade|gata|gatan|gate|ulica|ul)\b|(strasse|str|gasse|weg|platz|allee|gatan|vagen|vegen|gade|straat|gracht|singel)\b/;

/** "1600 Amphitheatre Parkway", "Calle de Alcalá 50", "Dam 1": a street and its number. */
function isStreet(part: string): boolean {
  const folded = fold(part);
  if (!/\d/.test(folded) || !/\p{L}{2,}/u.test(folded)) return false;
  return streetWord.test(folded) || /^\d+[a-z]?\s+\p{L}/u.test(folded) || /\p{L}\s+\d+[a-z]?$/u.test(folded);
}

/**
 * Splits a typed place into street, postal code and place names: "Calle de Alcalá 50, 28014 Madrid"
 * → street "Calle de Alcalá 50", postal code 28014 (Spain's format among others), place "Madrid".
 * `isPlace` tells a place name (folded) from anything else: "10115 Berlin" is a postal code and a
 * city, "1600 Amphitheatre Parkway" a house number and a street.
 */
export function parseAddress(text: string, isPlace: (folded: string) => boolean): ParsedAddress {
  const parts = text
    // "São Paulo - SP", "Bela Vista – São Paulo": a spaced dash separates like a comma.
    .split(/[,;\n]|\s[-–—]\s/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => fold(part) || /〒/.test(part));
  const places: string[] = [];
  const streets: string[] = [];
  let postal: PostalCode | null = null;
  for (const part of parts) {
    const found = findPostal(part);
    if (found) {
      const rest = fold(found.rest);
      // Plain digits are a postal code beside a place ("10115 Berlin", "CA 94043") or alone;
      // before a street name they are a house number ("1600 Amphitheatre Parkway").
      const isCode = found.postal.specific || !rest || (isPlace(rest) && !streetWord.test(rest));
      if (isCode) {
        // The most distinctive code wins; of two alike, the later (nearer the city).
        if (!postal || found.postal.specific || !postal.specific) postal = found.postal;
        if (rest) places.push(found.rest);
        continue;
      }
    }
    if (isStreet(part) && !isPlace(fold(part))) streets.push(part);
    else places.push(part);
  }
  // A number alone beside a distinctive postal code is a house number ("Av. Paulista, 1578").
  return {
    places: places.filter((part) => !/^\d+[a-z]?$/i.test(part.trim())),
    postal,
    street: streets.length ? streets.join(', ') : null,
  };
}
