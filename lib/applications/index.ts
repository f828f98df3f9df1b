// The applications domain's public module for other domains (its zod contract is schemas.ts).
export { type ApplyTarget, applyTarget } from './apply-target';
export { type ApplyContext, submitBoardApplication } from './board-apply';
export { checkResumeLink, privateFiles, resumeLink } from './resume';
export {
  applicationsOfMember,
  createApplication,
  linkApplicationsByEmail,
  type StoredResume,
} from './service';
