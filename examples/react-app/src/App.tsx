import { ChatWidget, type ChatMessage, type WidgetPosition } from '@parley/widget';
import { useState } from 'react';

/** Your Parley server and bot: set VITE_PARLEY_URL and VITE_PARLEY_BOT in `.env.local`. */
const PARLEY_URL = import.meta.env.VITE_PARLEY_URL ?? 'http://localhost:3000';
const BOT_GUID: string | undefined = import.meta.env.VITE_PARLEY_BOT || undefined;

/**
 * A shop page with the chat widget. The component renders a `<chat-widget>` element and mounts
 * the widget with this app's React into its shadow root, so this app's CSS and the widget's CSS
 * stay apart; props can change at any time.
 */
export function App() {
  const [position, setPosition] = useState<WidgetPosition>('bottom-right');
  const [color, setColor] = useState('#2563eb');
  const [last, setLast] = useState<ChatMessage | null>(null);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '40px auto', padding: '0 16px' }}>
      <h1>Acme kettles</h1>
      <p>Ask the assistant in the corner about refunds, shipping or warranty.</p>
      <fieldset>
        <legend>Widget options</legend>
        <label>
          Position{' '}
          <select value={position} onChange={(e) => setPosition(e.target.value as WidgetPosition)}>
            <option value="bottom-right">bottom-right</option>
            <option value="bottom-left">bottom-left</option>
          </select>
        </label>{' '}
        <label>
          Colour <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
        </label>
      </fieldset>
      <p aria-live="polite">{last ? `Last answer: ${last.content.slice(0, 80)}` : 'No answer yet.'}</p>

      <ChatWidget
        apiUrl={PARLEY_URL}
        chatbotId={BOT_GUID}
        position={position}
        primaryColor={color}
        onMessage={(message) => {
          // Also called with the visitor's own messages (sender 'user').
          if (message.sender === 'bot') setLast(message);
        }}
        onError={(error) => console.warn('chat error:', error.message)}
      />
    </main>
  );
}
