import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../api/src/features/knowledge/testing/sampleDocuments';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The add-data page against the real server: add a text source through the form and watch the
 * 2-second poll take it to "completed" with a chunk count, upload a .txt file and a PDF through
 * the file input, delete a source through the confirmation dialog, read a website's Pages report
 * and see a failed scan's toast.
 */
// Toast texts are matched exactly: Radix also announces each toast in a live region whose text contains them.
describe('add data in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const guid = crypto.randomUUID();
  const sourceRow = (name: string) => page.getByTestId('content-source').filter({ hasText: name });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // Signing up through the API sets the session cookie in this browser context.
    await signUpThroughApi(page, 'Ada');
    const bot = await page.request.post('/api/chatbots', { data: { guid, name: 'Harbor Help', description: 'Answers questions about moorings.' } });
    expect(bot.status()).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens on the Website tab with an empty list', async () => {
    await page.goto(`/chatbots/${guid}/add-data`);
    await page.getByRole('heading', { level: 1, name: 'Add Data: Harbor Help' }).waitFor();
    await page.getByText('No content sources added yet').waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Website' }).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => page.getByLabel('Max pages').inputValue(), { timeout: 10_000 }).toBe('50');
  });

  it('adds a text source through the form; it reaches completed with a chunk count', async () => {
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('button', { name: 'Add Text' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Text content must be at least 10 characters').waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Mooring rules');
    await page
      .getByLabel('Text content')
      .fill('Visitor moorings cost 25 euros per night. Boats longer than 15 metres must book the outer pontoon in advance. The harbour office opens at 8 am.');
    await page.getByRole('button', { name: 'Add Text' }).click();
    await page.getByText('Content source has been added and processing started.', { exact: true }).waitFor();

    const row = sourceRow('Mooring rules');
    await row.getByTestId('source-status').filter({ hasText: /^completed$/ }).waitFor();
    const chunks = await row.getByText(/^\d+ chunks?$/).textContent();
    expect(Number.parseInt(chunks!, 10)).toBeGreaterThan(0);
    await page.getByText('Do not leave the page until scan is complete').waitFor({ state: 'detached' });

    // The server has the same source.
    const listed = (await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as Array<{ title: string; sourceType: string; status: string }>;
    expect(listed).toEqual([expect.objectContaining({ title: 'Mooring rules', sourceType: 'text', status: 'completed' })]);
  });

  it('uploads a .txt file through the file input', async () => {
    await page.getByRole('tab', { name: 'File' }).click();
    await expect.poll(() => page.getByLabel('Text, PDF or Word file').getAttribute('accept'), { timeout: 10_000 }).toBe('.txt,.csv,.md,.json,.xml,.pdf,.docx');

    // A picture is refused in the browser before any upload.
    await page.getByLabel('Text, PDF or Word file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    await page.getByRole('alert').filter({ hasText: 'Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)' }).waitFor();

    await page.getByLabel('Text, PDF or Word file').setInputFiles({
      name: 'fuel-dock.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The fuel dock sells diesel and petrol from 7 am to 7 pm. Pay at the pump with a card.\n'),
    });
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByText('File has been uploaded and processing started.', { exact: true }).waitFor();
    const row = sourceRow('fuel-dock.txt');
    await row.getByTestId('source-status').filter({ hasText: /^completed$/ }).waitFor();
    await expect.poll(() => row.getByText(/^\d+ chunks?$/).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('content-source').count(), { timeout: 10_000 }).toBe(2);
  });

  it('uploads a PDF through the file input; it is indexed page by page', async () => {
    const pdf = await makePdf([['Fuel dock'], ['Holding tanks are pumped out free of charge at the fuel dock.']]);
    await page.getByLabel('Text, PDF or Word file').setInputFiles({ name: 'harbor-guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByText('File has been uploaded and processing started.', { exact: true }).waitFor();
    await sourceRow('harbor-guide.pdf').getByTestId('source-status').filter({ hasText: /^completed$/ }).waitFor();
    const listed = (await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as Array<{ title: string; totalPages: number }>;
    expect(listed.find((s) => s.title === 'harbor-guide.pdf')).toMatchObject({ totalPages: 2 });
  });

  it('deletes a source after the confirmation', async () => {
    await sourceRow('Mooring rules').getByRole('button', { name: 'Delete Mooring rules' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this website source? This will remove all associated content.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Website source has been removed.', { exact: true }).waitFor();
    await sourceRow('Mooring rules').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('content-source').count(), { timeout: 10_000 }).toBe(2);

    const listed = (await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as Array<{ title: string }>;
    expect(listed.map((s) => s.title)).toEqual(['harbor-guide.pdf', 'fuel-dock.txt']);
  });

  it('adds a website with weekly auto-sync, shows when it synced and syncs next, and changes the schedule in its row', async () => {
    const site = http.createServer((req, res) => {
      if (req.url !== '/') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Harbour</title></head><body><p>The harbour office sells fuel tokens at the quay.</p></body></html>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      await page.getByRole('tab', { name: 'Website' }).click();
      await page.getByLabel('Website URL').fill(`http://localhost:${(site.address() as AddressInfo).port}/`);
      await page.getByLabel('Title (optional)').fill('Harbour site');
      await page.getByLabel('Auto-sync', { exact: true }).selectOption('weekly');
      await page.getByRole('button', { name: 'Add Website' }).click();
      const row = sourceRow('Harbour site');
      await row.getByTestId('source-status').filter({ hasText: /^completed$/ }).waitFor();
      await row.getByText(/^Last synced /).waitFor();
      const [{ lastScanned, nextSyncAt }] = ((await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as Array<{
        title: string;
        lastScanned: string;
        nextSyncAt: string;
      }>).filter((s) => s.title === 'Harbour site');
      expect(new Date(nextSyncAt).getTime() - new Date(lastScanned).getTime()).toBe(7 * 24 * 3600_000);
      await expect.poll(() => row.getByTestId('next-sync').textContent(), { timeout: 10_000 }).toMatch(/^Next sync /);
      expect(await row.getByLabel('Auto-sync Harbour site').inputValue()).toBe('weekly');

      await row.getByLabel('Auto-sync Harbour site').selectOption('off');
      await page.getByText('The source will sync on its new schedule.', { exact: true }).waitFor();
      await expect.poll(() => row.getByTestId('next-sync').textContent(), { timeout: 10_000 }).toBe('Auto-sync off');
      const listed = (await (await page.request.get(`/api/chatbots/${guid}/website-sources`)).json()) as Array<{ title: string; syncSchedule: string }>;
      expect(listed.find((s) => s.title === 'Harbour site')?.syncSchedule).toBe('off');
    } finally {
      await new Promise((r) => site.close(r));
    }
  });

  it('crawls a local website and shows its Pages report: learned pages, and skipped ones with the reason', async () => {
    const site = http.createServer((req, res) => {
      const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><title>Harbour</title></head><body><main>${body}</main></body></html>`);
      if (req.url === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /staff\n');
      if (req.url === '/') return page('<h1>Harbour</h1><p>Berths for boats up to 20 metres.</p><a href="/staff/rota">Rota</a> <a href="/old-prices">Old prices</a>');
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    try {
      await page.getByRole('tab', { name: 'Website' }).click();
      await page.getByLabel('Website URL').fill(url);
      await page.getByRole('button', { name: 'Add Website' }).click();
      const row = sourceRow(url);
      await row.getByTestId('source-status').filter({ hasText: /^completed$/ }).waitFor();
      await row.getByRole('button', { name: `Pages of ${url}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('pages-summary').filter({ hasText: /^1 learned, 2 skipped$/ }).waitFor();
      await dialog.getByTestId('page-skipped').filter({ hasText: `${url}staff/rota` }).filter({ hasText: "Blocked by the site's robots.txt" }).waitFor();
      await dialog.getByTestId('page-skipped').filter({ hasText: `${url}old-prices` }).filter({ hasText: 'Page not found (HTTP 404)' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
    }
  });

  it('a website that cannot be reached: the add is confirmed, then the failed scan toasts its reason', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((r) => closed.close(r));
    await page.getByLabel('Website URL').fill(url);
    await page.getByRole('button', { name: 'Add Website' }).click();
    await page.getByText('Scan failed', { exact: true }).waitFor();
    await page.getByText(`${url}: Connection refused`, { exact: true }).waitFor();
    await sourceRow(url).getByText('Error: Connection refused', { exact: true }).waitFor();
  });
});
