import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { ChatbotLeadsPage, LeadsPage } from './LeadsPage';

const guid = '00000000-0000-4000-8000-000000000001';
const bot = { id: 1, guid, name: 'Harbor Help', description: '', model: 'gpt-4o', isActive: true, avatarUrl: null };

type Lead = ReturnType<typeof lead>;
const otherGuid = '00000000-0000-4000-8000-000000000002';
const otherBot = { ...bot, id: 2, guid: otherGuid, name: 'Dock Desk' };

type Extra = Partial<{ chatbotName: string; emailSent: boolean; message: string; isTest: boolean; fromParleyBot: boolean; email: string | null }>;
function lead(id: number, name: string, read: boolean, extra: Extra = {}) {
  const message = extra.message ?? `Message from ${name}`;
  return {
    id,
    chatbotGuid: guid,
    chatbotName: extra.chatbotName ?? 'Harbor Help',
    fromParleyBot: extra.fromParleyBot ?? false,
    sessionId: `session_1700000000000_abcdefghijklmnopqrstuv${id}`,
    formTitle: 'Contact our team',
    fields: [
      { id: 'name', label: 'Name', value: name },
      { id: 'email', label: 'Email', value: `${name.split(' ')[0].toLowerCase()}@example.com` },
      { id: 'message', label: 'Message', value: message },
    ],
    name,
    email: extra.email === undefined ? `${name.split(' ')[0].toLowerCase()}@example.com` : extra.email,
    message,
    emailSent: extra.emailSent ?? false,
    isTest: extra.isTest ?? false,
    read,
    readAt: read ? '2024-03-02T10:00:00.000Z' : null,
    createdAt: `2024-03-0${id}T10:00:00.000Z`,
  };
}

/** The inbox page as the API answers it: whether mail is configured comes from /api/system/status only. */
function page(leads: Lead[]) {
  return {
    leads,
    pagination: { totalCount: leads.length, currentPage: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
    unreadCount: leads.filter((l) => !l.read && !l.isTest).length,
  };
}

/** Serves the inbox from a mutable list, so PATCH changes what the next GET answers. */
function serveLeads(leads: Lead[], { emailConfigured = true, otherLeads = [] as Lead[] } = {}) {
  return mockFetch(
    (url) => (url.endsWith('/api/system/status') ? json({ modelConfigured: false, emailConfigured }) : undefined),
    (url) => (url.endsWith(`/api/chatbots/${guid}`) ? json(bot) : undefined),
    (url) => (url.endsWith(`/api/chatbots/${otherGuid}`) ? json(otherBot) : undefined),
    (url) => (url.includes(`/api/chatbots/${otherGuid}/leads?`) ? json(page(otherLeads)) : undefined),
    (url, init) => {
      const match = /\/api\/leads\/(\d+)$/.exec(url);
      if (!match || init?.method !== 'PATCH') return undefined;
      const target = leads.find((l) => l.id === Number(match[1]))!;
      const { read } = JSON.parse(String(init.body)) as { read: boolean };
      Object.assign(target, { read, readAt: read ? '2024-03-09T10:00:00.000Z' : null });
      return json(target);
    },
    (url) => (/\/api\/(leads|chatbots\/[^/]+\/leads)\?/.test(url) ? json(page(leads)) : undefined),
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/leads" element={<LeadsPage />} />
      <Route
        path="/chatbots/:guid/leads"
        element={
          <>
            <Link to={`/chatbots/${guid}/leads`}>First bot</Link>
            <Link to={`/chatbots/${otherGuid}/leads`}>Other bot</Link>
            <ChatbotLeadsPage />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

describe('Leads inbox', () => {
  usePageTestEnv();
  beforeEach(() => localStorage.clear());

  it('lists leads newest first, unread in bold with a New badge, and exports CSV', async () => {
    serveLeads([lead(3, 'Cleo Newest', false, { chatbotName: 'Boat Bot' }), lead(2, 'Bo Middle', true), lead(1, 'Ada Oldest', false)]);
    renderAt('/leads');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Leads');
    const items = await screen.findAllByTestId('lead');
    expect(items.map((i) => within(i).getByTestId('lead-name').textContent)).toEqual(['Cleo Newest', 'Bo Middle', 'Ada Oldest']);
    expect(items.map((i) => i.dataset.read)).toEqual(['false', 'true', 'false']);
    expect(within(items[0]).getByTestId('lead-name').className).toContain('font-bold');
    expect(within(items[1]).getByTestId('lead-name').className).toContain('font-normal');
    expect(within(items[0]).getByText('New')).toBeTruthy();
    expect(within(items[1]).queryByText('New')).toBeNull();
    // Across bots, each lead names its bot.
    expect(within(items[0]).getByText('Boat Bot')).toBeTruthy();
    expect(screen.getByTestId('lead-count').textContent).toBe('3 leads · 2 unread');
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/leads/export.csv');
  });

  it('opening a lead shows every field, marks it read and links to its conversation; Mark unread undoes it', async () => {
    const leads = [lead(2, 'Vera Visitor', false, { message: 'Call me\nafter 5.', emailSent: true }), lead(1, 'Old One', true)];
    const fetchMock = serveLeads(leads);
    renderAt('/leads');
    const [first] = await screen.findAllByTestId('lead');
    fireEvent.click(within(first).getByRole('button', { name: /Vera Visitor/ }));
    const detail = await within(first).findByTestId('lead-detail');
    expect([...detail.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Name', 'Email', 'Message']);
    expect([...detail.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['Vera Visitor', 'vera@example.com', 'Call me\nafter 5.']);
    expect(within(detail).getByTestId('lead-email-status').textContent).toBe('Sent to you by email');
    expect(within(detail).getByRole('link', { name: /View conversation/ }).getAttribute('href')).toBe(
      `/chatbots/${guid}/history?session=${leads[0].sessionId}`,
    );
    expect(within(detail).getByRole('link', { name: /Reply by email/ }).getAttribute('href')).toBe('mailto:vera@example.com');

    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [String(url), String(init?.body)]);
    await waitFor(() => expect(patches()).toEqual([['/api/leads/2', '{"read":true}']]));
    await waitFor(() => expect(screen.getByTestId('lead-count').textContent).toBe('2 leads · 0 unread'));
    expect(within(first).getByTestId('lead-name').className).toContain('font-normal');

    fireEvent.click(within(detail).getByRole('button', { name: 'Mark unread' }));
    await waitFor(() => expect(patches().at(-1)).toEqual(['/api/leads/2', '{"read":false}']));
    await waitFor(() => expect(screen.getByTestId('lead-count').textContent).toBe('2 leads · 1 unread'));
    expect(within(first).queryByTestId('lead-detail')).toBeNull();
    expect(within(first).getByText('New')).toBeTruthy();
  });

  it('shows "No leads yet" and no export when there are none', async () => {
    serveLeads([]);
    renderAt('/leads');
    expect(await screen.findByText('No leads yet')).toBeTruthy();
    expect(screen.getByTestId('lead-count').textContent).toBe('0 leads · 0 unread');
    expect(screen.queryByRole('link', { name: /Export CSV/ })).toBeNull();
  });

  it("one bot's inbox asks for that bot's leads and exports only them", async () => {
    const fetchMock = serveLeads([lead(1, 'Only Bot', false)]);
    renderAt(`/chatbots/${guid}/leads`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    await screen.findAllByTestId('lead');
    expect(screen.getByText('Contact requests visitors sent to Harbor Help, newest first.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).some((u) => u.startsWith(`/api/chatbots/${guid}/leads?`))).toBe(true);
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe(`/api/leads/export.csv?chatbot=${guid}`);
    // One bot's inbox does not repeat the bot's name on every lead.
    expect(within(screen.getByTestId('lead')).queryByText('Harbor Help')).toBeNull();
  });

  it('without a mail server says so once, with how to configure it, until dismissed', async () => {
    serveLeads([lead(1, 'Kept Lead', false)], { emailConfigured: false });
    const first = renderAt('/leads');
    const notice = await screen.findByTestId('smtp-notice');
    expect(within(notice).getByText('Leads are kept in the inbox; configure SMTP to get them by email.')).toBeTruthy();
    expect(notice.textContent).toContain("Set SMTP_URL (for example smtp://user:password@mail.example.com:587) in the server's environment and restart Parley.");
    const [item] = await screen.findAllByTestId('lead');
    fireEvent.click(within(item).getByRole('button', { name: /Kept Lead/ }));
    expect((await within(item).findByTestId('lead-email-status')).textContent).toBe('Not emailed: no mail server is configured');

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss email notice' }));
    expect(screen.queryByTestId('smtp-notice')).toBeNull();
    expect(localStorage.getItem('parley.smtpNoticeDismissed')).toBe('1');
    first.unmount();

    renderAt('/leads');
    await screen.findAllByTestId('lead');
    expect(screen.queryByTestId('smtp-notice')).toBeNull();
  });

  it('with a mail server shows no notice', async () => {
    serveLeads([lead(1, 'Mailed Lead', false, { emailSent: true })]);
    renderAt('/leads');
    await screen.findAllByTestId('lead');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('smtp-notice')).toBeNull();
  });

  it('labels leads from test chats "Test" and leaves them out of the unread count', async () => {
    serveLeads([lead(2, 'Tess Tester', false, { isTest: true }), lead(1, 'Real Visitor', false)]);
    renderAt('/leads');
    const [test, real] = await screen.findAllByTestId('lead');
    const badge = within(test).getByText('Test', { exact: true });
    expect(badge.className).toContain('amber');
    expect(within(real).queryByText('Test', { exact: true })).toBeNull();
    expect(screen.getByTestId('lead-count').textContent).toBe('2 leads · 1 unread');
  });

  it('offers Reply by email only for a valid address, and no conversation link for Parley’s own bot', async () => {
    serveLeads([lead(2, 'Bad Mail', false, { email: 'not an address' }), lead(1, 'Demo Visitor', false, { fromParleyBot: true })]);
    renderAt('/leads');
    const [bad, demo] = await screen.findAllByTestId('lead');
    fireEvent.click(within(bad).getByRole('button', { name: /Bad Mail/ }));
    const badDetail = await within(bad).findByTestId('lead-detail');
    expect(within(badDetail).queryByRole('link', { name: /Reply by email/ })).toBeNull();
    expect(within(badDetail).getByRole('link', { name: /View conversation/ })).toBeTruthy();
    fireEvent.click(within(demo).getByRole('button', { name: /Demo Visitor/ }));
    const demoDetail = await within(demo).findByTestId('lead-detail');
    expect(within(demoDetail).getByRole('link', { name: /Reply by email/ }).getAttribute('href')).toBe('mailto:demo@example.com');
    expect(within(demoDetail).queryByRole('link', { name: /View conversation/ })).toBeNull();
  });

  it("starts afresh on another bot's inbox: no lead left open from the previous bot", async () => {
    serveLeads([lead(1, 'First Bot Lead', true)], { otherLeads: [{ ...lead(1, 'Second Bot Lead', true), chatbotGuid: otherGuid, chatbotName: 'Dock Desk' }] });
    // Both bots visited once, so switching back finds the other bot already loaded.
    renderAt(`/chatbots/${otherGuid}/leads`);
    await screen.findByText('Second Bot Lead');
    fireEvent.click(screen.getByRole('link', { name: 'First bot' }));
    fireEvent.click(within(await screen.findByTestId('lead')).getByRole('button', { name: /First Bot Lead/ }));
    await screen.findByTestId('lead-detail');
    fireEvent.click(screen.getByRole('link', { name: 'Other bot' }));
    await screen.findByText('Second Bot Lead');
    expect(screen.queryByTestId('lead-detail')).toBeNull();
  });
});
