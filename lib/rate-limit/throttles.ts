// Every limit keyed by the one who asks, in one place (the README's table of limits follows it).
// The API's per-key limits are `defaultRateLimits` in index.ts.
import type { Throttle } from './throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const throttles = {
  /**
   * Dashboard password checks, wherever they come from (the sign-in form, next-auth's
   * /api/auth/callback/credentials). A client past its limit for one email is refused even with the
   * right password; the owner signing in from another client is not. There is no limit per email
   * alone: any number other clients could reach would lock the owner out.
   */
  dashboardPassword: {
    name: 'dashboard-password',
    perClient: [{ max: 50, windowMs: 15 * MINUTE }],
    perTarget: [{ max: 10, windowMs: 15 * MINUTE }],
  },
  /**
   * Password reset links asked for: each mails the address. Per client and address, as board mail
   * is: a limit per address alone would let a flood from many clients keep its owner out.
   */
  passwordReset: {
    name: 'password-reset',
    perClient: [{ max: 10, windowMs: 15 * MINUTE }],
    perTarget: [
      { max: 3, windowMs: 15 * MINUTE },
      { max: 6, windowMs: DAY },
    ],
  },
  /** Dashboard accounts created. */
  dashboardSignUp: { name: 'dashboard-sign-up', perClient: [{ max: 10, windowMs: HOUR }] },
  /**
   * Mails a board visitor has sent to an address: sign-in links and alert confirmations together,
   * every board together (one client could otherwise send 10 per board to one address). No limit
   * per board or per address alone: a flood from many clients would then refuse the victim.
   */
  boardMail: {
    name: 'board-mail',
    perClient: [{ max: 30, windowMs: 15 * MINUTE }],
    perTarget: [
      { max: 5, windowMs: 15 * MINUTE },
      { max: 10, windowMs: HOUR },
    ],
  },
  /** Applications made with the board's form, per board: each stores a resume and mails the job's contact. */
  boardApply: { name: 'board-apply', perClient: [{ max: 5, windowMs: 10 * MINUTE }] },
  /** Profile pictures a member uploads (the client here is the member): each one is processed and stored. */
  memberPicture: { name: 'member-picture', perClient: [{ max: 10, windowMs: HOUR }] },
  /** Resumes a member keeps on their profile (the client here is the member): each one is sniffed and stored. */
  memberResume: { name: 'member-resume', perClient: [{ max: 10, windowMs: HOUR }] },
  /** Jobs a member saves or unsaves (the client here is the member): cheap, but a write each. */
  savedJobs: { name: 'saved-jobs', perClient: [{ max: 60, windowMs: 10 * MINUTE }] },
  /** Beacons of the board's script (page views, custom events), per board. */
  beacon: { name: 'beacon', perClient: [{ max: 600, windowMs: MINUTE }] },
  /** Job pages counted by the server, per board. */
  jobView: { name: 'job-view', perClient: [{ max: 60, windowMs: MINUTE }] },
  /** Apply clicks counted by the server, per board. */
  applyClick: { name: 'apply-click', perClient: [{ max: 20, windowMs: MINUTE }] },
  /**
   * Visitors (address and user agent) a client may add to a board's count; past it, the client's
   * other browsers count as one visitor, so rotating user agents cannot inflate visitors.
   */
  newVisitor: { name: 'new-visitor', perClient: [{ max: 50, windowMs: DAY }] },
} as const satisfies Record<string, Throttle>;
