import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, createKey, screenshot, signUp } from '../helpers';

// Issue 22's keyboard gate, one test per main form: every control is reached by Tab in the order
// it is seen, each shows a focus indicator of at least 3:1 against what is behind it, Enter
// submits, and a refused submit moves focus to the error summary.

interface FocusStop {
  name: string;
  top: number;
  left: number;
  right: number;
  /** Contrast of the outline against the background behind the element, or 0 without one. */
  ringContrast: number;
  /** Focus is in a part of the control the browser draws (see focusStop). */
  inBrowserPart: boolean;
}

/** What has focus now, where it is, and how visible its focus indicator is. */
function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // Chromium's date inputs have a Tab stop inside their closed shadow tree (the calendar button):
    // the input stays the active element without matching :focus, and the browser draws that ring.
    const inBrowserPart = !element.matches(':focus');
    // Computed colours keep the theme's oklch(): a canvas turns any CSS colour into sRGB bytes.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (value: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = value;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: a / 255 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    // The indicator is the element's outline, or its wrapper's for a control drawn inside one (the
    // rich-text editor's area). Transitions (Tailwind's transition-colors moves outline-color) are
    // finished first, so the colour measured is the one that stays.
    const ringed = [element, element.parentElement, element.parentElement?.parentElement].find((node) => {
      if (!node) return false;
      for (const animation of node.getAnimations()) animation.finish();
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    });
    let ringContrast = 0;
    if (ringed) {
      // The outline is drawn outside (outline-offset): behind it is the nearest opaque background.
      let backdrop = { r: 255, g: 255, b: 255, a: 1 };
      for (let node = ringed.parentElement; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color.a >= 0.99) {
          backdrop = color;
          break;
        }
      }
      const outline = rgba(getComputedStyle(ringed).outlineColor);
      const [light, dark] = [luminance(outline), luminance(backdrop)].sort((x, y) => y - x);
      ringContrast = (light! + 0.05) / (dark! + 0.05);
    }
    // Where the element is laid out, whatever any scrolling container (a dialog) has scrolled.
    const box = element.getBoundingClientRect();
    let scrolledY = window.scrollY;
    let scrolledX = window.scrollX;
    for (let node = element.parentElement; node; node = node.parentElement) {
      scrolledY += node.scrollTop;
      scrolledX += node.scrollLeft;
    }
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent?.trim().slice(0, 40) ??
      element.tagName;
    return {
      name: name.trim(),
      top: box.top + scrolledY,
      left: box.left + scrolledX,
      right: box.right + scrolledX,
      ringContrast,
      inBrowserPart,
    };
  });
}

/**
 * Tabs from `start` through every control of `scope` and checks each stop: focus visible at 3:1 and
 * visual order (down the page, left to right within a row, then the next column). Answers the names in the order reached.
 */
async function tabThrough(page: Page, start: Locator, scope: Locator, count: number): Promise<string[]> {
  await start.focus();
  const names: string[] = [];
  let previous: FocusStop | null = null;
  for (let step = 0; step < count; step++) {
    const stop = await focusStop(page);
    // Past the page's last control, focus leaves the document for the browser's own controls.
    if (!stop) break;
    const inScope = await scope.evaluate((root) => root.contains(document.activeElement));
    if (!inScope) break;
    if (!stop.inBrowserPart) {
      expect(stop.ringContrast, `focus ring on "${stop.name}"`).toBeGreaterThanOrEqual(3);
    }
    const sameControl =
      stop.inBrowserPart ||
      (previous && previous.name === stop.name && previous.top === stop.top && previous.left === stop.left);
    if (previous && !sameControl) {
      // Down the page, right along a row, or up to the top of a column further right (a side panel).
      const sameRow = Math.abs(stop.top - previous.top) < 12;
      expect(
        sameRow ? stop.left > previous.left : stop.top > previous.top || stop.left >= previous.right,
        `"${stop.name}" comes after "${previous.name}" in the tab order but not on the page`,
      ).toBe(true);
    }
    // A date input's segments are Tab stops of one control: counted once.
    if (!sameControl) names.push(stop.name);
    previous = stop;
    await page.keyboard.press('Tab');
  }
  return names;
}

/** The error summary has focus and says what went wrong. */
async function expectSummaryFocused(page: Page, text: RegExp) {
  const summary = page.getByRole('alert').filter({ hasText: text });
  await expect(summary).toBeFocused();
}

test.describe('keyboard', () => {
  test('the dashboard sign-in form', async ({ page }) => {
    const email = `keys-${Date.now()}@example.com`;
    await signUp(page, { board: 'Keyboard Board', email, password: 'correct horse battery' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);

    const form = page.locator('form').filter({ has: page.getByLabel('Password') });
    const stops = await tabThrough(page, page.getByLabel('Email'), form, 10);
    expect(stops[0]).toMatch(/Email/);
    expect(stops).toContainEqual(expect.stringMatching(/Password/));
    expect(stops.at(-1)).toMatch(/Sign in/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByLabel('Password').press('Enter');
    await expectSummaryFocused(page, /Wrong email or password/);
    await screenshot(page, 'a11y-keyboard-sign-in-error');

    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the skip link is the first stop and lands on the page content', async ({ page }) => {
    await signUp(page, { board: 'Skip Board' });
    await page.goto('/dashboard/jobs/new');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    expect((await focusStop(page))!.ringContrast).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'a11y-keyboard-skip-link');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // Past the navigation: the first stop is in the page's content, not the sidebar's links.
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('the job form', async ({ page }) => {
    await signUp(page, { board: 'Keyboard Jobs' });
    await page.goto('/dashboard/jobs/new');
    const form = page.locator('main form');
    const stops = await tabThrough(page, page.getByLabel('Title', { exact: true }), form, 60);
    for (const label of [/Title/, /Company name/, /Salary minimum/, /Status/, /Create job/]) {
      expect(stops).toContainEqual(expect.stringMatching(label));
    }
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('required', '');
    await expect(page.getByLabel('Company name')).toHaveAttribute('required', '');
    await expect(page.getByTestId('description-editor')).toHaveAttribute('aria-required', 'true');

    // Enter in a field submits; the refusal takes focus and links to each field it names.
    await page.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectSummaryFocused(page, /Some fields need attention/);
    const summary = page.getByRole('alert').filter({ hasText: /Some fields need attention/ });
    await expect(summary.getByRole('link', { name: 'Company name' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-describedby', 'company_name-error');
    await screenshot(page, 'a11y-keyboard-job-form-error');
    await summary.getByRole('link', { name: 'Company name' }).press('Enter');
    await expect(page.getByLabel('Company name')).toBeFocused();

    await page.getByLabel('Title', { exact: true }).fill('Keyboard Engineer');
    await page.getByLabel('Company name').fill('Tab & Co');
    await page.getByTestId('description-editor').fill('Everything by keyboard.');
    await page.getByLabel('Company name').press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/jobs$/);
    await expect(page.getByRole('link', { name: 'Keyboard Engineer' })).toBeVisible();
  });

  test('the page and blog post editor', async ({ page }) => {
    await signUp(page, { board: 'Keyboard Pages' });
    await page.goto('/dashboard/pages/new');
    const column = page
      .locator('main')
      .getByLabel('Title')
      .locator('xpath=ancestor::div[contains(@class,"min-w-0")][1]');
    const stops = await tabThrough(page, page.getByLabel('Title', { exact: true }), column, 40);
    expect(stops[0]).toMatch(/Title/);
    expect(stops).toContainEqual(expect.stringMatching(/Write|Bold|Formatting|Content/));
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectSummaryFocused(page, /.+/);
    await screenshot(page, 'a11y-keyboard-page-error');

    await page.getByLabel('Title', { exact: true }).fill('About our board');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/pages\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('save-state')).toHaveText(/Saved|All changes saved/);
  });

  test('a collection item form', async ({ page, request }) => {
    await signUp(page, { board: 'Keyboard Items' });
    const key = await createKey(page);
    await api(request, key, 'post', '/cms', {
      slug: 'events',
      name: 'Events',
      schema: [
        { name: 'title', type: 'text', required: true },
        { name: 'city', type: 'select', options: ['Oslo', 'Bergen'] },
        { name: 'seats', type: 'number' },
      ],
    });
    await page.goto('/dashboard/cms/events/items/new');
    const form = page.locator('main form');
    const title = form.getByLabel(/^title/i);
    const stops = await tabThrough(page, title, form, 30);
    expect(stops[0]).toMatch(/title/i);
    expect(stops).toContainEqual(expect.stringMatching(/seats/i));
    await expect(title).toHaveAttribute('aria-required', 'true');

    await form.getByLabel(/^seats/i).fill('12');
    await form.getByLabel(/^seats/i).press('Enter');
    await expectSummaryFocused(page, /need attention/);
    await screenshot(page, 'a11y-keyboard-item-error');

    await title.fill('Oslo open evening');
    await title.press('Enter');
    await expect(page.getByTestId('saved')).toBeVisible();
  });

  test('the webhook form', async ({ page }) => {
    await signUp(page, { board: 'Keyboard Hooks' });
    await page.goto('/dashboard/webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Endpoint URL')).toBeFocused();
    const stops = await tabThrough(page, dialog.getByLabel('Endpoint URL'), dialog.locator('form'), 40);
    expect(stops[0]).toMatch(/Endpoint URL/);
    expect(stops.at(-1)).toMatch(/Add webhook/);
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('aria-describedby', 'webhook-url-hint');

    await dialog.getByLabel('Endpoint URL').fill('not a url');
    await dialog.getByLabel('Endpoint URL').press('Enter');
    await expectSummaryFocused(page, /.+/);
    await screenshot(page, 'a11y-keyboard-webhook-error');

    await dialog.getByLabel('Endpoint URL').fill('https://hooks.example.com/keyboard');
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByLabel('Endpoint URL').press('Enter');
    await expect(dialog.getByTestId('webhook-secret')).toBeVisible();
  });
});

/** The accessible name of what has focus now. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

// The editor's toolbar is one Tab stop (the WAI-ARIA toolbar pattern), not twenty: arrow keys move
// inside it. Reflow at 320 px is e2e/reflow.spec.ts.
test('the editor toolbar: one Tab stop, arrow keys inside, Enter and Space apply', async ({ page }) => {
  await signUp(page, { board: 'Keyboard Toolbar' });
  await page.goto('/dashboard/pages/new');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(toolbar).toBeVisible();
  await expect(toolbar.getByRole('separator').first()).toBeAttached();
  await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);

  await content.click();
  await page.keyboard.type('Make this bold');
  await page.keyboard.press('ControlOrMeta+a');
  // Back from the text: the toolbar's one stop; once more: out of the toolbar; Tab: the same stop.
  const style = toolbar.getByRole('combobox', { name: 'Text style' });
  await page.keyboard.press('Shift+Tab');
  await expect(style).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await toolbar.evaluate((element) => element.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Tab');
  await expect(style).toBeFocused();

  // Arrows move and wrap; Home and End go to the ends.
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await page.keyboard.press('ArrowRight');
  await expect(bold).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Insert table' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(style).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Insert table' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(style).toBeFocused();
  await page.keyboard.press('ArrowRight');

  // Enter and Space apply; the button keeps focus and says it is pressed.
  await page.keyboard.press('Enter');
  await expect(bold).toBeFocused();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(content.locator('strong')).toHaveText('Make this bold');
  await page.keyboard.press('Space');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await expect(content.locator('strong')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(content.locator('strong')).toHaveText('Make this bold');
  await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(bold).toHaveAttribute('tabindex', '0');

  // The select and the link prompt work from the keyboard too.
  await page.keyboard.press('Home');
  await style.selectOption('2');
  await expect(content.locator('h2')).toHaveText('Make this bold');
  for (let press = 0; press < 30 && (await focusedName(page)) !== 'Add link'; press++)
    await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Link address')).toBeFocused();
  await page.keyboard.type('https://example.com/keyboard');
  await page.keyboard.press('Enter');
  await expect(content.locator('a[href="https://example.com/keyboard"]')).toHaveText('Make this bold');

  // One Tab from the toolbar leaves it for the text.
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.locator('[tabindex="0"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(content).toBeFocused();
  await screenshot(page, 'a11y-keyboard-editor-toolbar');
});
