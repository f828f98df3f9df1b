// The media domain's public module for other domains.
export { cdnBaseUrl } from './urls';
