// The jobs domain's public module: other domains import jobs from here, and app/ does too.

export { descriptionHtml } from './description';
export { jobCountsByLocation, listLocationsWithJobCounts } from './location-counts';
export {
  closeMemberJob,
  editMemberJob,
  type MemberEditOutcome,
  memberEditableStatuses,
  memberJobFields,
} from './member-jobs';
export { getJob, getJobBySlug, JOB_READ_CACHE, jobsOfMember, listJobs, type MemberJob } from './queries';
export { jobPageUrl, toJobOut } from './serialize';
export { allowedStatusMoves, effectiveStatus, isLive, liveJobCondition } from './status';
export { type BoardPoster, createJob, deleteJob, settlePaidJob, updateJob } from './writes';
