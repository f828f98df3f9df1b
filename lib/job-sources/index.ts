// The job sources domain's public module: ATS boards and XML feeds imported as jobs.
export { type Posting, parsePostings, SourceFormatError } from './parse';
export {
  countFailingJobSources,
  createJobSource,
  deleteJobSource,
  findJobSource,
  getJobSource,
  listJobSources,
  updateJobSource,
} from './service';
export { executeRun, type SyncOptions } from './sync';
export {
  kickJobSources,
  openDueRuns,
  requestSync,
  runJobSourceWorker,
  setJobSourceDispatch,
  startJobSourceTimer,
} from './worker';
