import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetUserId } from '../dashboard/src/lib/embedSnippets';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * From a failed answer to a fixed one: a visitor in the real widget asks something the bot's
 * content does not cover and votes the answer "Not helpful"; another asks something it cannot
 * answer at all. The owner finds both in the Unanswered inbox, writes an answer to the first
 * and dismisses the second. A new visitor, asking the first question in other words, gets the
 * owner's answer word for word, with no source shown (its question may be a visitor's words).
 */
describe('the Unanswered inbox in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let userId: string;
  const guid = crypto.randomUUID();
  const question = 'Can I bring my dog on the boat?';
  const ownAnswer = 'Yes! Dogs are welcome on every boat tour, on a leash. Please bring water for them.';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor in a fresh browser context (no owner cookie, no earlier chat) on the bot's widget page. */
  async function visitor() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const widget = await context.newPage();
    await widget.goto(`${server.url}/widget/${widgetUserId(userId)}/${guid}`);
    await widget.getByRole('button', { name: /Start Free Chat/ }).click();
    const ask = async (text: string) => {
      const asked = widget.locator('.cw-msg.is-user');
      const before = await asked.count();
      const input = widget.locator('.cw-composer textarea');
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => asked.count(), { timeout: 10_000 }).toBe(before + 1);
      // The bot message right after the question; complete once its thumbs show (after all its bubbles).
      const answer = asked.nth(before).locator('xpath=following-sibling::div[contains(@class, "is-bot")][1]');
      await answer.getByRole('group', { name: 'Was this answer helpful?' }).waitFor({ timeout: 15_000 });
      return answer;
    };
    return { context, widget, ask };
  }

  it('a visitor votes a wrong answer down; another question gets the fallback', async () => {
    await signUpThroughApi(page, 'Hana');
    const origin = { Origin: server.url };
    const created = await page.request.post('/api/chatbots', {
      data: { guid, name: 'Harbor Help', fallbackMessage: "Sorry, I don't know that yet." },
      headers: origin,
    });
    expect(created.status()).toBe(201);
    userId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
    // A little knowledge that talks about dogs and boats without answering the question.
    for (const source of [
      { title: 'Dog friendly boat tours', textContent: 'Dog friendly boat tours: our boat tours love dogs. Every dog owner can see dog photos from past boat tours on the dock board.' },
      { title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour. Showers are free for guests.' },
    ]) {
      const res = await page.request.post(`/api/chatbots/${guid}/website-sources`, { data: { sourceType: 'text', ...source }, headers: origin });
      expect(res.status()).toBe(201);
    }
    await expect
      .poll(async () => ((await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as { status: string }[]).map((s) => s.status), {
        timeout: 15_000,
      })
      .toEqual(['completed', 'completed']);

    const first = await visitor();
    const answer = await first.ask(question);
    // an answer from a page about dogs and boats that does not say whether a dog may come aboard
    expect(await answer.textContent()).toContain('our boat tours love dogs');
    await answer.getByRole('button', { name: 'Not helpful' }).click();
    await answer.getByText('Thanks for your feedback.').waitFor();
    expect(await answer.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');

    const fallback = await first.ask('Do you sell diesel fuel?');
    expect(await fallback.locator('.cw-bubble').first().textContent()).toBe("Sorry, I don't know that yet.");
    await first.context.close();
  });

  it('the owner finds both questions in the inbox, from the bot card menu', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'More actions for Harbor Help' }).click();
    await page.getByRole('menuitem', { name: 'Unanswered' }).click();
    await page.waitForURL(`**/chatbots/${guid}/unanswered`);
    await page.getByRole('heading', { level: 1, name: 'Unanswered Questions: Harbor Help' }).waitFor();

    const groups = page.getByTestId('unanswered-group');
    await expect.poll(() => groups.count(), { timeout: 10_000 }).toBe(2);
    const dogs = groups.filter({ hasText: question });
    expect(await dogs.getByTestId('unanswered-count').textContent()).toBe('Asked 1 time');
    expect(await dogs.getByTestId('unanswered-reasons').textContent()).toBe('Thumbs down');
    const fuel = groups.filter({ hasText: 'Do you sell diesel fuel?' });
    expect(await fuel.getByTestId('unanswered-reasons').textContent()).toBe('Fallback');

    // Its conversation is one click away.
    const sessions = (await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { sessions: { sessionId: string }[] };
    expect(sessions.sessions).toHaveLength(1);
    expect(await dogs.getByRole('link', { name: 'View conversation' }).getAttribute('href')).toBe(
      `/chatbots/${guid}/history?session=${sessions.sessions[0].sessionId}`,
    );
    expect(await page.getByText('No saved answers yet').isVisible()).toBe(true);
  });

  it('the owner adds an answer and dismisses the other question', async () => {
    const dogs = page.getByTestId('unanswered-group').filter({ hasText: question });
    await dogs.getByRole('button', { name: 'Add an answer' }).click();
    const form = dogs.getByRole('form', { name: `Answer to ${question}` });
    expect(await form.getByLabel('Question').inputValue()).toBe(question);
    await form.getByRole('button', { name: 'Add a wording' }).click();
    await form.getByLabel('Other wording 1').fill('Are pets allowed on board?');
    await form.getByLabel('Answer').fill(ownAnswer);
    await form.getByRole('button', { name: 'Save answer' }).click();
    await page.getByText('Answer saved. Your bot will use it from the next message.', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('unanswered-group').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('saved-answer-text').allTextContents(), { timeout: 10_000 }).toEqual([ownAnswer]);

    const fuel = page.getByTestId('unanswered-group').filter({ hasText: 'Do you sell diesel fuel?' });
    await fuel.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('"Do you sell diesel fuel?" left the inbox.', { exact: true }).waitFor();
    await page.getByText('No unanswered questions').waitFor();
    expect(await page.getByTestId('unanswered-group').count()).toBe(0);

    // Reloaded, the inbox stays empty: both were triaged on the server.
    await page.reload();
    await page.getByText('No unanswered questions').waitFor();

    // The answer is one of the bot's content sources too.
    const sources = (await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as { sourceType: string; title: string; status: string }[];
    expect(sources.filter((s) => s.sourceType === 'qa')).toEqual([expect.objectContaining({ title: question, status: 'completed' })]);
  });

  it("a new visitor asking in other words gets the owner's answer", async () => {
    const next = await visitor();
    const answer = await next.ask('May I take my dog on the boat with me?');
    expect(await answer.locator('.cw-bubble').first().textContent()).toBe(ownAnswer);
    expect(await answer.locator('.cw-sources li').count()).toBe(0);
    // And in the wording the owner added.
    const again = await next.ask('Are pets allowed on board?');
    expect(await again.locator('.cw-bubble').first().textContent()).toBe(ownAnswer);
    await next.context.close();
  });

  it('the page fits a phone screen, answer form open', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: `Edit answer to ${question}` }).click();
    await page.getByRole('form', { name: `Edit answer to ${question}` }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
  });
});
