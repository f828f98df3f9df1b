// The geo domain's public module for other domains.
export { jobPin, locationDisplayName } from './service';
