// The auth domain's public module for other domains: API keys (dashboard sign-in is app/'s).
export { type AuthenticatedKey, authenticateApiKey, touchApiKey } from './api-keys';
export { hasDashboardSession } from './dashboard-visitor';
