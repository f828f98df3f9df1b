// The gazetteer's street addresses and postal codes: the city they lie in.
import { type ParsedAddress, type PostalCode, postalFits } from './address';
import { type GazetteerData, gazetteerData } from './gazetteer-data';
import {
  citiesOf,
  countryOf,
  distanceKm,
  type Match,
  matchPlaces,
  type Place,
  qualifier,
} from './gazetteer-match';
import { cityCandidate, rank } from './gazetteer-rank';
import type { PostalPlace } from './gazetteer-tables';
import { fold } from './normalize';
import type { GeoCandidate, GeocodeResult, GeoQuery } from './types';

// A US or Canadian postal code confirms a namesake of its city this close to the code's centre.
const POSTAL_NEAR_KM = 40;

/** The centre of a US ZIP code or a Canadian postal code (zipcodes knows no other country's). */
function lookupPostal(
  data: GazetteerData,
  postal: PostalCode,
  country: string | undefined,
): PostalPlace | null {
  const us = postal.countries.includes('US') && (!country || country === 'US');
  const ca = postal.countries.includes('CA') && (!country || country === 'CA');
  if (!us && !ca) return null;
  return data.postalCodes.lookup(us ? postal.code.slice(0, 5) : postal.code) ?? null;
}

/**
 * The city a point belongs to: a namesake of `name` nearby, else the place that best combines
 * size and closeness (a downtown postal code belongs to the big city, not the next suburb).
 */
export function cityNear(
  latitude: number,
  longitude: number,
  countryCode: string,
  name?: string,
): GeoCandidate | null {
  const data = gazetteerData();
  const { cities } = data;
  const folded = name ? fold(name.replace(/\(.*\)/, '')) : '';
  let best = -1;
  let bestScore = 0;
  for (let city = 0; city < cities.length; city++) {
    if (cities.countryCode(city) !== countryCode) continue;
    const km = distanceKm(latitude, longitude, cities.latitude(city), cities.longitude(city));
    if (km > 30) continue;
    const score = (fold(cities.name(city)) === folded ? 1e12 : 0) + cities.population(city) / (1 + km) ** 2;
    if (score > bestScore) {
      best = city;
      bestScore = score;
    }
  }
  return best >= 0 ? cityCandidate(data, cities.at(best), 'high', null) : null;
}

/**
 * A postal code alone, or beside names the gazetteer does not know: the city at a US or Canadian
 * code's centre. Certain ("high") when the code's shape is its country's alone (Canada's, ZIP+4), the
 * query's country or a state written beside it agrees; plain five digits are many countries' codes.
 */
function postalOnly(
  data: GazetteerData,
  query: GeoQuery,
  postal: PostalCode,
  names: string[],
  fullAddress: string | null,
): GeocodeResult {
  const found = lookupPostal(data, postal, query.country);
  const city = found && cityNear(found.latitude, found.longitude, found.country, found.city);
  if (!found || !city) return { candidates: [], ambiguous: false };
  const stateAgrees = names.some((name) =>
    [...(qualifier(data, name)?.states ?? [])].some((index) => {
      const state = data.states[index]!;
      return (
        state.countryCode === found.country && (state.code === found.state || state.name === found.state)
      );
    }),
  );
  const certain = postal.countries.length === 1 || query.country === found.country || stateAgrees;
  return {
    candidates: [{ ...city, full_address: fullAddress, confidence: certain ? 'high' : 'low' }],
    ambiguous: false,
  };
}

// A district named before its city lies this close to the city's centre.
const DISTRICT_KM = 25;

const biggest = (data: GazetteerData, match: Match) =>
  match.places
    .map((place) => data.cities.at((place as { index: number }).index))
    .reduce((a, b) => (b.population > a.population ? b : a));

/** Whether `outer` names a bigger city around the biggest city `inner` names. */
function encloses(data: GazetteerData, outer: Match, inner: Match): boolean {
  const city = biggest(data, outer);
  const district = biggest(data, inner);
  return (
    city.population > district.population &&
    distanceKm(city.latitude, city.longitude, district.latitude, district.longitude) < DISTRICT_KM
  );
}

// A section of a city lies this close to the city's centre.
const SECTION_KM = 10;

/** The city a section belongs to ("Pyrmont NSW 2009" is in Sydney): the biggest one around it. */
function cityOfSection(data: GazetteerData, place: Place): Place {
  const { cities } = data;
  if (place.kind !== 'city' || !cities.section(place.index)) return place;
  const section = cities.at(place.index);
  let best = place;
  let population = section.population;
  for (let city = 0; city < cities.length; city++) {
    if (cities.section(city) || cities.countryCode(city) !== section.countryCode) continue;
    if (cities.population(city) <= population) continue;
    const km = distanceKm(cities.latitude(city), cities.longitude(city), section.latitude, section.longitude);
    if (km > SECTION_KM) continue;
    best = { kind: 'city', index: city };
    population = cities.population(city);
  }
  return best;
}

/**
 * A street address or a postal code with its city ("Calle de Alcalá 50, 28014 Madrid", "10115
 * Berlin", "1600 Amphitheatre Parkway, Mountain View, CA 94043"): the city, found by its name and
 * qualifiers, among the countries whose format the postal code fits; a US or Canadian code picks
 * the namesake around its centre and rules out the others of its country.
 */
export function searchAddress(
  data: GazetteerData,
  query: GeoQuery,
  parsed: ParsedAddress,
  text: string,
): GeocodeResult {
  const names = parsed.places.map(fold).filter(Boolean);
  const fullAddress = parsed.street ? text : null;
  let match: Match | null = null;
  // The first name that its following parts qualify ("Bela Vista, São Paulo, SP" is São Paulo's),
  // unless a later one names the bigger city around it ("Cuauhtémoc, Ciudad de México": a borough).
  for (let i = 0; i < names.length; i++) {
    const found = citiesOf(matchPlaces(data, names.slice(i), query.country, false));
    if (!found.places.length || found.qualifiersIgnored) continue;
    if (!match || encloses(data, found, match)) match = found;
  }
  // Else the last city named, its qualifiers ignored.
  for (let i = names.length - 1; i >= 0 && !match; i--) {
    const found = citiesOf(matchPlaces(data, names.slice(i), query.country, false));
    if (found.places.length) match = found;
  }
  const postal = parsed.postal;
  if (!match) {
    const byCode = postal ? postalOnly(data, query, postal, names, fullAddress) : null;
    if (byCode?.candidates.length) return byCode;
    // No city at all: a state or country the address names, for what it is worth.
    const region = names.length ? matchPlaces(data, names.slice(-1), query.country, false) : null;
    if (!region?.places.length) return { candidates: [], ambiguous: false };
    return rank(data, { ...region, qualifiersIgnored: true }, query.limit, { address: true, fullAddress });
  }
  let places = match.places.map((place) => cityOfSection(data, place));
  let contradicted = false;
  if (postal) {
    const fitting = places.filter((place) => postalFits(postal, countryOf(data, place)));
    if (fitting.length) places = fitting;
    else contradicted = true;
    const found = lookupPostal(data, postal, query.country);
    if (found) {
      const near = places
        .map((place) => ({ place, city: data.cities.at((place as { index: number }).index) }))
        .filter(({ city }) => city.countryCode === found.country)
        .map(({ place, city }) => ({
          place,
          km: distanceKm(found.latitude, found.longitude, city.latitude, city.longitude),
        }))
        .filter(({ km }) => km <= POSTAL_NEAR_KM)
        .sort((a, b) => a.km - b.km);
      if (near.length) places = [near[0]!.place];
      else {
        // The code is another city's: none of its country's namesakes is meant ("10115 Berlin").
        const elsewhere = places.filter((place) => countryOf(data, place) !== found.country);
        if (elsewhere.length) places = elsewhere;
        else contradicted = true;
      }
    }
  }
  return rank(
    data,
    { ...match, places, qualifiersIgnored: match.qualifiersIgnored || contradicted },
    query.limit,
    { address: true, fullAddress },
  );
}
