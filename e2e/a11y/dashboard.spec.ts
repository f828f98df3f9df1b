// The accessibility gate for every page outside the boards (issue 22): each state of
// dashboard-states.ts, signed out, then in a fresh organization, then once it has content.
import { expect, type Page, test } from '@playwright/test';
import { createKey, expectAccessible, screenshot, signUp } from '../helpers';
import { DASHBOARD_STATES, type Phase, type StateContext } from './dashboard-states';
import { seed } from './seed';

/** The states a screenshot is taken of, to look at: one of each kind. */
const SHOTS = new Set([
  '/sign-up · field errors',
  '/dashboard · with content',
  '/dashboard/jobs · with content',
  '/dashboard/jobs/[id] · edit form with applications',
  '/dashboard/webhooks · add dialog errors',
  '/dashboard/cms/[slug]/items/new · field errors',
  '/dashboard/payments · cancel subscription dialog open',
]);

/**
 * Visits every state of `phase`, each in a step named after its route and state. A failing state is
 * recorded and the next one still runs (each loads its own page), so one run lists every violation.
 */
async function visit(page: Page, phase: Phase, context: StateContext, failures: string[]): Promise<void> {
  for (const state of DASHBOARD_STATES.filter((candidate) => candidate.phase === phase)) {
    const label = `${state.route} · ${state.name}`;
    await test.step(label, async () => {
      try {
        await state.enter(page, context);
        await expectAccessible(page, { exclude: state.axeExclude });
        if (state.dialog) await expectFocusGuardsOutOfTree(page);
        if (SHOTS.has(label)) await screenshot(page, `a11y-${label.replace(/[^a-z0-9]+/gi, '-')}`);
      } catch (error) {
        failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Leave no dialog open for the next state's page load.
      if (state.dialog) await page.keyboard.press('Escape');
    });
  }
}

/**
 * With a modal dialog open, Radix's focus guards (tabbable spans at both ends of <body>, aria-hidden with
 * the rest of the page) make axe list `aria-hidden-focus` for review. They are harmless: Chromium keeps
 * them out of the accessibility tree, and focus that reaches one is sent back into the dialog.
 */
async function expectFocusGuardsOutOfTree(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-radix-focus-guard]')).toHaveCount(2);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-radix-focus-guard]',
    });
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const axNode = nodes.find((candidate) => candidate.backendDOMNodeId === node.backendNodeId);
      // Absent from the tree, or present but ignored: either way no assistive technology meets it.
      expect(axNode?.ignored ?? true, 'a focus guard in the accessibility tree').toBe(true);
    }
  } finally {
    await cdp.detach();
  }
}

// Two tests, which may run side by side: one walk through every state took 9 minutes on a busy CI
// machine, near any timeout worth having.
test.describe.configure({ mode: 'parallel' });

/** A page set up for the gate: short waits for a state, the usual ones for a load. */
function gatePage(page: Page): void {
  // A state that cannot be reached fails in seconds, not at the test's timeout.
  page.setDefaultTimeout(15_000);
  // Page loads keep the usual allowance: a busy CI machine can be slow to serve one.
  page.setDefaultNavigationTimeout(60_000);
  // Error states leave forms with unsaved changes: leave them when the next state loads its page.
  page.on('dialog', (dialog) => (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
}

test('every page outside the boards passes axe in every state, signed out and in a fresh organization', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const context: StateContext = { request, key: '', ids: {} };
  gatePage(page);
  const failures: string[] = [];
  await visit(page, 'signed-out', context, failures);
  await signUp(page, { board: 'Gate Careers' });
  await visit(page, 'empty', context, failures);
  expect(failures, 'states that failed').toEqual([]);
});

test('every page outside the boards passes axe in every state, in an organization with content', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const context: StateContext = { request, key: '', ids: {} };
  gatePage(page);
  const failures: string[] = [];
  await signUp(page, { board: 'Gate Content' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;
  context.key = await createKey(page);
  context.ids = await seed(page, browser, request, context.key, base, baseURL!);
  await visit(page, 'seeded', context, failures);
  expect(failures, 'states that failed').toEqual([]);
});
