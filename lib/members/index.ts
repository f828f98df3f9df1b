// The members domain's public module.

export { pendingEmployers } from './pending';
export { removeMemberResume, saveMemberContact, setMemberResume } from './profile';
export {
  createMember,
  deleteMember,
  findMember,
  findMemberByEmail,
  getMemberProfile,
  listMembers,
  MAX_PICTURE_BYTES,
  setMemberPicture,
  toMemberOut,
  updateMember,
} from './service';
export {
  createMemberSession,
  MEMBER_COOKIE,
  memberCookie,
  memberForSession,
  revokeAllMemberSessions,
  revokeMemberSession,
  SESSION_TTL_MS,
} from './sessions';
export { MAX_WRONG_CODES, requestSignIn, SIGN_IN_TTL_MS, signInWithCode, signInWithLink } from './sign-in';
