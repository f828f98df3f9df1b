// The media domain's public module for other domains.

export { createAsset, forgetMemberPicture, storeMemberPicture } from './service';
export { LocalDiskStorage } from './storage/local';
export { cdnBaseUrl, cdnUrlFor } from './urls';
