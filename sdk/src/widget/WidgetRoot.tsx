import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { ChatView } from '../chat/ChatView';
import { visibleMessages } from '../chat/MessageList';
import { useChat } from '../chat/useChat';
import { HomeScreen } from '../home/HomeScreen';
import { safeUrl } from '../lib/safeUrl';
import { sessionStorageKey } from '../lib/storage';
import { colorVars, resolveColors } from '../lib/theme';
import { EMBED_CLOSE_MESSAGE_TYPE, surveyStartMessage, type HomeTopic } from '@parley/contracts';
import type { CommandChannel } from '../renderer/commandChannel';
import type { ConfigRequest, WidgetCommand } from '../element/widgetApi';
import { ChatPanel } from './ChatPanel';
import { Launcher } from './Launcher';
import type { WidgetTab } from './PanelTabs';
import { PopupBubbles } from './PopupBubbles';
import type { ChatWidgetProps } from './types';
import { useChatbotConfig } from './useChatbotConfig';
import { useOpenState } from './useOpenState';
import { usePopupBubbles } from './usePopupBubbles';

/**
 * The whole widget as it renders inside a shadow root (whose stylesheets the mount adopts): the
 * pop-up bubbles, the panel and the launcher. Nothing is requested until the visitor opens it or
 * a pop-up bubble is due; an inactive bot renders nothing. `commands` carries the element's
 * commands (open, close, toggle, sendMessage, reset); `configRequest` is the bot's config as the
 * loader already asked for it.
 */
export function WidgetRoot(props: ChatWidgetProps & { commands?: CommandChannel; configRequest?: ConfigRequest }) {
  const { apiUrl = '', chatbotId, embedded = false } = props;
  const idPrefix = `cw${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bot = useChatbotConfig(apiUrl, chatbotId, props.chatbotConfig ?? null, props.onError, props.configRequest);
  const config = bot.config;
  const { phase, open, close } = useOpenState(embedded || !!props.defaultOpen);
  const [started, setStarted] = useState(phase === 'open');
  const [tab, setTab] = useState<WidgetTab>('home');
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  const bubbles = usePopupBubbles({
    enabled: !embedded && phase === 'closed' && !started,
    botKey: chatbotId || 'default',
    messages: config?.initialMessages,
    load: bot.load,
  });

  // Every opening asks for the bot again (once), so a design saved since the last one shows now.
  const askedOnOpen = useRef(false);
  useEffect(() => {
    if (phase !== 'open') return;
    setStarted(true);
    if (askedOnOpen.current) askedOnOpen.current = false;
    else bot.reload();
  }, [phase, bot.reload]);

  const chat = useChat({
    apiUrl,
    chatbotRef: config?.guid ?? chatbotId ?? null,
    storageKey: sessionStorageKey(embedded, chatbotId ?? config?.guid, !!props.testToken),
    testToken: props.testToken,
    identity: props.identity,
    active: phase === 'open' && !!config?.isActive,
    formConfirmationMessage: config?.formConfirmationMessage,
    onError: props.onError,
    onMessage: props.onMessage,
  });

  const doOpen = useCallback(() => {
    open();
    // Asked for now rather than in the effect after the next paint: the panel is usable sooner.
    askedOnOpen.current = true;
    bot.reload();
    callbacks.current.onOpen?.();
  }, [open, bot.reload]);

  const doClose = useCallback(() => {
    callbacks.current.onClose?.();
    if (embedded) {
      if (typeof window !== 'undefined' && window.parent !== window) {
        window.parent.postMessage({ type: EMBED_CLOSE_MESSAGE_TYPE, chatbotId: chatbotId ?? config?.guid ?? null }, '*');
      }
      return;
    }
    close();
    launcher.current?.focus();
  }, [close, embedded, chatbotId, config?.guid]);

  const send = (content: string, internal?: string) => {
    setTab('chat');
    void chat.send(content, internal);
  };

  // Texts sent by command wait until the chat is open and its bot known.
  const [outbox, setOutbox] = useState<string[]>([]);
  const chatReady = phase === 'open' && !!config?.isActive;
  useEffect(() => {
    if (!chatReady || outbox.length === 0) return;
    setOutbox([]);
    setTab('chat');
    for (const text of outbox) void chat.send(text);
  }, [chatReady, outbox, chat.send]);

  const run = useRef<(command: WidgetCommand) => void>(() => {});
  run.current = (command) => {
    if (command.type === 'open' || (command.type === 'toggle' && phase !== 'open')) {
      if (phase !== 'open') doOpen();
    } else if (command.type === 'close' || command.type === 'toggle') {
      if (phase === 'open') doClose();
    } else if (command.type === 'sendMessage') {
      if (!command.text.trim()) return;
      if (phase !== 'open') doOpen();
      setOutbox((texts) => [...texts, command.text]);
    } else {
      chat.refresh();
      setTab('home');
    }
  };
  // A layout effect runs as the first render commits: commands queued before the mount (the click
  // that fetched the widget) apply before the first paint, not a frame later.
  useLayoutEffect(() => props.commands?.listen((command) => run.current(command)), [props.commands]);

  // Link topics are anchors and never get here; every other choice goes to the chat.
  const onHomeItem = (item: HomeTopic) => {
    if (item.actionType === 'survey' && item.surveyId !== undefined && item.surveyId !== null) {
      send(item.title, surveyStartMessage(item.surveyId));
    } else if (item.actionType === 'start_chat') {
      setTab('chat');
      setTimeout(() => input.current?.focus(), 0);
    } else {
      send(item.message || item.title);
    }
  };

  if (config && !config.isActive) return null;

  const colors = resolveColors(props, config);
  const style = colorVars(colors) as CSSProperties;
  const position = props.position === 'bottom-left' ? 'left' : 'right';
  const avatarUrl = safeUrl(config?.avatarUrl, apiUrl);
  const name = config?.name || 'Chat';

  return (
    <div className={`cw-root is-${position}${embedded ? ' is-embedded' : ''}`} style={style}>
      <section className="cw-region" aria-label={`${name} chat`}>
        {!embedded && phase === 'closed' ? <PopupBubbles messages={bubbles.visible} onOpen={doOpen} onDismiss={bubbles.dismiss} /> : null}
        {phase !== 'closed' ? (
          <ChatPanel
            idPrefix={idPrefix}
            phase={phase}
            embedded={embedded}
            name={name}
            avatarUrl={avatarUrl}
            status={bot.status === 'idle' ? 'loading' : bot.status}
            tab={tab}
            onTab={setTab}
            messageCount={visibleMessages(chat.messages).length}
            home={<HomeScreen config={config?.homeScreenConfig} onSelect={onHomeItem} apiUrl={apiUrl} inheritColors />}
            chat={<ChatView chat={chat} welcomeMessage={config?.welcomeMessage} avatarUrl={avatarUrl} botName={name} inputRef={input} />}
            onRefresh={() => {
              chat.refresh();
              setTab('home');
            }}
            onClose={doClose}
          />
        ) : null}
        {!embedded ? <Launcher open={phase === 'open'} onClick={phase === 'open' ? doClose : doOpen} panelId={`${idPrefix}-panel`} buttonRef={launcher} /> : null}
      </section>
    </div>
  );
}
