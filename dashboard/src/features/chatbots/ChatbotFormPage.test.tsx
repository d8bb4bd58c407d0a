import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';

import { CreateChatbotPage, EditChatbotPage } from './ChatbotFormPage';
import { chatbotPayload, emptyChatbotForm, UNREADABLE_NUMBER, validateChatbotForm } from './chatbotFormValues';
import { chatbotFixture } from '../../test/chatbotFixture';

const guid = '00000000-0000-4000-8000-000000000001';
const LIMIT_ERROR = 'Daily message limit must be between 1 and 1000000';
const bot = chatbotFixture(guid, { welcomeMessage: 'Hi!' as string | null, dailyMessageLimit: 500 as number | null });

const limitInput = () => screen.getByLabelText('Daily Message Limit') as HTMLInputElement;
const setLimit = (value: string) => fireEvent.change(limitInput(), { target: { value } });
const sentBodies = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));

function renderEdit(saved = bot) {
  const fetchMock = mockFetch((url, init) => {
    if (!url.endsWith(`/api/chatbots/${guid}`)) return undefined;
    return init?.method === 'PUT' ? json({ ...saved, ...JSON.parse(String(init.body)) }) : json(saved);
  });
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid" element={<EditChatbotPage />} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { path: `/chatbots/${guid}` },
  );
  return fetchMock;
}

describe('Daily message limit', () => {
  usePageTestEnv();

  it('create: empty by default with its help text; a filled value is sent as a number', async () => {
    const fetchMock = mockFetch((url, init) => (url.endsWith('/api/chatbots') && init?.method === 'POST' ? json({ ...bot, ...JSON.parse(String(init.body)) }, 201) : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/chatbots/new" element={<CreateChatbotPage />} />
        <Route path="/dashboard" element={<p>Dashboard</p>} />
      </Routes>,
      { path: '/chatbots/new' },
    );
    expect(limitInput().value).toBe('');
    expect(limitInput().type).toBe('number');
    expect(screen.getByText(/Most visitor messages this bot answers per day \(UTC\)\. Leave empty for no daily cap\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbor Help' } });
    setLimit('250');
    fireEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST')[0]).toMatchObject({ name: 'Harbor Help', dailyMessageLimit: 250 });
  });

  it('edit: shows the saved cap and sends a new one', async () => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    setLimit('250');
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT')[0].dailyMessageLimit).toBe(250);
  });

  it('edit: clearing the field sends null so the cap is removed', async () => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    setLimit('');
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT')[0]).toHaveProperty('dailyMessageLimit', null);
  });

  it.each(['0', '1.5', '1000001'])('rejects %s with the message and sends nothing', async (value) => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    setLimit(value);
    expect(await screen.findByText(LIMIT_ERROR)).toBeTruthy();
    expect(limitInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    expect(sentBodies(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('text the browser cannot read as a number is an error, not "no cap"', async () => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    // jsdom has no badInput; pretend the browser holds unreadable text such as "1e".
    Object.defineProperty(limitInput(), 'validity', { value: { badInput: true }, configurable: true });
    setLimit('');
    expect(await screen.findByText(LIMIT_ERROR)).toBeTruthy();
    expect(limitInput().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    expect(sentBodies(fetchMock, 'PUT')).toHaveLength(0);
  });
});

describe('chatbotForm daily message limit rules', () => {
  it('accepts empty and whole numbers 1..1000000 only', () => {
    const withLimit = (dailyMessageLimit: string) => ({ ...emptyChatbotForm(), name: 'Bot', dailyMessageLimit });
    for (const ok of ['', ' ', '1', '250', '1000000']) expect(validateChatbotForm(withLimit(ok), 'edit').dailyMessageLimit).toBeUndefined();
    for (const bad of ['0', '-3', '1.5', '1000001', 'abc', UNREADABLE_NUMBER]) expect(validateChatbotForm(withLimit(bad), 'create').dailyMessageLimit).toBe(LIMIT_ERROR);
    expect(chatbotPayload(withLimit(''), 'create').dailyMessageLimit).toBeNull();
    expect(chatbotPayload(withLimit(''), 'edit').dailyMessageLimit).toBeNull();
    expect(chatbotPayload(withLimit('250'), 'edit').dailyMessageLimit).toBe(250);
  });
});

describe('chatbotForm recipient email', () => {
  it('uses the server rule: jo@example..com is refused when editing, an empty recipient is fine', () => {
    const withEmail = (formRecipientEmail: string) => ({ ...emptyChatbotForm(), name: 'Bot', formRecipientEmail });
    expect(validateChatbotForm(withEmail('jo@example..com'), 'edit').formRecipientEmail).toBe('Valid email required');
    expect(validateChatbotForm(withEmail('x@'), 'edit').formRecipientEmail).toBe('Valid email required');
    expect(validateChatbotForm(withEmail(' ada@example.com '), 'edit')).toEqual({});
    expect(validateChatbotForm(withEmail(''), 'edit')).toEqual({});
    expect(validateChatbotForm(withEmail('jo@example..com'), 'create')).toEqual({});
  });

  it('keeps the form texts for the other fields', () => {
    const form = { ...emptyChatbotForm(), systemPrompt: ' ', model: '', temperature: '', maxTokens: '99' };
    expect(validateChatbotForm(form, 'create')).toEqual({
      name: 'Name is required',
      systemPrompt: 'System prompt is required',
      model: 'Model is required',
      temperature: 'Temperature must be between 0 and 10',
      maxTokens: 'Max tokens must be between 100 and 4000',
    });
  });
});

describe('Edit form', () => {
  usePageTestEnv();

  it('sends every field as before, with the switch and trimmed texts', async () => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Recipient Email'), { target: { value: ' help@harbor.example ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '  Boats  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT')[0]).toEqual({
      name: 'Harbor Help',
      description: 'Boats',
      avatarUrl: null,
      systemPrompt: 'Be helpful.',
      model: 'gpt-4o',
      temperature: 7,
      maxTokens: 1000,
      dailyMessageLimit: 500,
      welcomeMessage: 'Hi!',
      fallbackMessage: null,
      initialMessages: [],
      isActive: false,
      formRecipientEmail: 'help@harbor.example',
      formRecipientName: null,
      formConfirmationMessage: null,
      allowedDomains: [],
    });
  });

  it('refuses a recipient the server would refuse and sends nothing', async () => {
    const fetchMock = renderEdit();
    await waitFor(() => expect(limitInput().value).toBe('500'));
    fireEvent.change(screen.getByLabelText('Recipient Email'), { target: { value: 'jo@example..com' } });
    expect(await screen.findByText('Valid email required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(screen.getByLabelText('Recipient Email').getAttribute('aria-invalid')).toBe('true'));
    expect(sentBodies(fetchMock, 'PUT')).toHaveLength(0);
  });
});

const systemStatus = (modelConfigured: boolean | 'unreadable') => (url: string) =>
  !url.endsWith('/api/system/status')
    ? undefined
    : modelConfigured === 'unreadable'
      ? json({ message: 'Internal server error' }, 500)
      : json({ modelConfigured, emailConfigured: false });

function renderEditWith(answerPut: (body: Record<string, unknown>) => Response, saved = bot, modelConfigured: boolean | 'unreadable' = true) {
  const fetchMock = mockFetch(systemStatus(modelConfigured), (url, init) => {
    if (!url.endsWith(`/api/chatbots/${guid}`)) return undefined;
    return init?.method === 'PUT' ? answerPut(JSON.parse(String(init.body))) : json(saved);
  });
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid" element={<EditChatbotPage />} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { path: `/chatbots/${guid}` },
  );
  return fetchMock;
}

function renderCreate(answerPost: (body: Record<string, unknown>) => Response, modelConfigured = true) {
  const fetchMock = mockFetch(systemStatus(modelConfigured), (url, init) =>
    url.endsWith('/api/chatbots') && init?.method === 'POST' ? answerPost(JSON.parse(String(init.body))) : undefined,
  );
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/new" element={<CreateChatbotPage />} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { path: '/chatbots/new' },
  );
  return fetchMock;
}

const domainsInput = () => screen.getByLabelText('Allowed domains') as HTMLTextAreaElement;

describe('Edit page: not found', () => {
  usePageTestEnv();

  it('says "Chatbot Not Found" without permission wording', async () => {
    mockFetch();
    renderWithProviders(
      <Routes>
        <Route path="/chatbots/:guid" element={<EditChatbotPage />} />
      </Routes>,
      { path: `/chatbots/${guid}` },
    );
    expect(await screen.findByRole('heading', { name: 'Chatbot Not Found' })).toBeTruthy();
    expect(screen.getByText("The chatbot you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.queryByText(/permission/)).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('Allowed domains', () => {
  usePageTestEnv();

  it('edit: shows the saved hosts one per line with the hint, and sends hosts typed per line or comma-separated', async () => {
    const fetchMock = renderEditWith((body) => json({ ...bot, ...body }), { ...bot, allowedDomains: ['example.com', '*.shop.example.com'] });
    await waitFor(() => expect(domainsInput().value).toBe('example.com\n*.shop.example.com'));
    expect(screen.getByText('Leave empty to allow any site. One host per line or separated by commas; *.example.com allows its subdomains.')).toBeTruthy();
    fireEvent.change(domainsInput(), { target: { value: 'example.com, Docs.Example.com\n\nlocalhost:3000,\nEXAMPLE.com docs.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT')).toHaveLength(1));
    // Host names know no case: one entry per host, lower-cased as the server stores it.
    expect(sentBodies(fetchMock, 'PUT')[0].allowedDomains).toEqual(['example.com', 'docs.example.com', 'localhost:3000']);
  });

  it('edit: an empty field sends an empty list (any site)', async () => {
    const fetchMock = renderEditWith((body) => json({ ...bot, ...body }), { ...bot, allowedDomains: ['example.com'] });
    await waitFor(() => expect(domainsInput().value).toBe('example.com'));
    fireEvent.change(domainsInput(), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT')[0].allowedDomains).toEqual([]);
  });

  it('refuses what the server refuses, with its message, and sends nothing', async () => {
    const fetchMock = renderEditWith((body) => json({ ...bot, ...body }));
    await waitFor(() => expect(limitInput().value).toBe('500'));
    fireEvent.change(domainsInput(), { target: { value: 'example.com\nhttps://shop.example.com/' } });
    expect(await screen.findByText('Allowed domains must be host names like example.com')).toBeTruthy();
    fireEvent.change(domainsInput(), { target: { value: Array.from({ length: 51 }, (_, i) => `site${i}.example.com`).join('\n') } });
    expect(await screen.findByText('List at most 50 allowed domains')).toBeTruthy();
    // 50 hosts written in two cases are still 50 hosts.
    const fifty = Array.from({ length: 50 }, (_, i) => `site${i}.example.com`);
    fireEvent.change(domainsInput(), { target: { value: [...fifty, ...fifty.map((d) => d.toUpperCase())].join('\n') } });
    await waitFor(() => expect(screen.queryByText('List at most 50 allowed domains')).toBeNull());
    fireEvent.change(domainsInput(), { target: { value: Array.from({ length: 51 }, (_, i) => `site${i}.example.com`).join('\n') } });
    expect(await screen.findByText('List at most 50 allowed domains')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    await waitFor(() => expect(domainsInput().getAttribute('aria-invalid')).toBe('true'));
    expect(sentBodies(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('is not on the create form, which sends no allowedDomains', async () => {
    const fetchMock = renderCreate((body) => json({ ...bot, ...body }, 201));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbor Help' } });
    expect(screen.queryByLabelText('Allowed domains')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST')[0]).not.toHaveProperty('allowedDomains');
  });
});

describe('Avatar URL and server field errors', () => {
  usePageTestEnv();

  it.each(['https://exa mple.com/a.png', '//cdn.example.com/a.png', 'https://'])('create: the avatar URL %j is refused with the server rule and nothing is sent', async (url) => {
    const fetchMock = renderCreate((body) => json({ ...bot, ...body }, 201));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbor Help' } });
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: url } });
    fireEvent.click(screen.getByRole('button', { name: 'Set URL' }));
    expect(await screen.findByText('Avatar URL must be an http(s) URL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(sentBodies(fetchMock, 'POST')).toHaveLength(0);
  });

  it('create: a 400 puts the server messages under their fields and keeps the spec toast', async () => {
    renderCreate(() =>
      json({ message: 'Avatar URL must be an http(s) URL', details: { fieldErrors: { avatarUrl: ['Avatar URL must be an http(s) URL'], name: ['That name is taken'] }, formErrors: [] } }, 400),
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbor Help' } });
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'https://cdn.example.com/a.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set URL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText('Failed to create chatbot configuration. Please try again.')).toBeTruthy();
    expect(await screen.findByText('That name is taken')).toBeTruthy();
    expect(screen.getByText('Avatar URL must be an http(s) URL')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('edit: a 400 on allowedDomains shows under the field, with the update toast', async () => {
    renderEditWith(() => json({ message: 'Allowed domains must be host names like example.com', details: { fieldErrors: { allowedDomains: ['Allowed domains must be host names like example.com'] }, formErrors: [] } }, 400));
    await waitFor(() => expect(limitInput().value).toBe('500'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Chatbot' }));
    expect(await screen.findByText('Failed to update chatbot configuration. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Allowed domains must be host names like example.com')).toBeTruthy();
    expect(domainsInput().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Model field honesty', () => {
  usePageTestEnv();

  it('without a model key: "Offline answers (no model configured)" and how to use the picked model', async () => {
    renderEditWith((body) => json({ ...bot, ...body }), bot, false);
    expect(await screen.findByText('Offline answers (no model configured)')).toBeTruthy();
    expect(screen.getByText('Set OPENAI_API_KEY on the server to use gpt-4o.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4.1' } });
    expect(await screen.findByText('Set OPENAI_API_KEY on the server to use gpt-4.1.')).toBeTruthy();
  });

  it('when the status cannot be read: no offline claim, on the form or in the prompt assistant', async () => {
    const fetchMock = renderEditWith((body) => json({ ...bot, ...body }), bot, 'unreadable');
    await waitFor(() => expect(limitInput().value).toBe('500'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/system/status'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Offline answers (no model configured)')).toBeNull();
    expect(screen.queryByText(/Offline assistant/)).toBeNull();
  });

  it('with a model configured: no notice', async () => {
    renderEditWith((body) => json({ ...bot, ...body }), bot, true);
    await waitFor(() => expect(limitInput().value).toBe('500'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Offline answers (no model configured)')).toBeNull();
  });
});
