// The analytics domain's public module: privacy-first visitor events of the boards.
export { collectEvent, MAX_EVENT_BYTES, parseCollectBody } from './collect';
export {
  boardPath,
  flushEvents,
  PAGEVIEW,
  runAnalyticsWorker,
  type ServerEvent,
  startAnalyticsWriter,
  type Tracked,
  trackEvent,
  type Visit,
} from './ingest';
export { jobAnalytics, timezoneOf } from './query';
export { pruneEvents } from './retention';
export { rollUpDays } from './rollup';
export {
  analyticsSettingsSchema,
  getAnalyticsSettings,
  putAnalyticsSettings,
  putAnalyticsSettingsBodySchema,
} from './settings';
export { siteAnalytics } from './site';
export { resetSaltCache, saltOfDay, visitorHash } from './visitor';
