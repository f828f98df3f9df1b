// The jobs domain's public module: other domains import jobs from here, and app/ does too.

export {
  applyToJobs,
  type BulkJobAction,
  type BulkJobsResult,
  bulkJobActions,
  listStatusMoves,
} from './bulk';
export { descriptionHtml } from './description';
export {
  amountOf,
  blankToNull,
  inputText,
  type JobFormFields,
  type JobFormText,
  jobBodyFromText,
  jobFormFields,
  jobFormText,
} from './job-form';
export { jobCountsByLocation, listLocationsWithJobCounts } from './location-counts';
export {
  closeMemberJob,
  editGoesToReview,
  editMemberJob,
  findMemberJob,
  type MemberEditOutcome,
  memberMayEdit,
} from './member-jobs';
export {
  countJobsWithStatus,
  getJob,
  getJobBySlug,
  JOB_READ_CACHE,
  jobsOfMember,
  listJobs,
  type MemberJob,
} from './queries';
export {
  annualizedRows,
  annualSalary,
  boardSalaryCurrency,
  boardSalaryCurrencySql,
  clearSalaryCurrencyCache,
  currencySpellings,
  dominantCurrency,
  jobSalary,
  plausibleAnnual,
  publishesSalary,
  type SalaryColumns,
  salaryAtLeast,
} from './salary';
export {
  listSavedJobs,
  SAVED_JOBS_PAGE_SIZE,
  type SavedJobItem,
  savedJobIds,
  saveJob,
  unsaveJob,
} from './saved-jobs';
export { MAX_SALARY_FILTER, PLAUSIBLE_ANNUAL_SALARY } from './schemas';
export { locationMatch, type SearchedJob, type SearchTerms, textMatch } from './search';
export { jobPageUrl, toJobOut } from './serialize';
export { listSimilarJobs } from './similar';
export { allowedStatusMoves, effectiveStatus, isLive, liveJobCondition } from './status';
export {
  type BoardPoster,
  createJob,
  deleteJob,
  settlePaidJob,
  type UpdateJobOptions,
  updateJob,
} from './writes';
