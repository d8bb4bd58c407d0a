import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { AdminPage } from './AdminPage';

const plans = [
  { id: 'free', name: 'Free', maxBots: 1, maxMessagesPerMonth: 100, price: 0, sortOrder: 0 },
  { id: 'basic', name: 'Basic', maxBots: 3, maxMessagesPerMonth: 2000, price: 1900, sortOrder: 1 },
  { id: 'premium', name: 'Premium', maxBots: 10, maxMessagesPerMonth: 10000, price: 4900, sortOrder: 2 },
  { id: 'ultra', name: 'Ultra', maxBots: -1, maxMessagesPerMonth: -1, price: 9900, sortOrder: 3 },
].map((p) => ({ ...p, description: '', currency: 'usd', features: [] }));

function account(id: string, email: string, planId: string, extra: Record<string, unknown> = {}) {
  const plan = plans.find((p) => p.id === planId)!;
  return {
    id,
    email,
    name: null,
    isAdmin: false,
    createdAt: '2024-03-01T10:00:00.000Z',
    plan: { id: plan.id, name: plan.name },
    status: 'active',
    cancelAtPeriodEnd: false,
    messagesUsedThisMonth: 42,
    maxMessagesPerMonth: plan.maxMessagesPerMonth,
    maxBots: plan.maxBots,
    activeBots: 1,
    totalBots: 1,
    ...extra,
  };
}

const bot = (guid: string, name: string, extra: Record<string, unknown> = {}) => ({
  id: Number(guid.slice(-1)),
  guid,
  name,
  ownerId: 'u2',
  ownerEmail: 'olga@example.com',
  isActive: true,
  isPublicDefault: false,
  disabledByAdminAt: null as string | null,
  ...extra,
});

const pagination = (totalCount: number) => ({ totalCount, currentPage: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false });

type Sent = { url: string; method: string; body: unknown };

/** The admin API as a small in-memory server, so actions change what the next GET answers. */
function serveAdmin() {
  const sent: Sent[] = [];
  const accounts = [account('u1', 'ada@example.com', 'ultra', { isAdmin: true, name: 'Ada Admin' }), account('u2', 'olga@example.com', 'free')];
  const bots = [
    bot('00000000-0000-4000-8000-000000000001', 'Parley Assistant', { ownerId: 'system', ownerEmail: 'system@parley.invalid', isPublicDefault: true }),
    bot('00000000-0000-4000-8000-000000000002', 'Spam Blaster'),
    bot('00000000-0000-4000-8000-000000000003', 'Idle Bot', { isActive: false }),
  ];
  const actions: Record<string, unknown>[] = [];
  const log = (action: string, details: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    actions.unshift({ id: actions.length + 1, adminEmail: 'ada@example.com', action, targetUserId: 'u2', targetEmail: 'olga@example.com', targetChatbotId: null, targetChatbotName: null, details, createdAt: '2024-03-02T10:00:00.000Z', ...extra });
  const fetchMock = mockFetch(
    (url) => (url.endsWith('/api/auth/user') ? json({ id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null }) : undefined),
    (url) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin: true }) : undefined),
    (url) => (url.endsWith('/api/subscription/plans') ? json(plans) : undefined),
    (url, init) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (url.includes('/api/admin/')) sent.push({ url, method, body });
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/admin/accounts') return json({ accounts, pagination: pagination(accounts.length) });
      if (path === '/api/admin/accounts/u2/chatbots') return json(bots.filter((b) => b.ownerId === 'u2'));
      if (path === '/api/admin/chatbots') return json(bots);
      if (path === '/api/admin/actions') return json({ actions, pagination: pagination(actions.length) });
      if (path === '/api/admin/accounts/u2/plan' && method === 'POST') {
        const plan = plans.find((p) => p.id === body.planId)!;
        Object.assign(accounts[1], { plan: { id: plan.id, name: plan.name }, maxBots: plan.maxBots, maxMessagesPerMonth: plan.maxMessagesPerMonth });
        log('change_plan', { fromPlanId: 'free', toPlanId: plan.id });
        return json({ message: `olga@example.com is now on the ${plan.name} plan.` });
      }
      const deactivate = /^\/api\/admin\/chatbots\/([^/]+)\/deactivate$/.exec(path);
      if (deactivate && method === 'POST') {
        const target = bots.find((b) => b.guid === deactivate[1])!;
        Object.assign(target, { isActive: false, disabledByAdminAt: '2024-03-02T10:00:00.000Z' });
        log('deactivate_chatbot', { reason: body.reason, botName: target.name, ownerEmail: target.ownerEmail }, { targetChatbotName: target.name });
        return json(target);
      }
      if (path === '/api/admin/default-chatbot' && method === 'POST') {
        return json({ message: 'This chatbot is inactive. Only an active chatbot can be the default public chatbot.' }, 409);
      }
      return undefined;
    },
  );
  return { sent, fetchMock };
}

const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);
/** jsdom has no showModal: an open <dialog> still counts as hidden. */
const dialog = (title: RegExp) => within(screen.getAllByRole('dialog', { hidden: true }).find((d) => title.test(d.textContent ?? ''))!);

describe('admin page', () => {
  usePageTestEnv();

  it('tells a signed-in non-admin "Administrators only" and asks the admin API nothing', async () => {
    const fetchMock = mockFetch(signedInAs({ email: 'olga@example.com' }));
    renderWithProviders(<AdminPage />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Administrators only' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/admin'))).toEqual([]);
  });

  it('lists accounts with plan (Free as Trial), usage against the caps, and the current default bot', async () => {
    serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    await screen.findByRole('heading', { level: 1, name: 'Admin' });
    const rows = await screen.findAllByTestId('account-row');
    expect(rows.map((r) => r.getAttribute('data-email'))).toEqual(['ada@example.com', 'olga@example.com']);
    const [ada, olga] = rows.map((r) => within(r));
    expect(ada.getByText('Admin')).toBeTruthy();
    expect(ada.getByText('42 / Unlimited')).toBeTruthy();
    await waitFor(() => expect((olga.getByLabelText('Plan of olga@example.com') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Trial'));
    expect(olga.getByText('42 / 100')).toBeTruthy();
    expect(olga.getByText('1 / 1')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('current-default').textContent).toContain('Parley Assistant'));
    // Only active bots are offered as the new default.
    const options = within(screen.getByLabelText('New default')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Choose an active chatbot', 'Parley Assistant (Parley), current', 'Spam Blaster (olga@example.com)']);
    expect(await screen.findByText('No admin actions yet.')).toBeTruthy();
  });

  it('changes a plan after a confirmation, toasts the server message and shows the log entry', async () => {
    const { sent } = serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    const select = (await screen.findByLabelText('Plan of olga@example.com')) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(select, { target: { value: 'premium' } });
    const confirm = dialog(/Change plan\?/);
    expect(confirm.getByText('Put olga@example.com on the Premium plan now, without payment? The change is logged.')).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    fireEvent.click(confirm.getByRole('button', { name: 'Change plan', hidden: true }));
    await waitFor(() => expect(toastTexts()).toContainEqual(['success', expect.stringContaining('olga@example.com is now on the Premium plan.')]));
    expect(sent.filter((s) => s.method === 'POST')).toEqual([{ url: '/api/admin/accounts/u2/plan', method: 'POST', body: { planId: 'premium' } }]);
    const entry = await screen.findByTestId('admin-action');
    expect(within(entry).getByText('Changed plan')).toBeTruthy();
    expect(within(entry).getByText('Trial → Premium')).toBeTruthy();
    expect(within(entry).getByText('olga@example.com')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Plan of olga@example.com') as HTMLSelectElement).value).toBe('premium'));
  });

  it('cancelling the confirmation leaves the plan as it was', async () => {
    const { sent } = serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    const select = (await screen.findByLabelText('Plan of olga@example.com')) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(select, { target: { value: 'basic' } });
    fireEvent.click(dialog(/Change plan\?/).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(select.value).toBe('free');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it("opens an account's bots and deactivates one with a reason (too short a reason is refused in the form)", async () => {
    const { sent } = serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show chatbots of olga@example.com' }));
    const spam = (await screen.findAllByTestId('admin-bot')).find((b) => b.textContent?.includes('Spam Blaster'))!;
    expect(within(spam).getByText('Active')).toBeTruthy();
    fireEvent.click(within(spam).getByRole('button', { name: 'Deactivate' }));
    const ask = dialog(/Deactivate Spam Blaster\?/);
    const reason = ask.getByLabelText('Reason (kept in the admin log)');
    fireEvent.change(reason, { target: { value: 'no' } });
    fireEvent.click(ask.getByRole('button', { name: 'Deactivate', hidden: true }));
    expect(ask.getByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Sends phishing links ' } });
    fireEvent.click(ask.getByRole('button', { name: 'Deactivate', hidden: true }));
    await waitFor(() => expect(toastTexts()).toContainEqual(['success', expect.stringContaining('Spam Blaster is deactivated.')]));
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { url: '/api/admin/chatbots/00000000-0000-4000-8000-000000000002/deactivate', method: 'POST', body: { reason: 'Sends phishing links' } },
    ]);
    await waitFor(() => expect(within(spam).getByText('Disabled by admin')).toBeTruthy());
    expect(within(spam).getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    const entry = await screen.findByTestId('admin-action');
    expect(within(entry).getByText('Deactivated chatbot')).toBeTruthy();
    expect(within(entry).getByText('Reason: Sends phishing links')).toBeTruthy();
  });

  it('searches accounts once the admin pauses typing', async () => {
    const { sent } = serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    await screen.findAllByTestId('account-row');
    fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: ' olga ' } });
    await waitFor(() => expect(sent.map((s) => s.url)).toContain('/api/admin/accounts?search=olga&page=1'));
    expect(sent.filter((s) => s.url.startsWith('/api/admin/accounts?search=o')).map((s) => s.url)).toEqual(['/api/admin/accounts?search=olga&page=1']);
  });

  it("shows the server's refusal as a toast", async () => {
    serveAdmin();
    renderWithProviders(<AdminPage />, { path: '/admin' });
    const select = (await screen.findByLabelText('New default')) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: '00000000-0000-4000-8000-000000000002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toastTexts()).toContainEqual(['destructive', expect.stringContaining('This chatbot is inactive. Only an active chatbot can be the default public chatbot.')]),
    );
  });
});
