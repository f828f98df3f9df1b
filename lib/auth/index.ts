// The auth domain's public module for other domains: API keys, and who is on a team (dashboard
// sign-in is app/'s).
export { type AuthenticatedKey, authenticateApiKey, touchApiKey } from './api-keys';
export { hasDashboardSession } from './dashboard-visitor';
export { emailsOfTeammatesFor, noticeSettingsLink } from './team';
