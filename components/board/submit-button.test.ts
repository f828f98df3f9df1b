// @vitest-environment happy-dom
// The Pay button and its kin while their form is on its way: disabled, saying so, and announced.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

it('takes no second press while the form is being sent, and says what it is doing', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let sends = 0;
  let finish = () => {};
  const action = () => {
    sends += 1;
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  };
  const pay = { className: 'board-button', pendingLabel: 'Paying…' } as Parameters<typeof SubmitButton>[0];
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      createElement(
        'form',
        { action },
        // createElement takes children after the props, which its types cannot see.
        createElement(SubmitButton, pay, 'Pay $49'),
      ),
    ),
  );
  const button = host.querySelector('button')!;
  const live = host.querySelector('[aria-live="polite"]')!;
  expect([button.textContent, button.disabled, live.textContent]).toEqual(['Pay $49', false, '']);

  await act(async () => {
    button.click();
  });
  expect([button.textContent, button.disabled, live.textContent]).toEqual(['Paying…', true, 'Paying…']);
  await act(async () => {
    button.click();
  });
  expect(sends).toBe(1);

  await act(async () => finish());
  expect([button.textContent, button.disabled]).toEqual(['Pay $49', false]);
  await act(async () => root.unmount());
});
