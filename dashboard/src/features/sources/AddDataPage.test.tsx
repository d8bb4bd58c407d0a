import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv, signedInAs } from '../../test/renderWithProviders';

import { queryKeys } from '../../lib/queryKeys';
import { AddDataPage } from './AddDataPage';
import { SCAN_POLL_MS } from './useSources';

const GUID = '00000000-0000-4000-8000-000000000001';
const BOT = { id: 1, guid: GUID, name: 'Harbor Help', description: null, model: 'gpt-4.1', isActive: true };
const LIST = `/api/chatbots/${GUID}/website-sources`;

const source = (over: Record<string, unknown>) => ({
  id: 1,
  chatbotId: 1,
  sourceType: 'website',
  title: null,
  url: null,
  fileName: null,
  description: null,
  maxPages: 50,
  status: 'completed',
  totalPages: 0,
  totalChunks: 0,
  lastScanned: null,
  syncSchedule: 'off',
  nextSyncAt: null,
  errorMessage: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

type Sent = { url: string; method: string; body: unknown };

/** The bot and its source list; every call is recorded. `extra` answers first. */
function serve(sources: unknown[], extra?: (url: string, init?: RequestInit) => Response | undefined) {
  const sent: Sent[] = [];
  mockFetch(
    (url, init) => {
      sent.push({ url, method: init?.method ?? 'GET', body: init?.body });
      return undefined;
    },
    (url, init) => extra?.(url, init),
    signedInAs({ email: 'ada@example.com', firstName: 'Ada' }),
    (url) => (url === `/api/chatbots/${GUID}` ? json(BOT) : undefined),
    (url, init) => (url === LIST && (init?.method ?? 'GET') === 'GET' ? json(sources) : undefined),
  );
  return sent;
}

function renderPage(guid = GUID) {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/add-data" element={<AddDataPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/add-data` },
  );
}

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

describe('AddDataPage', () => {
  usePageTestEnv();

  it('shows the title, Website tab first with the 50-page default, and the empty list', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No content sources added yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add Data: Harbor Help');
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Website', 'true'],
      ['Text', 'false'],
      ['File', 'false'],
    ]);
    expect((screen.getByLabelText('Max pages') as HTMLInputElement).value).toBe('50');
    expect(screen.getByText('Limit: 1-200 pages')).toBeTruthy();
    expect(screen.queryByText('Do not leave the page until scan is complete')).toBeNull();
  });

  it('website and text forms show the spec messages and send nothing while invalid', async () => {
    const sent = serve([]);
    renderPage();
    await screen.findByText('No content sources added yet');
    fill('Website URL', 'not a url');
    fill('Max pages', '500');
    fireEvent.click(screen.getByRole('button', { name: /Add Website/ }));
    expect(await screen.findByText('Please enter a valid URL')).toBeTruthy();
    expect(await screen.findByText('Max pages must be between 1 and 200')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    fill('Title', '  ');
    fill('Text content', 'too short');
    fireEvent.click(screen.getByRole('button', { name: /Add Text/ }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(await screen.findByText('Text content must be at least 10 characters')).toBeTruthy();
    expect(posts(sent)).toEqual([]);
  });

  it('file tab: picker filter, missing, wrong type and too-large files are refused with the contracts\' texts', async () => {
    const sent = serve([]);
    renderPage();
    await screen.findByText('No content sources added yet');
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    const input = screen.getByLabelText('Text, PDF or Word file') as HTMLInputElement;
    expect(input.accept).toBe('.txt,.csv,.md,.json,.xml,.pdf,.docx');

    fireEvent.click(screen.getByRole('button', { name: /Upload File/ }));
    expect(await screen.findByText('Please select a file to upload')).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect((await screen.findAllByText('Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)')).length).toBeGreaterThan(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10 * 1024 * 1024)], 'manual.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findAllByText('PDF and Word files must be less than 10MB')).length).toBeGreaterThan(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024)], 'big.txt', { type: 'text/plain' })] } });
    expect((await screen.findAllByText('File size must be less than 5MB')).length).toBeGreaterThan(0);
    expect(posts(sent)).toEqual([]);
  });

  it('lists every status with its name fallback, count, date and error, and shows the scan banner', async () => {
    serve([
      source({ id: 1, title: 'Docs site', url: 'https://docs.example.com', status: 'completed', totalPages: 12, lastScanned: '2030-03-04T10:00:00.000Z' }),
      source({ id: 2, url: 'https://example.com', status: 'scanning', totalPages: 1 }),
      source({ id: 3, sourceType: 'file', fileName: 'faq.md', status: 'pending', totalChunks: 0 }),
      source({ id: 4, sourceType: 'text', status: 'error', totalChunks: 3, errorMessage: 'Could not reach the site' }),
    ]);
    renderPage();
    const items = await screen.findAllByTestId('content-source');
    const row = (i: number) => within(items[i]);
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['Docs site', 'https://example.com', 'faq.md', 'Untitled']);
    expect(items.map((li) => within(li).getByTestId('source-status').textContent)).toEqual(['completed', 'scanning', 'pending', 'error']);
    expect(row(0).getByText('12 pages')).toBeTruthy();
    expect(row(0).getByText(`Last synced ${when('2030-03-04T10:00:00.000Z')}`)).toBeTruthy();
    expect(row(0).getByTestId('next-sync').textContent).toBe('Auto-sync off');
    expect(row(1).getByText('Not synced yet')).toBeTruthy();
    expect(row(2).queryByLabelText(/^Auto-sync/)).toBeNull();
    expect(row(1).getByText('1 page')).toBeTruthy();
    expect(row(2).getByText('0 chunks')).toBeTruthy();
    expect(row(3).getByText('3 chunks')).toBeTruthy();
    expect(row(3).getByText('Error: Could not reach the site')).toBeTruthy();
    expect(row(0).queryByText(/^Error:/)).toBeNull();
    // Rescan waits while a source is already being scanned.
    expect((row(1).getByRole('button', { name: 'Rescan https://example.com' }) as HTMLButtonElement).disabled).toBe(true);
    expect((row(0).getByRole('button', { name: 'Rescan Docs site' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Do not leave the page until scan is complete')).toBeTruthy();
  });

  it('shows when each website last synced and syncs next, and changes the schedule from the list', async () => {
    const synced = { title: 'Docs site', url: 'https://docs.example.com', lastScanned: '2030-03-04T10:00:00.000Z' };
    let listed = source({ id: 5, ...synced });
    let patchAnswer = () => {
      listed = source({ id: 5, ...synced, syncSchedule: 'daily', nextSyncAt: '2030-03-05T10:00:00.000Z' });
      return json(listed);
    };
    const sent = serve([], (url, init) => {
      if (url === LIST && (init?.method ?? 'GET') === 'GET') return json([listed]);
      return url === `${LIST}/5` && init?.method === 'PATCH' ? patchAnswer() : undefined;
    });
    renderPage();
    const [item] = await screen.findAllByTestId('content-source');
    expect(within(item).getByText(`Last synced ${when('2030-03-04T10:00:00.000Z')}`)).toBeTruthy();
    expect(within(item).getByTestId('next-sync').textContent).toBe('Auto-sync off');
    const select = within(item).getByLabelText('Auto-sync Docs site') as HTMLSelectElement;
    expect(select.value).toBe('off');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['off', 'Auto-sync off'],
      ['daily', 'Sync daily'],
      ['weekly', 'Sync weekly'],
    ]);

    fireEvent.change(select, { target: { value: 'daily' } });
    expect(await screen.findByText('Sync Schedule Saved')).toBeTruthy();
    await waitFor(() => expect(within(screen.getAllByTestId('content-source')[0]).getByTestId('next-sync').textContent).toBe(`Next sync ${when('2030-03-05T10:00:00.000Z')}`));
    expect((screen.getByLabelText('Auto-sync Docs site') as HTMLSelectElement).value).toBe('daily');
    expect(posts(sent).map((s) => [s.method, s.url, JSON.parse(String(s.body))])).toEqual([['PATCH', `${LIST}/5`, { syncSchedule: 'daily' }]]);

    // a refusal shows the server's message, and the select keeps the saved schedule
    patchAnswer = () => json({ message: 'Sync schedule must be "off", "daily" or "weekly"' }, 400);
    fireEvent.change(screen.getByLabelText('Auto-sync Docs site'), { target: { value: 'weekly' } });
    expect(await screen.findByText('Sync schedule must be "off", "daily" or "weekly"')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Auto-sync Docs site') as HTMLSelectElement).value).toBe('daily'));
  });

  it('sends the auto-sync picked on the add form', async () => {
    const sent = serve([], (url, init) => (url === LIST && init?.method === 'POST' ? json(source({ id: 8, url: 'https://example.com', status: 'pending' }), 201) : undefined));
    renderPage();
    await screen.findByText('No content sources added yet');
    expect((screen.getByLabelText('Auto-sync') as HTMLSelectElement).value).toBe('off');
    fill('Website URL', 'https://example.com');
    fill('Auto-sync', 'weekly');
    fireEvent.click(screen.getByRole('button', { name: /Add Website/ }));
    expect(await screen.findByText('Content Added')).toBeTruthy();
    expect(JSON.parse(String(posts(sent)[0]!.body))).toEqual({ sourceType: 'website', url: 'https://example.com', maxPages: 50, syncSchedule: 'weekly' });
    expect((screen.getByLabelText('Auto-sync') as HTMLSelectElement).value).toBe('off');
  });

  it("lists an owner's Q&A answer by its question, labelled as one, with rescan and delete", async () => {
    serve([source({ id: 9, sourceType: 'qa', title: 'Can I bring my dog on the boat?', totalPages: 1, totalChunks: 1, lastScanned: '2030-03-04T10:00:00.000Z' })]);
    renderPage();
    const [item] = await screen.findAllByTestId('content-source');
    expect(item.querySelector('p')!.textContent).toBe('Can I bring my dog on the boat?');
    expect(within(item).getByText('Q&A answer')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Rescan Can I bring my dog on the boat?' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Delete Can I bring my dog on the boat?' })).toBeTruthy();
    // Answers are written from the Unanswered page: the add forms keep their three tabs.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Website', 'Text', 'File']);
  });

  it('deletes a source only after the confirmation with the spec text', async () => {
    const sent = serve([source({ id: 7, title: 'Docs site', url: 'https://docs.example.com' })], (url, init) =>
      url === `${LIST}/7` && init?.method === 'DELETE' ? json({ success: true }) : undefined,
    );
    renderPage();
    await screen.findByText('Docs site');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Docs site' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Are you sure you want to delete this website source? This will remove all associated content.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(posts(sent)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Docs site' }));
    fireEvent.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('Website Deleted')).toBeTruthy();
    expect(screen.getByText('Website source has been removed.')).toBeTruthy();
    expect(posts(sent).map((s) => [s.method, s.url])).toEqual([['DELETE', `${LIST}/7`]]);
  });

  it('adds text with the JSON body and the success toast; a server error shows its message without the status', async () => {
    let answer = json({ message: 'Text content must be at least 10 characters' }, 400);
    const sent = serve([], (url, init) => (url === LIST && init?.method === 'POST' ? answer : undefined));
    renderPage();
    await screen.findByText('No content sources added yet');
    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    fill('Title', ' Opening hours ');
    fill('Text content', 'We are open daily from 9 to 5.');
    fireEvent.click(screen.getByRole('button', { name: /Add Text/ }));
    expect(await screen.findByText('Text content must be at least 10 characters')).toBeTruthy();
    expect(screen.queryByText(/^400/)).toBeNull();
    expect(screen.getByText('Error')).toBeTruthy();

    answer = json(source({ id: 9, sourceType: 'text', title: 'Opening hours', status: 'pending' }), 201);
    fireEvent.click(screen.getByRole('button', { name: /Add Text/ }));
    expect(await screen.findByText('Content Added')).toBeTruthy();
    expect(screen.getByText('Content source has been added and processing started.')).toBeTruthy();
    const body = posts(sent).map((s) => JSON.parse(String(s.body)));
    expect(body[1]).toEqual({ sourceType: 'text', title: 'Opening hours', textContent: 'We are open daily from 9 to 5.' });
    // The form is cleared for the next text.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('refresh refetches and toasts; rescan toasts its start', async () => {
    const sent = serve([source({ id: 3, title: 'Docs site' })], (url, init) =>
      url === `${LIST}/3/rescan` && init?.method === 'POST' ? json(source({ id: 3, title: 'Docs site', status: 'pending' }), 202) : undefined,
    );
    renderPage();
    await screen.findByText('Docs site');
    const listCalls = () => sent.filter((s) => s.url === LIST).length;
    const before = listCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh sources' }));
    expect(await screen.findByText('Website sources list has been refreshed.')).toBeTruthy();
    expect(screen.getByText('Refreshed')).toBeTruthy();
    expect(listCalls()).toBe(before + 1);

    fireEvent.click(screen.getByRole('button', { name: 'Rescan Docs site' }));
    expect(await screen.findByText('Rescan Started')).toBeTruthy();
    expect(screen.getByText('Website scanning has been restarted.')).toBeTruthy();
  });

  it('uploads a file with the file name as title and "Uploaded file: {file name}" as description when left blank', async () => {
    const sent = serve([], (url, init) =>
      url === `/api/chatbots/${GUID}/upload-text-file` && init?.method === 'POST' ? json(source({ id: 5, sourceType: 'file', fileName: 'faq.md' }), 201) : undefined,
    );
    renderPage();
    await screen.findByText('No content sources added yet');
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    expect(screen.getByPlaceholderText('Defaults to "Uploaded file: {file name}"')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Text, PDF or Word file'), { target: { files: [new File(['# FAQ\n\nWe ship worldwide.'], 'faq.md', { type: 'text/markdown' })] } });
    expect(screen.getByPlaceholderText('Defaults to "Uploaded file: faq.md"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Upload File/ }));
    expect(await screen.findByText('File Uploaded')).toBeTruthy();
    const body = posts(sent)[0]!.body as FormData;
    expect(body.get('title')).toBe('faq.md');
    expect(body.get('description')).toBe('Uploaded file: faq.md');
    expect((body.get('file') as File).name).toBe('faq.md');
  });

  it('uploads a PDF picked in the file input, with the PDF file name as title', async () => {
    const sent = serve([], (url, init) =>
      url === `/api/chatbots/${GUID}/upload-text-file` && init?.method === 'POST' ? json(source({ id: 6, sourceType: 'file', fileName: 'manual.pdf' }), 201) : undefined,
    );
    renderPage();
    await screen.findByText('No content sources added yet');
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    const input = screen.getByLabelText('Text, PDF or Word file') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.pdf', '.docx']));
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7\n'], 'manual.pdf', { type: 'application/pdf' })] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByPlaceholderText('Defaults to "Uploaded file: manual.pdf"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Upload File/ }));
    expect(await screen.findByText('File Uploaded')).toBeTruthy();
    const body = posts(sent)[0]!.body as FormData;
    expect([body.get('title'), body.get('description'), (body.get('file') as File).name]).toEqual(['manual.pdf', 'Uploaded file: manual.pdf', 'manual.pdf']);
  });

  it('keeps a description the owner wrote', async () => {
    const sent = serve([], (url, init) =>
      url === `/api/chatbots/${GUID}/upload-text-file` && init?.method === 'POST' ? json(source({ id: 5, sourceType: 'file', fileName: 'faq.md' }), 201) : undefined,
    );
    renderPage();
    await screen.findByText('No content sources added yet');
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    fireEvent.change(screen.getByLabelText('Text, PDF or Word file'), { target: { files: [new File(['Opening hours: nine to five.'], 'hours.txt', { type: 'text/plain' })] } });
    fill('Title (optional)', ' Hours ');
    fill('Description (optional)', ' When we are open ');
    fireEvent.click(screen.getByRole('button', { name: /Upload File/ }));
    expect(await screen.findByText('File Uploaded')).toBeTruthy();
    const body = posts(sent)[0]!.body as FormData;
    expect([body.get('title'), body.get('description')]).toEqual(['Hours', 'When we are open']);
  });

  it('polls every 3000 ms only while a source is pending or scanning, and never on an error', async () => {
    serve([source({ id: 2, url: 'https://example.com', status: 'scanning' })]);
    const { queryClient } = renderPage();
    await screen.findByText('https://example.com');
    const query = queryClient.getQueryCache().find({ queryKey: queryKeys.chatbots.sources(GUID) })!;
    // The observer's options live on the query; QueryOptions' type leaves the observer-only ones out.
    const options = query.options as { refetchInterval?: unknown; staleTime?: unknown; refetchOnWindowFocus?: unknown };
    const interval = options.refetchInterval as (q: unknown) => number | false;
    const withState = (state: Record<string, unknown>) => interval({ state: { ...query.state, ...state } });
    expect(SCAN_POLL_MS).toBe(3000);
    expect(withState({ data: [source({ status: 'scanning' })] })).toBe(3000);
    expect(withState({ data: [source({ status: 'completed' }), source({ status: 'pending' })] })).toBe(3000);
    expect(withState({ data: [source({ status: 'completed' }), source({ status: 'error' })] })).toBe(false);
    expect(withState({ data: [] })).toBe(false);
    expect(withState({ status: 'error', data: [source({ status: 'scanning' })] })).toBe(false);
    expect(options.staleTime).toBe(0);
  });

  it('refetches the list when the window regains focus', async () => {
    const sent = serve([source({ id: 3, title: 'Docs site' })]);
    renderPage();
    await screen.findByText('Docs site');
    const listCalls = () => sent.filter((s) => s.url === LIST && s.method === 'GET').length;
    const before = listCalls();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    act(() => focusManager.setFocused(undefined));
  });

  it('a website source opens its Pages view: learned and skipped counts, then each page, skipped ones with their reason', async () => {
    const report = {
      sourceId: 1,
      status: 'completed',
      errorMessage: null,
      scan: 'live',
      learned: 2,
      skipped: 2,
      failed: 1,
      pages: [
        { url: 'https://docs.example.com/', title: 'Docs home', status: 'ok', reason: null, chunks: 3 },
        { url: 'https://docs.example.com/private', title: null, status: 'skipped', reason: "Blocked by the site's robots.txt", chunks: 0 },
        { url: 'https://docs.example.com/guide', title: 'Guide', status: 'ok', reason: null, chunks: 1 },
        { url: 'https://docs.example.com/old', title: null, status: 'error', reason: 'Page not found (HTTP 404)', chunks: 0 },
        { url: 'https://docs.example.com/price.pdf', title: null, status: 'skipped', reason: 'Not a web page (.pdf file)', chunks: 0 },
      ],
    };
    const sent = serve(
      [source({ id: 1, title: 'Docs site', url: 'https://docs.example.com/', totalPages: 2 }), source({ id: 2, sourceType: 'text', title: 'Hours' })],
      (url) => (url === `${LIST}/1/pages` ? json(report) : undefined),
    );
    renderPage();
    const items = await screen.findAllByTestId('content-source');
    // only websites have pages to report
    expect(within(items[1]).queryByRole('button', { name: /^Pages of/ })).toBeNull();
    expect(sent.some((s) => s.url.endsWith('/pages'))).toBe(false);

    fireEvent.click(within(items[0]).getByRole('button', { name: 'Pages of Docs site' }));
    const dialog = screen.getByRole('heading', { hidden: true, name: 'Pages of Docs site' }).closest('dialog')!;
    expect(await within(dialog).findByTestId('pages-summary')).toBeTruthy();
    expect(within(dialog).getByTestId('pages-summary').textContent).toBe('2 learned, 3 skipped');
    expect(within(dialog).getAllByTestId('page-learned').map((li) => li.textContent)).toEqual(['Docs home3 chunks', 'Guide1 chunk']);
    expect(within(dialog).getAllByTestId('page-skipped').map((li) => li.textContent)).toEqual([
      "Skippedhttps://docs.example.com/privateBlocked by the site's robots.txt",
      'Failedhttps://docs.example.com/oldPage not found (HTTP 404)',
      'Skippedhttps://docs.example.com/price.pdfNot a web page (.pdf file)',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    expect(screen.queryByTestId('pages-summary')).toBeNull();
  });

  it('an open Pages view fetches the report again when the scan it shows ends', async () => {
    const list = [source({ id: 1, title: 'Docs site', url: 'https://docs.example.com/', status: 'scanning' })];
    let report = { sourceId: 1, status: 'scanning', errorMessage: null, scan: 'live', learned: 0, skipped: 0, failed: 0, pages: [] as unknown[] };
    const sent = serve(list, (url) => (url === `${LIST}/1/pages` ? json(report) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pages of Docs site' }));
    expect(await screen.findByText('A scan is under way: this list shows the previous scan until it finishes.')).toBeTruthy();
    expect(screen.getByTestId('pages-summary').textContent).toBe('0 learned, 0 skipped');

    list[0] = source({ id: 1, title: 'Docs site', url: 'https://docs.example.com/', status: 'completed', totalPages: 1 });
    report = { ...report, status: 'completed', learned: 1, pages: [{ url: 'https://docs.example.com/', title: 'Docs home', status: 'ok', reason: null, chunks: 2 }] };
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('pages-summary').textContent).toBe('1 learned, 0 skipped'));
    expect(screen.getAllByTestId('page-learned').map((li) => li.textContent)).toEqual(['Docs home2 chunks']);
    expect(screen.queryByText(/A scan is under way/)).toBeNull();
    expect(sent.filter((s) => s.url === `${LIST}/1/pages`)).toHaveLength(2);
    act(() => focusManager.setFocused(undefined));
  });

  it('the Pages view of a failed scan says so and lists what that scan reached', async () => {
    const report = {
      sourceId: 1,
      status: 'error',
      errorMessage: "The site's security certificate could not be verified",
      scan: 'failed',
      learned: 0,
      skipped: 0,
      failed: 1,
      pages: [{ url: 'https://self-signed.example/', title: null, status: 'error', reason: "The site's security certificate could not be verified", chunks: 0 }],
    };
    serve([source({ id: 1, url: 'https://self-signed.example/', status: 'error', errorMessage: report.errorMessage })], (url) =>
      url === `${LIST}/1/pages` ? json(report) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pages of https://self-signed.example/' }));
    const dialog = screen.getByRole('heading', { hidden: true, name: 'Pages of https://self-signed.example/' }).closest('dialog')!;
    expect((await within(dialog).findByTestId('pages-summary')).textContent).toBe('0 learned, 1 skipped');
    expect(within(dialog).getByText(/^The last scan failed: The site's security certificate could not be verified\./)).toBeTruthy();
    expect(within(dialog).getAllByTestId('page-skipped').map((li) => li.textContent)).toEqual([
      "Failedhttps://self-signed.example/The site's security certificate could not be verified",
    ]);
  });

  it('a scan watched to its end in error toasts "Scan failed" with the plain reason; one that learned nothing says so', async () => {
    const list = [
      source({ id: 1, title: 'Old failure', status: 'error', errorMessage: 'Connection refused' }),
      source({ id: 2, title: 'Shop', url: 'https://shop.example/', status: 'scanning' }),
      source({ id: 3, title: 'Blog', url: 'https://blog.example/', status: 'pending' }),
    ];
    serve(list);
    renderPage();
    await screen.findByText('Shop');
    // a failure from before the page was opened is in the list, not in a toast
    expect(screen.queryByText('Scan failed')).toBeNull();

    list[1] = source({ id: 2, title: 'Shop', url: 'https://shop.example/', status: 'error', errorMessage: "The site's security certificate could not be verified" });
    list[2] = source({ id: 3, title: 'Blog', url: 'https://blog.example/', status: 'completed', totalPages: 0 });
    // the next fetch (a poll, here the window regaining focus) sees both end: one toast tells both
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Scan failed')).toBeTruthy();
    expect(screen.getByText("Shop: The site's security certificate could not be verified")).toBeTruthy();
    expect(screen.getByText('Blog: the scan finished but no page could be learned.')).toBeTruthy();
    act(() => focusManager.setFocused(undefined));

    // alone, a scan that learned nothing is not called a failure
    list[2] = source({ id: 3, title: 'Blog', url: 'https://blog.example/', status: 'pending' });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getAllByTestId('source-status').map((b) => b.textContent)).toEqual(['error', 'error', 'pending']));
    list[2] = source({ id: 3, title: 'Blog', url: 'https://blog.example/', status: 'completed', totalPages: 0 });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Nothing learned')).toBeTruthy();
    expect(screen.getByText('Blog: the scan finished but no page could be learned.')).toBeTruthy();
    expect(screen.queryByText('Scan failed')).toBeNull();
    act(() => focusManager.setFocused(undefined));
  });

  it('adding a website that fails at once: "Content Added" for the request, then "Scan failed" with the reason', async () => {
    let list: unknown[] = [];
    const sent = serve([], (url, init) => {
      if (url === LIST && init?.method === 'POST') {
        list = [source({ id: 8, url: 'https://down.example/', status: 'error', errorMessage: 'Connection refused' })];
        return json(source({ id: 8, url: 'https://down.example/', status: 'pending' }), 201);
      }
      if (url === LIST) return json(list);
      return undefined;
    });
    renderPage();
    await screen.findByText('No content sources added yet');
    fill('Website URL', 'https://down.example/');
    fireEvent.click(screen.getByRole('button', { name: /Add Website/ }));
    expect(await screen.findByText('Content Added')).toBeTruthy();
    expect(await screen.findByText('Scan failed')).toBeTruthy();
    expect(screen.getByText('https://down.example/: Connection refused')).toBeTruthy();
    expect(posts(sent)).toHaveLength(1);
  });

  it('a missing or foreign bot shows Chatbot Not Found', async () => {
    serve([]);
    renderPage('00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Chatbot Not Found')).toBeTruthy();
    expect(screen.getByText("The chatbot you're looking for doesn't exist or you don't have permission to access it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });
});
