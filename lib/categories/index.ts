// The categories domain's public module for other domains (its zod contract is schemas.ts).
export { expandCategoryRefs, findOrCreateCategory, toCategoryRef } from './service';
