// The board's server actions called with arguments no form of the board sends: a 404 (Next's
// notFound), never a 500 from the first line that trusted them.
import { describe, expect, it } from 'vitest';
import { saveProfileAction, signOutAction } from './account/actions';
import { expectForm, expectIds } from './action-input';
import { confirmAlertAction, createAlertAction, unsubscribeAction } from './alerts/actions';
import { payAction } from './checkout/[session]/actions';
import { applyAction } from './jobs/[slug]/actions';
import { closeJobAction, editJobAction, postJobAction } from './post-a-job/actions';
import { buyPlanAction } from './pricing/actions';
import { requestSignInAction, signInWithCodeAction, signInWithLinkAction } from './sign-in/actions';

/** What a refused call threw: Next's 404 digest. */
async function refusal(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return String((error as { digest?: string }).digest);
  }
  return 'nothing thrown';
}

const NOT_FOUND = 'NEXT_HTTP_ERROR_FALLBACK;404';
const form = new FormData();
// Cast as an attacker's call is: the types say what the forms send, not what arrives.
const anyArgs = (action: (...args: never[]) => Promise<unknown>) =>
  action as (...args: unknown[]) => Promise<unknown>;

describe('board server actions', () => {
  it.each([
    ['createAlertAction', createAlertAction, ['acme', 1e308, -1]],
    ['requestSignInAction', requestSignInAction, [{ board: 'acme' }, 42, []]],
    ['signInWithCodeAction', signInWithCodeAction, ['acme', null, 'not a form']],
    ['signInWithLinkAction', signInWithLinkAction, ['acme', null, 7]],
    ['confirmAlertAction', confirmAlertAction, ['acme', true]],
    ['unsubscribeAction', unsubscribeAction, ['acme']],
    ['applyAction', applyAction, ['acme', 'a\u0000b', null, form]],
    ['applyAction (lone surrogate)', applyAction, ['acme', '\ud800', null, form]],
    ['saveProfileAction', saveProfileAction, ['acme', null, 'x']],
    ['signOutAction', signOutAction, [['acme'], form]],
    ['postJobAction', postJobAction, ['x'.repeat(10_000), null, form]],
    ['editJobAction', editJobAction, ['acme', 5, null, form]],
    ['closeJobAction', closeJobAction, ['acme', { id: 'x' }]],
    ['buyPlanAction', buyPlanAction, ['acme', undefined]],
    ['payAction', payAction, ['acme', 1]],
  ] as const)('%s answers garbage with a 404', async (_name, action, args) => {
    expect(await refusal(() => anyArgs(action)(...args))).toBe(NOT_FOUND);
  });

  it('lets what the forms send through the checks', () => {
    expect(() => expectIds('acme', 'senior-engineer-1')).not.toThrow();
    expect(() => expectForm(new FormData())).not.toThrow();
  });
});
