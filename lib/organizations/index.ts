// The organizations domain's public module for other domains (its zod contract is schemas.ts).
export { createOrganization, getOrganizationBySlug } from './service';
