import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The prompt assistant without a model: on /chatbots/new the offline writer drafts a prompt
 * from the name, description and the owner's words, Apply puts it in the System Prompt field and
 * Create Chatbot saves it; on the edit page Improve keeps that prompt, names the bot's new
 * source and is saved with Update Chatbot. The page also fits a 390 px wide phone.
 */
// Toast texts are matched exactly: Radix also announces each toast in a live region whose text contains them.
describe('prompt assistant in a real browser (offline)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let guid = '';
  let generated = '';

  const suggestedPrompt = () => page.getByTestId('suggested-prompt').last();
  const savedBot = async () => {
    const res = await page.request.get(`/api/chatbots/${guid}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as { name: string; systemPrompt: string };
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    await signUpThroughApi(page, 'Ada');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a bot with the prompt assistant offline: generate, apply, save', async () => {
    await page.goto('/chatbots/new');
    await page.getByRole('heading', { name: 'Create New Chatbot' }).waitFor();
    await page.getByText("Offline assistant: prompts are written from your bot's details and sources (no AI model configured).").waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Harbor Help');
    await page.getByLabel('Description').fill('Answers questions about moorings and harbour fees.');

    // Send waits for a message; the owner's words go along with Generate.
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await page.getByLabel('Message the prompt assistant').fill('be concise, focus on visitor moorings');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Generate a system prompt: be concise, focus on visitor moorings').waitFor();
    await suggestedPrompt().waitFor();
    generated = (await suggestedPrompt().textContent()) ?? '';
    expect(generated.split('\n')[0]).toBe('You are Harbor Help, the support assistant for Harbor. You answer questions about moorings and harbour fees.');
    for (const line of ['- Be concise.', '- Focus on visitor moorings.', 'When you are unsure:', 'Handing off to a person:']) expect(generated).toContain(line);
    await page.getByText(/^Written offline from the bot's name, its description and your instructions\./).waitFor();

    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await page.getByText('Copied!', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

    await page.getByRole('button', { name: 'Apply to System Prompt' }).click();
    await page.getByText('Review the System Prompt field, then save.', { exact: true }).waitFor();
    expect(await page.getByLabel('System Prompt').inputValue()).toBe(generated);

    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    await page.waitForURL('**/dashboard');
    const list = (await (await page.request.get('/api/chatbots')).json()) as { guid: string; name: string }[];
    guid = list.find((b) => b.name === 'Harbor Help')?.guid ?? '';
    expect(guid).not.toBe('');
    expect((await savedBot()).systemPrompt).toBe(generated);
  });

  it('improves the saved prompt on the edit page with the bot’s source, keeping every line', async () => {
    const added = await page.request.post(`/api/chatbots/${guid}/website-sources`, {
      data: { sourceType: 'text', title: 'Mooring rates', textContent: 'A visitor mooring costs 25 euros a night in the east harbour.' },
    });
    expect(added.status()).toBe(201);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as { status: string }[])[0]?.status, { timeout: 20_000 })
      .toBe('completed');

    await page.goto(`/chatbots/${guid}`);
    await expect.poll(() => page.getByLabel('System Prompt').inputValue(), { timeout: 10_000 }).toBe(generated);
    // The owner adds a list of things the bot must never do: it must stay under its lead-in line.
    const never = 'Never do the following:\n- Offer discounts\n- Promise a berth before the harbour master confirms it';
    await page.getByLabel('System Prompt').fill(`${generated}\n\n${never}`);
    await page.getByRole('button', { name: 'Improve' }).click();
    await page.getByText('Improve the current prompt', { exact: true }).waitFor();
    await page.getByText(/^Kept all \d+ sentences of your prompt/).waitFor();
    const improved = (await suggestedPrompt().textContent()) ?? '';
    expect(improved).toContain('- Answer from the knowledge you were given: "Mooring rates".');
    for (const line of generated.split('\n').filter((l) => l.startsWith('- '))) expect(improved).toContain(line);
    expect(improved).toContain(never);

    await page.getByRole('button', { name: 'Apply to System Prompt' }).click();
    expect(await page.getByLabel('System Prompt').inputValue()).toBe(improved);
    await page.getByRole('button', { name: 'Update Chatbot' }).click();
    await page.waitForURL('**/dashboard');
    expect((await savedBot()).systemPrompt).toBe(improved);
  });

  it('fits a 390 px wide screen with a conversation in it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/chatbots/${guid}`);
    await expect.poll(() => page.getByLabel('System Prompt').inputValue(), { timeout: 10_000 }).not.toBe('');
    await page.getByLabel('Message the prompt assistant').fill('What can you do?');
    await page.getByLabel('Message the prompt assistant').press('Enter');
    await page.getByText(/^This is the offline prompt assistant/).waitFor();
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Apply to System Prompt' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
