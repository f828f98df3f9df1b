// The geo domain's public module for other domains.
export { jobPin, listLocations, locationDisplayName, toLocationOut } from './service';
