// The media domain's public module for other domains.

export { createAsset } from './service';
export { LocalDiskStorage } from './storage/local';
export { cdnBaseUrl, cdnUrlFor } from './urls';
