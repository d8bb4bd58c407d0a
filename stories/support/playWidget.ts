import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';

/** Queries inside the `<ChatWidget>` shadow root of a story (testing-library does not pierce it). */
async function widgetIn(canvasElement: HTMLElement) {
  const root = await waitFor(() => {
    const shadow = canvasElement.querySelector('chat-widget')?.shadowRoot;
    if (!shadow?.querySelector('.cw-root')) throw new Error('widget not rendered yet');
    return shadow;
  });
  // A ShadowRoot answers the same queries as an element; testing-library only types it narrowly.
  return within(root as unknown as HTMLElement);
}

/** Switches the open widget to its Chat tab. */
export async function openChatTab(canvasElement: HTMLElement) {
  const widget = await widgetIn(canvasElement);
  await userEvent.click(await widget.findByRole('tab', { name: /^Chat/ }));
  return widget;
}

/** Types a message into the open widget and sends it once the session is ready. */
export async function sendMessage(canvasElement: HTMLElement, text: string) {
  const widget = await openChatTab(canvasElement);
  // The composer's label is "Your message" (earlier "Message"); either names the same box.
  const input = await widget.findByRole('textbox', { name: /^(your )?message$/i });
  // user-event types into document.activeElement, which is the shadow host here, so React never
  // sees the text; an input event on the textarea itself is what a keyboard produces.
  fireEvent.input(input, { target: { value: text } });
  const send = widget.getByRole('button', { name: 'Send message' });
  // Sending is ignored while the session is still being created, so wait for it.
  await waitFor(() => expect(send).toBeEnabled());
  await userEvent.click(send);
  return widget;
}
