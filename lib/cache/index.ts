// Caching's public module: the per-organization revision every cache of derived answers keys on,
// and the store that shares entries between instances.
export { BoundedMap } from './bounded-map';
export { CACHE_STATUS_HEADER, cacheStatus } from './cache-status';
export { type AuthenticatedKey, keyCacheFor, organizationCacheFor } from './feed-cache';
export { bumpRevision, type JobChange, organizationChanged, revisionBumpCte } from './organization-revision';
export { type CacheOutcome, RevisionCache, type RevisionKey } from './revision-cache';
export { type Codec, SharedAnswers } from './shared-answers';
export { frame, resetSharedStores, type SharedStore, sharedStore, unframe } from './shared-store';
