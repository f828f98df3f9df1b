// The street and postal code a job's location text gives beyond its place ("1600 Amphitheatre
// Parkway, Mountain View, CA 94043" filed under Mountain View), for JobPosting and the Indeed feed.
// The job's location is what tells place names from street names here: no gazetteer is loaded.
import { type ParsedAddress, parseAddress, postalFits } from './address';
import { fold } from './normalize';

export interface KnownPlace {
  city: string | null;
  state: string | null;
  stateCode: string | null;
  country: string | null;
  countryCode: string | null;
}

export interface StreetAddress {
  streetAddress: string | null;
  postalCode: string | null;
}

/** The street and postal code in `text` inside `place`; nulls for what it does not give. */
export function streetAddressIn(text: string | null, place: KnownPlace): StreetAddress {
  if (!text || !/\d/.test(text)) return { streetAddress: null, postalCode: null };
  const names = new Set(
    [place.city, place.state, place.stateCode, place.country, place.countryCode]
      .filter((name): name is string => !!name)
      .map(fold),
  );
  // A part is a place when it is made of the place's names ("Mountain View", "CA", "Berlin Germany").
  const isPlace = (folded: string) =>
    names.has(folded) || [...names].some((name) => folded.startsWith(`${name} `));
  const parsed: ParsedAddress = parseAddress(text, isPlace);
  const postal =
    parsed.postal && (!place.countryCode || postalFits(parsed.postal, place.countryCode.toUpperCase()))
      ? parsed.postal.code
      : null;
  return { streetAddress: parsed.street, postalCode: postal };
}
