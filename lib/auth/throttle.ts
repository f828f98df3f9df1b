import { CredentialsSignin } from 'next-auth';
import { minutesUntil, throttle, throttles } from '@/lib/rate-limit';

/**
 * A password check refused by `throttles.dashboardPassword`. next-auth's route answers it with
 * `error=CredentialsSignin&code=too_many_attempts`; the sign-in form says how long to wait.
 */
export class TooManySignInAttempts extends CredentialsSignin {
  code = 'too_many_attempts';

  constructor(readonly minutes: number) {
    super();
  }
}

/** Counts a password check of `email` from `client`, and refuses it past the limits before any password is read. */
export async function throttlePasswordCheck(client: string, email: string): Promise<void> {
  const refused = await throttle(throttles.dashboardPassword, { client, target: email });
  if (refused) throw new TooManySignInAttempts(minutesUntil(refused.reset));
}

/** Counts an account created from `client`; answers the minutes to wait past the limit, else null. */
export async function throttleSignUp(client: string): Promise<number | null> {
  const refused = await throttle(throttles.dashboardSignUp, { client });
  return refused ? minutesUntil(refused.reset) : null;
}

/** Counts a reset link asked from `client` for `email`; answers the minutes to wait past the limit, else null. */
export async function throttlePasswordReset(client: string, email: string): Promise<number | null> {
  const refused = await throttle(throttles.passwordReset, { client, target: email });
  return refused ? minutesUntil(refused.reset) : null;
}

/** What a form says to a client past one of these limits. */
export const tooManyAttempts = (minutes: number) =>
  `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
