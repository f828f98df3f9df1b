// The jobs domain's public module: other domains and app/ import jobs from here.
export { getJob, JOB_READ_CACHE, listJobs } from './queries';
export { toJobOut } from './serialize';
export { allowedStatusMoves, effectiveStatus, isLive, liveJobCondition } from './status';
export { createJob, deleteJob, updateJob } from './writes';
