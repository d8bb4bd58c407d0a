import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { CreateChatbotPage, EditChatbotPage } from '../chatbots/ChatbotFormPage';
import { chatbotFixture } from '../../test/chatbotFixture';

const guid = '00000000-0000-4000-8000-000000000007';
const PROMPT = 'You are Harbor Help, the support assistant for Harbor.\n\nTone and style:\n- Be concise.';
const bot = chatbotFixture(guid, { id: 7, description: 'Moorings' as string | null, welcomeMessage: 'Hi!' as string | null });

type Reply = Response | Promise<Response>;

/** The create page, or the edit page of `bot`, with the assistant answering `reply(body)`. */
function renderPage(reply: (body: Record<string, unknown>) => Reply, { page = 'create', modelConfigured = false } = {}) {
  const fetchMock = mockFetch((url, init) => {
    if (url.endsWith('/api/system/status')) return json({ modelConfigured, emailConfigured: false });
    if (url.endsWith('/prompt-assistant')) return reply(JSON.parse(String(init?.body))) as Response;
    if (url.endsWith(`/api/chatbots/${guid}`)) return json(bot);
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/new" element={<CreateChatbotPage />} />
      <Route path="/chatbots/:guid" element={<EditChatbotPage />} />
    </Routes>,
    { path: page === 'create' ? '/chatbots/new' : `/chatbots/${guid}` },
  );
  return fetchMock;
}

const assistantCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/prompt-assistant')).map(([url, init]) => ({ url: String(url), init, body: JSON.parse(String(init?.body)) }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const messageBox = () => screen.getByLabelText('Message the prompt assistant') as HTMLTextAreaElement;
const systemPrompt = () => screen.getByLabelText('System Prompt') as HTMLTextAreaElement;
const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);
const generated = () => json({ action: 'generate', bubbles: [{ content: PROMPT }, { content: 'Written offline from the bot’s name.' }] });

describe('prompt assistant on the chatbot form', () => {
  usePageTestEnv();

  it('create page: Generate sends "new-chatbot", the form values and the typed words; the first bubble is the prompt', async () => {
    const fetchMock = renderPage(generated);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harbor Help' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Moorings and fees' } });
    fireEvent.change(messageBox(), { target: { value: 'be concise' } });
    fireEvent.click(button('Generate'));

    await screen.findByTestId('suggested-prompt');
    const [call] = assistantCalls(fetchMock);
    expect(call.url).toBe('/api/chatbots/new-chatbot/prompt-assistant');
    expect(call.init?.credentials).toBe('include');
    expect(call.body).toEqual({
      action: 'generate',
      context: { chatbotName: 'Harbor Help', description: 'Moorings and fees', currentPrompt: systemPrompt().value, model: 'gpt-4.1' },
      userMessage: 'be concise',
      history: [],
    });
    const log = screen.getByRole('list', { name: 'Prompt assistant conversation' });
    expect(within(log).getByText('Generate a system prompt: be concise')).toBeTruthy();
    expect(screen.getByTestId('suggested-prompt').textContent).toBe(PROMPT);
    expect(within(log).getByText('Written offline from the bot’s name.')).toBeTruthy();
    // Only the prompt bubble carries Copy and Apply.
    expect(screen.getAllByRole('button', { name: 'Apply to System Prompt' })).toHaveLength(1);
    expect(messageBox().value).toBe('');
  });

  it('Apply puts the prompt in the System Prompt field and says "Applied!"; nothing is saved', async () => {
    const fetchMock = renderPage(generated);
    fireEvent.click(button('Generate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to System Prompt' }));
    expect(systemPrompt().value).toBe(PROMPT);
    expect(toastTexts()).toEqual([['success', 'Applied!Review the System Prompt field, then save.']]);
    expect(button('Applied!')).toBeTruthy();
    // Applying only fills the field: the owner reviews it and saves with Create Chatbot.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/chatbots'))).toEqual([]);
  });

  it('Copy writes the prompt to the clipboard and shows "Copied!" for 2 seconds', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(generated);
    fireEvent.click(button('Generate'));
    const copy = await screen.findByRole('button', { name: 'Copy prompt' });
    vi.useFakeTimers();
    await act(async () => void fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith(PROMPT);
    expect(button('Copied!').textContent).toBe('Copied!');
    expect(toastTexts()).toEqual([['success', 'Copied!The system prompt is on your clipboard.']]);
    act(() => void vi.advanceTimersByTime(1999));
    expect(button('Copied!')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(button('Copy prompt').textContent).toBe('Copy');
  });

  it('send is disabled while the box is blank; Enter sends, Shift+Enter does not', async () => {
    const fetchMock = renderPage(() => json({ action: 'chat', content: 'A good prompt says when to hand over.' }));
    expect(button('Send message').disabled).toBe(true);
    fireEvent.change(messageBox(), { target: { value: '   ' } });
    expect(button('Send message').disabled).toBe(true);
    fireEvent.change(messageBox(), { target: { value: 'What makes a good prompt?' } });
    expect(button('Send message').disabled).toBe(false);

    expect(fireEvent.keyDown(messageBox(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(assistantCalls(fetchMock)).toHaveLength(0);
    expect(fireEvent.keyDown(messageBox(), { key: 'Enter' })).toBe(false);
    await screen.findByText('A good prompt says when to hand over.');
    expect(assistantCalls(fetchMock).map((c) => [c.body.action, c.body.userMessage])).toEqual([['chat', 'What makes a good prompt?']]);
    // A chat answer has nothing to apply.
    expect(screen.queryByRole('button', { name: 'Apply to System Prompt' })).toBeNull();
  });

  it('everything waits while a request is pending, with a spinner', async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = renderPage(() => new Promise<Response>((resolve) => (answer = resolve)));
    fireEvent.change(messageBox(), { target: { value: 'make it more formal' } });
    fireEvent.click(button('Send message'));
    await screen.findByRole('status', { name: 'Writing a reply' });
    fireEvent.change(messageBox(), { target: { value: 'and shorter' } });
    expect([button('Send message').disabled, button('Generate').disabled, button('Improve').disabled]).toEqual([true, true, true]);
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    expect(assistantCalls(fetchMock)).toHaveLength(1);
    answer(json({ action: 'improve', bubbles: [{ content: 'Be formal.' }] }));
    await screen.findByTestId('suggested-prompt');
    expect(screen.queryByRole('status', { name: 'Writing a reply' })).toBeNull();
    expect(button('Send message').disabled).toBe(false);
  });

  it('Improve is disabled without a current prompt', async () => {
    renderPage(generated);
    expect(button('Improve').disabled).toBe(false);
    fireEvent.change(systemPrompt(), { target: { value: '  ' } });
    await waitFor(() => expect(button('Improve').disabled).toBe(true));
    expect(button('Generate').disabled).toBe(false);
  });

  it('a failure shows the "Error" toast; an empty reply reads "I couldn\'t generate a response."', async () => {
    const replies = [json({ message: 'The AI model could not answer. Please try again.' }, 502), json({ action: 'generate', bubbles: [] }), json({ action: 'chat', content: ' ' })];
    renderPage(() => replies.shift()!);
    fireEvent.click(button('Generate'));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorFailed to get prompt assistance. Please try again.']]));

    fireEvent.click(button('Generate'));
    await screen.findByText("I couldn't generate a response.");
    fireEvent.change(messageBox(), { target: { value: 'hello' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByText("I couldn't generate a response.")).toHaveLength(2));
    expect(screen.queryByTestId('suggested-prompt')).toBeNull();
  });

  it('a failure gives the typed words back and drops the line; a rate limit shows the server\'s message', async () => {
    const replies = [
      json({ message: 'Too many prompt assistant requests. Please wait a moment and try again.', details: { retryAfterSeconds: 30 } }, 429),
      json({ message: 'The AI model could not answer. Please try again.' }, 502),
    ];
    renderPage(() => replies.shift()!);
    fireEvent.change(messageBox(), { target: { value: 'make it more formal' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'ErrorToo many prompt assistant requests. Please wait a moment and try again.']]));
    expect(messageBox().value).toBe('make it more formal');
    const log = screen.getByRole('list', { name: 'Prompt assistant conversation' });
    expect(within(log).queryByText('make it more formal')).toBeNull();

    fireEvent.change(messageBox(), { target: { value: 'be concise' } });
    fireEvent.click(button('Generate'));
    await waitFor(() => expect(toastTexts()).toContainEqual(['destructive', 'ErrorFailed to get prompt assistance. Please try again.']));
    expect(messageBox().value).toBe('be concise');
  });

  it('never offers a note as the prompt: a blank first bubble leaves nothing to apply', async () => {
    renderPage(() => json({ action: 'improve', bubbles: [{ content: '  ' }, { content: 'Your prompt already covers everything.' }] }));
    fireEvent.click(button('Improve'));
    await screen.findByText('Your prompt already covers everything.');
    expect(screen.queryByTestId('suggested-prompt')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply to System Prompt' })).toBeNull();
  });

  it('sends the model picked on the form, saved or not', async () => {
    const fetchMock = renderPage(generated, { page: 'edit', modelConfigured: true });
    await waitFor(() => expect(systemPrompt().value).toBe('Be helpful.'));
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4o-mini' } });
    fireEvent.click(button('Generate'));
    await screen.findByTestId('suggested-prompt');
    expect(assistantCalls(fetchMock)[0].body.context.model).toBe('gpt-4o-mini');
  });

  it('says when it works offline (the edit-page test shows it does not with a model)', async () => {
    renderPage(generated);
    await screen.findByText("Offline assistant: prompts are written from your bot's details and sources (no AI model configured).");
  });

  it('edit page: Improve uses the bot guid, the current prompt and the conversation so far', async () => {
    const replies = [json({ action: 'chat', content: 'Hello there.' }), json({ action: 'improve', bubbles: [{ content: 'Be helpful. Be kind.' }] })];
    const fetchMock = renderPage(() => replies.shift()!, { page: 'edit', modelConfigured: true });
    await waitFor(() => expect(systemPrompt().value).toBe('Be helpful.'));
    fireEvent.change(messageBox(), { target: { value: 'Hi' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await screen.findByText('Hello there.');
    fireEvent.click(button('Improve'));
    await screen.findByTestId('suggested-prompt');
    const calls = assistantCalls(fetchMock);
    expect(calls[1].url).toBe(`/api/chatbots/${guid}/prompt-assistant`);
    expect(calls[1].body).toEqual({
      action: 'improve',
      context: { chatbotName: 'Harbor Help', description: 'Moorings', currentPrompt: 'Be helpful.', model: 'gpt-4o' },
      userMessage: '',
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello there.' },
      ],
    });
    expect(screen.getByText('Improve the current prompt')).toBeTruthy();
    expect(screen.queryByText(/Offline assistant/)).toBeNull();
  });
});
