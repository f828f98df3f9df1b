// The media domain's public module for other domains.

export { hostedImageAlts } from './alt-text';
export { hostedImagePng } from './hosted-image';
export { createAsset, forgetMemberPicture, storeMemberPicture } from './service';
export { LocalDiskStorage } from './storage/local';
export { cdnBaseUrl, cdnUrlFor } from './urls';
