// Caching's public module: the per-organization revision every cache of derived answers keys on.
export { type AuthenticatedKey, keyCacheFor, organizationCacheFor } from './feed-cache';
export { bumpRevision, organizationChanged } from './organization-revision';
export { RevisionCache, type RevisionKey } from './revision-cache';
