// The organizations domain's public module for other domains (its zod contract is schemas.ts).
export { appUrl, type BoardAddress, boardUrl, boardUrlFor, boardUrlOf } from './board-url';
export { type DomainResolver, setCustomDomain, toDomainOut, verifyCustomDomain } from './domain';
export { recheckDueDomains, startDomainTimer } from './domain-recheck';
export { frameAncestorSources } from './embed-origins';
export { DEFAULT_ACCENT, type ResolvedLook, resolveLook } from './look';
export { cachedOrganizationBySlug, createOrganization, getOrganizationBySlug } from './service';
