import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptTagSnippet } from '../dashboard/src/lib/embedSnippets';
import { expectNoAxeViolations, launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';
import { startHostSite, type HostSite } from './widgetHost';

/**
 * The UI designer end to end, with the built-in (offline) designer: the owner describes a home
 * screen in the Chat tab and sees it in the live preview, tunes the colour and item style in the
 * Theme tab, fixes the JSON in the Code tab (broken JSON and invalid values are refused), saves
 * with Ctrl+S and finds the design again after a reload. A visitor on a customer site (another
 * origin, the embed page's script tag) sees exactly that design, and a design saved while the
 * visitor's page stays open shows on the widget's next open. Reset to Default brings back the
 * starter design; another owner's bot is not found.
 */
/** Just what the journey reads and edits of a home screen config. */
type Config = { components: { type: string; props: Record<string, unknown> }[]; theme?: Record<string, unknown> };

// Toast texts are matched exactly: Radix also announces each toast in a live region whose text contains them.
describe('the UI designer in a real browser (offline designer)', () => {
  let server: RunningServer;
  let host: HostSite;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let page: Page;
  let visitorContext: BrowserContext;
  let visitor: Page;
  const guid = crypto.randomUUID();
  const BOT_NAME = 'Harbor Help';
  const GREEN = '#16a34a';
  const GREEN_RGB = 'rgb(22, 163, 74)';
  const PROMPT = 'a support center with billing, technical support and sales categories';

  beforeAll(async () => {
    server = await startServer();
    host = await startHostSite({
      '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor Shop</title></head>
        <body><main><h1>Harbor Shop</h1><p>Boats and moorings.</p></main>${scriptTagSnippet(server.url, guid)}</body></html>`,
    });
    browser = await launchBrowser();
    // bypassCSP only so axe-core can be injected into the dashboard, whose CSP forbids inline scripts.
    ownerContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 }, bypassCSP: true });
    page = await ownerContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.stop();
  });

  const designerUrl = (id: string) => `/chatbots/${id}/ui-designer`;
  const heading = () => page.getByRole('heading', { level: 1, name: 'UI Designer' });
  /** The header's badge, beside the h1 (the Live Preview card has its own). */
  const headerBadge = () => heading().locator('..').getByText('Custom', { exact: true });
  const preview = () => page.getByTestId('live-preview');
  const tab = (name: 'Chat' | 'Theme' | 'Code') => page.getByRole('tab', { name, exact: true });
  const jsonBox = () => page.getByLabel('Configuration JSON');
  const alertText = () => page.getByRole('tabpanel', { name: 'Code' }).getByRole('alert');

  /** Waits until the (single) toast on screen reads `title` then `description`. */
  async function expectToast(title: string, description: string) {
    await expect
      .poll(() => page.locator('li[data-variant]').allTextContents(), { timeout: 10_000 })
      .toContain(`${title}${description}`);
  }

  async function computed(locator: Locator, ...names: string[]) {
    return locator.evaluate(
      (el, props) => Object.fromEntries(props.map((n) => [n, getComputedStyle(el).getPropertyValue(n)])),
      names,
    );
  }

  /** Types `original` (a config's JSON) with `edit` applied into the Code tab's box. */
  async function editJsonFrom(original: string, edit: (config: Config) => void) {
    const config = JSON.parse(original) as Config;
    edit(config);
    await jsonBox().fill(JSON.stringify(config, null, 2));
  }

  /** The Code tab's current JSON, changed by `edit`, typed back into the box. */
  async function editJson(edit: (config: Config) => void) {
    await tab('Code').click();
    await editJsonFrom(await jsonBox().inputValue(), edit);
  }

  const headerProps = (config: Config) => config.components.find((c) => c.type === 'header')!.props;
  const storedConfig = async () => ((await (await page.request.get(`/api/chatbots/${guid}`)).json()) as { homeScreenConfig: Config }).homeScreenConfig;

  it('starts empty: no design, no badge, nothing to save', async () => {
    await signUpThroughApi(page, 'Hana');
    const created = await page.request.post('/api/chatbots', { data: { guid, name: BOT_NAME }, headers: { Origin: server.url } });
    expect(created.status()).toBe(201);

    await page.goto(designerUrl(guid));
    await heading().waitFor();
    await page.getByText(`Design custom home screens for ${BOT_NAME}`, { exact: true }).waitFor();
    expect(await page.getByText('Custom', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset to Default' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save Design' }).count()).toBe(0);
    expect(await preview().textContent()).toBe('Generate a design to see preview');
    expect(await page.getByText('Start by describing your ideal home screen').isVisible()).toBe(true);

    await tab('Code').click();
    expect(await page.getByText('No configuration generated yet', { exact: true }).isVisible()).toBe(true);
    expect(await jsonBox().count()).toBe(0);
    // The page's content only: the shared header's user menu shows the avatar's initials, which
    // its accessible name does not repeat (label-content-name-mismatch of the layout, not this page).
    await expectNoAxeViolations(page, { include: '#main' });
    // The tabs answer the arrow keys: Home goes back to Chat (focus stays on the tab list).
    await page.keyboard.press('Home');
    expect(await tab('Chat').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Chat').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the Chat tab generates a support center into the live preview', async () => {
    // The designer answers quickly offline: hold its answer until "Generating" has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/ui-designer/generate', async (route) => {
      await held;
      await route.continue();
    });
    const box = page.getByPlaceholder('Describe your home screen design...');
    await box.fill(PROMPT);
    await box.press('Enter');
    await page.getByText('Generating your design...').waitFor();
    expect(await box.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    release();

    const messages = page.getByTestId('designer-message');
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBe(2);
    expect(await messages.nth(0).textContent()).toContain(`User`);
    // The owner's words only; the Theme tab's colour line goes to the designer, not the chat.
    expect(await messages.nth(0).locator('p').textContent()).toBe(PROMPT);
    expect(await messages.nth(1).textContent()).toMatch(/^Assistant.*I made .*Billing, Technical Support and Sales/);
    await page.unroute('**/api/ui-designer/generate');

    for (const category of ['Billing', 'Technical Support', 'Sales']) {
      await preview().getByRole('button', { name: category, exact: true }).waitFor();
    }
    await headerBadge().waitFor();
    expect(await preview().locator('..').getByText('Custom', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reset to Default' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Design' }).isVisible()).toBe(true);
    expect(await page.getByTestId('not-saved').textContent()).toBe('Not saved yet');
    await expectNoAxeViolations(page, { include: '#main' });
  });

  it('clicking a topic in the preview names it', async () => {
    const first = preview().locator('.cw-item').first();
    const title = (await first.locator('.cw-item-title').textContent())!;
    expect(title.length).toBeGreaterThan(0);
    await first.click();
    await expectToast('Topic Selected', `Topic: ${title}`);
  });

  it('the Theme tab recolours the preview and outlines its items', async () => {
    await tab('Theme').click();
    expect(await page.getByLabel('Primary Color hex').inputValue()).toBe('#2563eb');
    await page.getByLabel('Primary Color hex').fill(GREEN);
    await page.getByLabel('Menu Item Style').selectOption('outlined');

    const items = preview().locator('ul.cw-items').first();
    await expect.poll(() => items.getAttribute('class')).toContain('is-outlined');
    expect(await computed(preview().locator('.cw-item').first(), 'border-top-color', 'border-top-style')).toEqual({
      'border-top-color': GREEN_RGB,
      'border-top-style': 'solid',
    });
    expect((await computed(preview().locator('.cw-home-header'), 'background-color'))['background-color']).toBe(GREEN_RGB);
    expect(await page.getByLabel('Primary Color', { exact: true }).inputValue()).toBe(GREEN);
  });

  it('the Code tab refuses broken JSON and invalid values, then saves an edit with Ctrl+S', async () => {
    await tab('Code').click();
    const original = await jsonBox().inputValue();
    const parsed = JSON.parse(original) as Config;
    expect(parsed.theme?.primaryColor).toBe(GREEN);
    expect(parsed.components.find((c) => c.type === 'topic_grid')?.props.style).toMatchObject({ itemStyle: 'outlined' });
    const applyToPreview = page.getByRole('button', { name: 'Apply to Preview' });
    expect(await applyToPreview.isDisabled()).toBe(true);
    const titleBefore = await preview().locator('.cw-home-header h3').textContent();

    await jsonBox().fill(original.slice(0, -10));
    await page.getByText('Unsaved Changes', { exact: true }).waitFor();
    await applyToPreview.click();
    await expect.poll(() => alertText().textContent()).toBe('Invalid JSON: Please check your JSON syntax before saving.');
    await expectToast('Invalid JSON', 'Please check your JSON syntax before saving.');
    expect(await preview().locator('.cw-home-header h3').textContent()).toBe(titleBefore);
    expect(await jsonBox().inputValue()).toBe(original.slice(0, -10));

    await editJsonFrom(original, (c) => {
      c.theme = { ...c.theme, backgroundImageTransparency: 150 };
    });
    await applyToPreview.click();
    await expect
      .poll(() => alertText().locator('p').first().textContent())
      .toBe('Invalid configuration: theme.backgroundImageTransparency: Transparency must be between 0 and 100');

    await editJsonFrom(original, (c) => {
      headerProps(c).title = 'Acme Help Center';
    });
    // A valid edit clears the old complaint; it is not in the preview until applied.
    expect(await alertText().count()).toBe(0);
    expect(await page.getByText('Unsaved Changes', { exact: true }).isVisible()).toBe(true);
    expect(await preview().locator('.cw-home-header h3').textContent()).toBe(titleBefore);
    await jsonBox().press('Control+s');
    await expectToast('Design Saved', 'Your home screen is now live in the widget.');
    await expect.poll(() => preview().locator('.cw-home-header h3').textContent()).toBe('Acme Help Center');
    await expect.poll(() => page.getByText('Unsaved Changes', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('not-saved').count()).toBe(0);

    const stored = await storedConfig();
    expect(headerProps(stored).title).toBe('Acme Help Center');
    expect(stored.theme?.primaryColor).toBe(GREEN);

    await page.reload();
    await heading().waitFor();
    await preview().locator('.cw-home-header h3').getByText('Acme Help Center', { exact: true }).waitFor();
    expect(await preview().locator('ul.cw-items').first().getAttribute('class')).toContain('is-outlined');
    expect((await computed(preview().locator('.cw-home-header'), 'background-color'))['background-color']).toBe(GREEN_RGB);
    expect(await headerBadge().isVisible()).toBe(true);
    expect(await page.getByTestId('not-saved').count()).toBe(0);
    await tab('Theme').click();
    expect(await page.getByLabel('Primary Color hex').inputValue()).toBe(GREEN);
    expect(await page.getByLabel('Menu Item Style').inputValue()).toBe('outlined');
  });

  it('a visitor on a customer site sees the saved design in the widget', async () => {
    visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    visitor = await visitorContext.newPage();
    await visitor.goto(`${host.url}/shop.html`);
    const launcher = visitor.locator('button.cw-launcher');
    await launcher.click();
    await visitor.getByRole('dialog').waitFor();
    const home = visitor.getByRole('tabpanel', { name: 'Home' });
    await home.locator('.cw-home-header h3').getByText('Acme Help Center', { exact: true }).waitFor();
    for (const category of ['Billing', 'Technical Support', 'Sales']) {
      expect(await home.getByRole('button', { name: category, exact: true }).isVisible()).toBe(true);
    }
    expect(await home.locator('ul.cw-items').first().getAttribute('class')).toContain('is-outlined');
    expect((await computed(home.locator('.cw-item').first(), 'border-top-color'))['border-top-color']).toBe(GREEN_RGB);
    expect((await computed(launcher, 'background-color'))['background-color']).toBe(GREEN_RGB);
    expect((await computed(visitor.locator('.cw-header'), 'background-color'))['background-color']).toBe(GREEN_RGB);
    expect((await computed(home.locator('.cw-home-header'), 'background-color'))['background-color']).toBe(GREEN_RGB);
    await visitor.locator('.cw-header').getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => visitor.getByRole('dialog').count()).toBe(0);
  });

  it("a design saved while the visitor's page stays open shows on the widget's next open", async () => {
    await editJson((c) => {
      headerProps(c).title = 'Harbor Support Desk';
    });
    await page.getByRole('button', { name: 'Apply & Save' }).click();
    await expectToast('Design Saved', 'Your home screen is now live in the widget.');

    await visitor.locator('button.cw-launcher').click();
    const home = visitor.getByRole('tabpanel', { name: 'Home' });
    await home.locator('.cw-home-header h3').getByText('Harbor Support Desk', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await home.getByRole('button', { name: 'Billing', exact: true }).isVisible()).toBe(true);
    await visitorContext.close();
  });

  it('Reset to Default brings back the starter design, unsaved', async () => {
    await page.getByRole('button', { name: 'Reset to Default' }).click();
    await expectToast('Configuration Reset', 'Home screen has been reset to default configuration.');
    await preview().locator('.cw-home-header h3').getByText('Welcome', { exact: true }).waitFor();
    expect(await preview().getByText('Get Help').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('not-saved').textContent()).toBe('Not saved yet');

    await tab('Theme').click();
    expect(await page.getByLabel('Primary Color hex').inputValue()).toBe('#2563eb');
    expect(await page.getByLabel('Background Color hex').inputValue()).toBe('#ffffff');
    expect(await page.getByLabel('Text Color hex').inputValue()).toBe('#1f2937');
    expect(await page.getByLabel('Menu Item Style').inputValue()).toBe('filled');
    expect(await page.getByLabel('Title Font Size').inputValue()).toBe('16');
    expect(await page.getByLabel('Description Font Size').inputValue()).toBe('14');
    expect(await page.getByLabel('Background Image Transparency').inputValue()).toBe('20');
    expect(await page.getByText('20%', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, { include: '#main' });

    // Not saved: the widget still has the last saved design.
    expect(headerProps(await storedConfig()).title).toBe('Harbor Support Desk');
  });

  it("another owner's bot and an unknown guid are not found", async () => {
    const other = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    const otherPage = await other.newPage();
    await signUpThroughApi(otherPage, 'Mallory');
    for (const id of [guid, crypto.randomUUID()]) {
      await otherPage.goto(designerUrl(id));
      await otherPage.getByText('Chatbot Not Found', { exact: true }).waitFor();
      expect(await otherPage.getByRole('heading', { name: 'UI Designer' }).count()).toBe(0);
    }
    await other.close();

    await page.goto(designerUrl(crypto.randomUUID()));
    await page.getByText('Chatbot Not Found', { exact: true }).waitFor();
  });
});
