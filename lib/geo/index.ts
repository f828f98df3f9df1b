// The geo domain's public module for other domains.

export { regionNameByCode } from './gazetteer';
export { remoteCandidate } from './remote';
export { countryName, remoteAreaCountries } from './remote-areas';
export { jobPin, listLocations, locationSummary, toLocationOut } from './service';
export { type StreetAddress, streetAddressIn } from './street-address';
