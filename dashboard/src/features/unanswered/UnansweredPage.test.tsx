import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { QaSource, UnansweredGroup } from '@parley/contracts';
import { chatbotFixture } from '../../test/chatbotFixture';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { UnansweredPage } from './UnansweredPage';

const GUID = '00000000-0000-4000-8000-000000000001';
const INBOX = `/api/chatbots/${GUID}/unanswered`;
const QA = `/api/chatbots/${GUID}/qa`;
const SESSION_A = 'session_1700000000000_abcdefghijklmnopqrstuvwxyz012345';
const SESSION_B = 'session_1700000000001_zyxwvutsrqponmlkjihgfedcba543210';

const dogs: UnansweredGroup = {
  id: 'boat bring dog',
  question: 'Can I bring my dog on the boat?',
  count: 4,
  reasons: { fallback: 0, thumbsDown: 3, handoff: 1 },
  testCount: 1,
  lastAskedAt: '2030-03-02T10:00:00.000Z',
  wordings: [
    { text: 'Can I bring my dog on the boat?', count: 2 },
    { text: 'dogs allowed on board?', count: 1 },
    { text: 'may my dog come along', count: 1 },
  ],
  messageIds: [14, 12, 9, 3],
  sessionIds: [SESSION_A, SESSION_B],
};
const fuel: UnansweredGroup = {
  id: 'fuel sell',
  question: 'Do you sell fuel?',
  count: 1,
  reasons: { fallback: 1, thumbsDown: 0, handoff: 0 },
  testCount: 0,
  lastAskedAt: '2030-03-01T09:00:00.000Z',
  wordings: [{ text: 'Do you sell fuel?', count: 1 }],
  messageIds: [7],
  sessionIds: [SESSION_B],
};
const wifi: QaSource = {
  id: 31,
  question: 'Is there wifi?',
  variants: ['internet access?'],
  answer: 'Yes, network "Marina".',
  status: 'completed',
  createdAt: '2030-02-01T09:00:00.000Z',
  updatedAt: '2030-02-01T09:00:00.000Z',
};

type Sent = { url: string; method: string; body: unknown };

/**
 * The bot, its inbox and its saved answers from mutable lists: dismiss and answer remove the
 * group they name, answer and edit change the saved answers. Every call is recorded.
 */
function serve(state: {
  groups: UnansweredGroup[];
  saved: QaSource[];
  inboxStatus?: number;
  botStatus?: number;
  answerError?: unknown;
  answerStatus?: number;
}) {
  const sent: Sent[] = [];
  const fetchMock = mockFetch(
    (url, init) => {
      const method = init?.method ?? 'GET';
      sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return undefined;
    },
    (url) => (url === `/api/chatbots/${GUID}` ? (state.botStatus ? json({ message: 'Chatbot not found' }, state.botStatus) : json(chatbotFixture(GUID))) : undefined),
    (url, init) => {
      if (url !== INBOX || (init?.method ?? 'GET') !== 'GET') return undefined;
      if (state.inboxStatus) return json({ message: 'boom' }, state.inboxStatus);
      const total = state.groups.reduce((n, g) => n + g.count, 0);
      return json({ groups: state.groups, total, windowDays: 90, maxQuestions: 2000, truncated: false });
    },
    (url, init) => {
      if (url !== `${INBOX}/dismiss` && url !== `${INBOX}/answer`) return undefined;
      if (url.endsWith('/answer') && state.answerError) return json(state.answerError, state.answerStatus ?? 400);
      const body = JSON.parse(String(init?.body)) as { messageIds: number[]; question?: string; variants?: string[]; answer?: string };
      const dropped = state.groups.filter((g) => g.messageIds.some((id) => body.messageIds.includes(id)));
      state.groups = state.groups.filter((g) => !dropped.includes(g));
      if (url.endsWith('/dismiss')) return json({ dismissed: body.messageIds.length });
      const saved: QaSource = { id: 40, question: body.question!, variants: body.variants!, answer: body.answer!, status: 'completed', createdAt: '', updatedAt: '' };
      state.saved = [saved, ...state.saved];
      return json({ id: 40, sourceType: 'qa', title: body.question, status: 'completed' }, 201);
    },
    (url, init) => {
      if (url === QA) return json(state.saved);
      const put = /\/qa\/(\d+)$/.exec(url);
      if (put && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Pick<QaSource, 'question' | 'variants' | 'answer'>;
        state.saved = state.saved.map((s) => (s.id === Number(put[1]) ? { ...s, ...body } : s));
        return json({ id: Number(put[1]), status: 'completed' });
      }
      const del = /\/website-sources\/(\d+)$/.exec(url);
      if (del && init?.method === 'DELETE') {
        state.saved = state.saved.filter((s) => s.id !== Number(del[1]));
        return json({ success: true });
      }
      return undefined;
    },
  );
  return { sent, fetchMock, writes: () => sent.filter((s) => s.method !== 'GET').map(({ url, method, body }) => ({ url, method, body })) };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/unanswered" element={<UnansweredPage />} />
    </Routes>,
    { path: `/chatbots/${GUID}/unanswered` },
  );
}

const groups = () => screen.findAllByTestId('unanswered-group');

describe('Unanswered page', () => {
  usePageTestEnv();

  it('lists the groups, largest first, with counts, reasons, other wordings, last asked and their conversations', async () => {
    serve({ groups: [dogs, fuel], saved: [wifi] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unanswered Questions: Harbor Help' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    const [first, second] = await groups();
    expect(within(first).getByTestId('unanswered-question').textContent).toBe('Can I bring my dog on the boat?');
    expect(within(first).getByTestId('unanswered-count').textContent).toBe('Asked 4 times');
    expect(within(first).getByTestId('unanswered-reasons').textContent).toBe('Thumbs downHand-offTest');
    expect(within(first).getByText('Thumbs down').getAttribute('title')).toBe('Voted not helpful 3 times');
    expect(within(first).getByTestId('unanswered-wordings').textContent).toBe('“dogs allowed on board?”“may my dog come along”');
    expect(within(first).getByText(/Last asked/).querySelector('time')?.getAttribute('dateTime')).toBe(dogs.lastAskedAt);
    expect(within(first).getByRole('link', { name: /View conversation/ }).getAttribute('href')).toBe(`/chatbots/${GUID}/history?session=${SESSION_A}`);
    expect(within(first).getByRole('link', { name: 'Conversation ba543210' }).getAttribute('href')).toBe(`/chatbots/${GUID}/history?session=${SESSION_B}`);
    expect(within(second).getByTestId('unanswered-count').textContent).toBe('Asked 1 time');
    expect(within(second).getByTestId('unanswered-reasons').textContent).toBe('Fallback');
    expect(within(second).queryByTestId('unanswered-wordings')).toBeNull();
    expect(screen.getByTestId('unanswered-summary').textContent).toBe('5 questions in 2 groups from the last 90 days.');

    const saved = await screen.findAllByTestId('saved-answer');
    expect(saved).toHaveLength(1);
    expect(within(saved[0]).getByText('Is there wifi?')).toBeTruthy();
    expect(within(saved[0]).getByTestId('saved-answer-text').textContent).toBe('Yes, network "Marina".');
    expect(within(saved[0]).getByText('Also: “internet access?”')).toBeTruthy();
  });

  it('"Add an answer" opens a form prefilled with the question and other wordings, and saving sends the group\'s questions', async () => {
    const { writes } = serve({ groups: [dogs, fuel], saved: [] });
    renderPage();
    const [first] = await groups();
    fireEvent.click(within(first).getByRole('button', { name: /Add an answer/ }));
    const form = within(first).getByRole('form', { name: 'Answer to Can I bring my dog on the boat?' });
    expect((within(form).getByLabelText('Question') as HTMLInputElement).value).toBe('Can I bring my dog on the boat?');
    expect(within(form).getByText(/Visitors only ever see the answer/).id).toBe(within(form).getByLabelText('Question').getAttribute('aria-describedby'));
    expect((within(form).getByLabelText('Other wording 1') as HTMLInputElement).value).toBe('dogs allowed on board?');
    expect((within(form).getByLabelText('Other wording 2') as HTMLInputElement).value).toBe('may my dog come along');
    expect(document.activeElement).toBe(within(form).getByLabelText('Answer'));

    // Nothing is sent while the answer is missing.
    fireEvent.click(within(form).getByRole('button', { name: /Save answer/ }));
    expect(await within(form).findByText('Answer is required')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Remove wording 2' }));
    fireEvent.click(within(form).getByRole('button', { name: /Add a wording/ }));
    fireEvent.change(within(form).getByLabelText('Other wording 2'), { target: { value: ' Are pets welcome aboard? ' } });
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: ' Yes, on a leash. ' } });
    fireEvent.click(within(form).getByRole('button', { name: /Save answer/ }));

    expect(await screen.findByText('Answer saved. Your bot will use it from the next message.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        url: `${INBOX}/answer`,
        method: 'POST',
        body: {
          question: 'Can I bring my dog on the boat?',
          variants: ['dogs allowed on board?', 'Are pets welcome aboard?'],
          answer: 'Yes, on a leash.',
          messageIds: [14, 12, 9, 3],
        },
      },
    ]);
    await waitFor(async () => expect((await groups()).map((g) => within(g).getByTestId('unanswered-question').textContent)).toEqual(['Do you sell fuel?']));
    // The new answer is listed under "Saved answers".
    await waitFor(() => expect(screen.getAllByTestId('saved-answer-text').map((e) => e.textContent)).toEqual(['Yes, on a leash.']));
  });

  it("shows the server's field errors under the form and keeps it open", async () => {
    const problem = 'Each wording must be at most 500 characters';
    serve({ groups: [fuel], saved: [], answerError: { message: problem, details: { fieldErrors: { variants: [problem] }, formErrors: [] } } });
    renderPage();
    const [group] = await groups();
    fireEvent.click(within(group).getByRole('button', { name: /Add an answer/ }));
    const form = within(group).getByRole('form');
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Only diesel.' } });
    fireEvent.click(within(form).getByRole('button', { name: /Save answer/ }));
    expect(await within(form).findByText(problem)).toBeTruthy();
    // the toast says it too, and the group stays
    expect(screen.getAllByText(problem)).toHaveLength(2);
    expect(await groups()).toHaveLength(1);
  });

  it('says so, and shows the fresh inbox, when the questions were already answered elsewhere (409)', async () => {
    const message = 'These questions were already answered or dismissed. Reload the inbox to see the ones still waiting.';
    const state = { groups: [dogs, fuel], saved: [], answerError: { message }, answerStatus: 409 };
    const { writes } = serve(state);
    renderPage();
    const [first] = await groups();
    fireEvent.click(within(first).getByRole('button', { name: /Add an answer/ }));
    const form = within(first).getByRole('form');
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Yes, on a leash.' } });
    // Meanwhile another tab answered the group.
    state.groups = [fuel];
    fireEvent.click(within(form).getByRole('button', { name: /Save answer/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(async () => expect((await groups()).map((g) => within(g).getByTestId('unanswered-question').textContent)).toEqual(['Do you sell fuel?']));
    expect(writes()).toHaveLength(1);
  });

  it('Dismiss removes the group with a toast', async () => {
    const { writes } = serve({ groups: [dogs, fuel], saved: [] });
    renderPage();
    const [, second] = await groups();
    fireEvent.click(within(second).getByRole('button', { name: /Dismiss/ }));
    expect(await screen.findByText('"Do you sell fuel?" left the inbox.')).toBeTruthy();
    expect(writes()).toEqual([{ url: `${INBOX}/dismiss`, method: 'POST', body: { messageIds: [7] } }]);
    await waitFor(async () => expect(await groups()).toHaveLength(1));
  });

  it('says so when nothing is waiting', async () => {
    serve({ groups: [], saved: [] });
    renderPage();
    expect(await screen.findByText('No unanswered questions')).toBeTruthy();
    expect(screen.getByTestId('unanswered-empty').textContent).toContain('the question shows up here for you to answer');
    expect(await screen.findByText('No saved answers yet')).toBeTruthy();
  });

  it('edits a saved answer and deletes one after confirming', async () => {
    const { writes } = serve({ groups: [], saved: [wifi] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit answer to Is there wifi?' }));
    const form = screen.getByRole('form', { name: 'Edit answer to Is there wifi?' });
    expect((within(form).getByLabelText('Other wording 1') as HTMLInputElement).value).toBe('internet access?');
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Free wifi everywhere.' } });
    fireEvent.click(within(form).getByRole('button', { name: /Save answer/ }));
    expect(await screen.findByText('Answer saved. Your bot will use it from the next message.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('saved-answer-text').textContent).toBe('Free wifi everywhere.'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete answer to Is there wifi?' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Delete Answer')).toBeTruthy();
    expect(within(dialog).getByText('Your bot will stop using this answer. The questions it answered go back to the Unanswered inbox.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('No saved answers yet')).toBeTruthy();
    expect(writes()).toEqual([
      { url: `${QA}/31`, method: 'PUT', body: { question: 'Is there wifi?', variants: ['internet access?'], answer: 'Free wifi everywhere.' } },
      { url: `/api/chatbots/${GUID}/website-sources/31`, method: 'DELETE', body: undefined },
    ]);
  });

  it('shows an error when the inbox cannot be read, and "Chatbot Not Found" for a bot that is not the owner\'s', async () => {
    serve({ groups: [], saved: [], inboxStatus: 500 });
    const { unmount } = renderPage();
    expect(await screen.findByText('Error Loading Unanswered Questions')).toBeTruthy();
    unmount();
    serve({ groups: [], saved: [], botStatus: 404 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chatbot Not Found' })).toBeTruthy();
    expect(screen.queryByTestId('unanswered-group')).toBeNull();
  });
});
