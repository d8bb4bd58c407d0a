import { recordedChoice, toOptions, useChatActions } from '../chat/ChatActions';
import { safeUrl } from '../lib/safeUrl';
import { Markdown, renderInline } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/** Image, title, description and buttons; a button behaves like a menu choice. */
export function CardMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const image = safeUrl(metadata.imageUrl, chat.apiUrl);
  const title = str(metadata.title);
  const description = str(metadata.description);
  const buttons = toOptions(metadata.buttons);
  const chosen = (chat.answers[messageKey] as string | undefined) ?? recordedChoice(metadata)?.optionId;
  return (
    <div className="cw-card">
      {content ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      {image ? <img className="cw-card-img" src={image} alt={title || 'Card image'} loading="lazy" /> : null}
      {title ? <p className="cw-card-title">{title}</p> : null}
      {description ? <p className="cw-card-desc">{renderInline(description, chat.apiUrl)}</p> : null}
      {buttons.length ? (
        <div className="cw-options">
          {buttons.map((button) => (
            <button
              key={button.id}
              type="button"
              className="cw-option"
              aria-pressed={chosen === button.id}
              disabled={chosen !== undefined || chat.disabled}
              onClick={() => chat.selectOption(messageKey, button)}
            >
              {button.text}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
