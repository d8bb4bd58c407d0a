import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/contracts';
import { ChatTranscript } from './ChatTranscript';

let ids = 0;
function msg(sender: 'user' | 'bot', content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id: ++ids, sessionId: 's', sender, content, messageType: 'text', metadata: null, createdAt: '2024-03-01T10:00:00.000Z', ...extra };
}
const lead = (formTitle: string, values: Record<string, string>, extra: Record<string, unknown> = {}) =>
  msg('user', `${formTitle}\n...`, {
    messageType: 'system',
    metadata: { formSubmissionId: ++ids, formTitle, formData: Object.entries(values).map(([id, value]) => ({ id, label: id.toUpperCase(), type: 'text', value })), emailSent: false, ...extra },
  });

const entries = () => [...document.querySelectorAll<HTMLElement>('.cw-entry')];

describe('ChatTranscript', () => {
  it('names each sender with the time, tags fallback answers and shows the instruction behind a click', () => {
    render(
      <ChatTranscript
        botName="Harbor Help"
        messages={[
          msg('user', 'Pricing', { metadata: { internalMessage: 'Tell me about <b>plans</b>' } }),
          msg('bot', 'Sorry, I cannot help with that.', { metadata: { answerStatus: 'fallback' } }),
          msg('bot', 'Hidden note', { messageType: 'system' }),
          msg('bot', 'Moorings cost **40 euros**.', { metadata: { answerStatus: 'answered', sources: [{ title: 'Prices', url: 'https://harbor.example/prices' }] }, feedback: 'down' }),
        ]}
        entryProps={(e) => ({ 'data-testid': e.kind === 'lead' ? 'lead' : 'message' })}
      />,
    );
    const [question, fallback, answer] = entries();
    expect(entries()).toHaveLength(3);
    expect(entries().map((e) => [e.dataset.sender, e.dataset.testid])).toEqual([
      ['user', 'message'],
      ['bot', 'message'],
      ['bot', 'message'],
    ]);
    expect(within(question!).getByText('Visitor')).toBeTruthy();
    expect(within(question!).getByText('Asked the bot: Tell me about <b>plans</b>').querySelector('b')).toBeNull();
    expect(question!.querySelector('time')!.getAttribute('datetime')).toBe('2024-03-01T10:00:00.000Z');
    expect(within(fallback!).getByText('Harbor Help')).toBeTruthy();
    expect(within(fallback!).getByText('Unanswered')).toBeTruthy();
    expect(within(answer!).queryByText('Unanswered')).toBeNull();
    expect(within(answer!).getByText('40 euros').tagName).toBe('STRONG');
    expect(within(answer!).getByRole('link', { name: 'Prices' }).getAttribute('href')).toBe('https://harbor.example/prices');
    // The vote is shown as recorded, with no buttons to change it.
    expect(within(answer!).getByText('Visitor found this not helpful')).toBeTruthy();
    expect(within(answer!).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(screen.queryByText('Hidden note')).toBeNull();
    // No internal type names anywhere.
    expect(document.querySelector('.cw-transcript')!.textContent).not.toMatch(/\b(text|system|quickReplies|multiselect_menu)\b/);
  });

  it('shows recorded choices and ratings, locked', () => {
    render(
      <ChatTranscript
        messages={[
          msg('bot', 'Which pier?', { messageType: 'menu', metadata: { options: [{ id: 'n', text: 'North' }, { id: 's', text: 'South' }], selection: { optionId: 's', optionText: 'South' } } }),
          msg('bot', 'Extras?', { messageType: 'multiselect_menu', metadata: { options: [{ id: 'w', text: 'Water' }, { id: 'p', text: 'Power' }, { id: 'f', text: 'Fuel' }], selectedOptions: ['w', 'f'] } }),
          msg('bot', 'How was your stay?', { messageType: 'rating', metadata: { minValue: 1, maxValue: 5, selection: { optionId: '4', optionText: '4' } } }),
          msg('bot', 'Our berth', { messageType: 'card', metadata: { title: 'Berth A', buttons: [{ id: 'book', text: 'Book' }], selection: { optionId: 'book' } } }),
          msg('bot', 'Anything else?', { messageType: 'quickReplies', metadata: { quickReplies: ['Prices', 'Hours'] } }),
          msg('bot', 'Rates', { messageType: 'table', metadata: { headers: ['Boat', 'Price'], rows: [['Yacht', '40'], ['Dinghy', '10']] } }),
          msg('bot', '', { messageType: 'image', metadata: { imageUrl: '/uploads/map.png', title: 'Harbour map' } }),
        ]}
        apiUrl="https://parley.example"
      />,
    );
    const south = screen.getByRole('button', { name: 'South' });
    expect([south.getAttribute('aria-pressed'), (south as HTMLButtonElement).disabled]).toEqual(['true', true]);
    expect(screen.getByRole('button', { name: 'North' }).getAttribute('aria-pressed')).toBe('false');
    const checks = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(checks.map((c) => c.checked)).toEqual([true, false, true]);
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: /^Rate / }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('button', { name: 'Book' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Prices' }) as HTMLButtonElement).disabled).toBe(true);
    expect([...screen.getByRole('table').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Yacht', '40', 'Dinghy', '10']);
    expect(screen.getByRole('img', { name: 'Harbour map' }).getAttribute('src')).toBe('https://parley.example/uploads/map.png');
    // Clicking changes nothing: there is no chat behind it.
    fireEvent.click(screen.getByRole('button', { name: 'North' }));
    expect(screen.getByRole('button', { name: 'South' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a bot form with the values the visitor sent, as one lead entry', () => {
    const form = msg('bot', 'Leave your details', {
      messageType: 'form',
      metadata: { title: 'Contact our team', formFields: [{ id: 'name', label: 'Name', type: 'text' }, { id: 'message', label: 'Message', type: 'textarea' }] },
    });
    render(
      <ChatTranscript
        messages={[msg('user', 'I want a human'), form, lead('Contact our team', { name: 'Vera', message: 'Call me' }, { emailSent: true }), msg('bot', 'Thanks!')]}
        entryProps={(e) => ({ 'data-kind': e.kind })}
      />,
    );
    expect(entries().map((e) => e.dataset.kind)).toEqual(['message', 'lead', 'message']);
    const card = entries()[1]!;
    expect(within(card).getByText('Lead')).toBeTruthy();
    expect(within(card).getAllByText('Contact our team').length).toBeGreaterThan(0);
    const name = within(card).getByLabelText('Name') as HTMLInputElement;
    const message = within(card).getByLabelText('Message') as HTMLTextAreaElement;
    expect([name.value, name.disabled, message.value, message.disabled]).toEqual(['Vera', true, 'Call me', true]);
    expect((within(card).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText('Emailed to you')).toBeTruthy();
  });

  it('draws a lead without a bot form as the widget form, and locks a form nobody sent', () => {
    render(
      <ChatTranscript
        messages={[
          msg('bot', 'Form please', { messageType: 'form', metadata: { title: 'Quote', formFields: [{ id: 'boat', label: 'Boat', type: 'text' }] } }),
          lead('Contact Request - Message Limit Exceeded', { name: 'Ole', email: 'ole@example.com' }),
        ]}
      />,
    );
    const [unsent, limitForm] = entries();
    const boat = within(unsent!).getByLabelText('Boat') as HTMLInputElement;
    expect([boat.value, boat.disabled]).toEqual(['', true]);
    expect(within(limitForm!).getByText('Lead')).toBeTruthy();
    expect((within(limitForm!).getByLabelText('EMAIL') as HTMLInputElement).value).toBe('ole@example.com');
    expect(within(limitForm!).getByText('Not emailed (kept in your Leads inbox)')).toBeTruthy();
  });

  it('shows a message stored mid-stream at once, without typing dots', () => {
    vi.useFakeTimers();
    render(
      <ChatTranscript
        messages={[msg('bot', 'Part one', { metadata: { isStreaming: true, chunks: [{ content: 'Part one' }, { content: 'Part two' }] } })]}
      />,
    );
    expect(screen.getByText('Part one')).toBeTruthy();
    expect(screen.getByText('Part two')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
  });
});
