// The applications domain's public module for other domains (its zod contract is schemas.ts).
export { type ApplyTarget, applyTarget } from './apply-target';
export {
  type ApplyContext,
  type Resume,
  readResume,
  submitBoardApplication,
  submitProfileApplication,
} from './board-apply';
export { deleteRemovedResumes, startRemovedResumeTimer } from './removed-resumes';
export { checkResumeLink, privateFiles, resumeLink } from './resume';
export {
  type Applicant,
  addNote,
  applicantsOfJob,
  applicationCounts,
  applicationInbox,
  applicationPages,
  countNewApplications,
  deleteNote,
  getApplicant,
  type InboxCard,
  type InboxFilters,
  listNotes,
  type NoteOut,
  otherApplicationsOf,
  PIPELINE_LIMIT,
  type PipelineCard,
  setRating,
} from './review';
export {
  allowedApplicationMoves,
  applicationsOfMember,
  type BulkMoveResult,
  createApplication,
  getApplication,
  linkApplicationsByEmail,
  listApplications,
  moveApplications,
  type StoredResume,
  updateApplicationStatus,
} from './service';
export {
  defaultMailTemplates,
  fillTemplate,
  listMailTemplates,
  type MailTemplate,
  saveMailTemplate,
} from './status-mail';
