import { STARTER_HOME_SCREEN_CONFIG, withThemeColors, type HomeScreenConfig } from '@parley/contracts';
import { readHomeScreenConfig } from '@parley/contracts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { client, serverMessage, unwrap, type Chatbot } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useSaveShortcut } from '../../lib/useSaveShortcut';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { checkDraft, formatConfig, INVALID_JSON_MESSAGE } from './checkDraft';
import { draftDiffers, sameConfig } from './sameConfig';
import { applyDesign, designOf, type ThemeDesign } from './themeDesign';

export type DesignerMessage = { id: number; role: 'user' | 'assistant'; content: string; timestamp: Date };
/** Why the Code tab's JSON was refused: it does not parse, or it is not a valid home screen. */
type DraftProblems = { kind: 'json' | 'config'; problems: string[] };

type DesignRequest = { modify: boolean; json: { prompt: string; currentConfig: HomeScreenConfig | null; chatbotId: string } };

/**
 * The UI designer's state for one bot: `saved` (the bot's stored home screen), `current` (what
 * the preview shows, unsaved until Save), `draft` (the Code tab's JSON text) and the designer
 * chat. Save Design and Ctrl+S / Cmd+S anywhere on the page save the same thing: the draft when
 * it has changes (refused like Apply & Save when invalid), else `current`. Unapplied JSON edits
 * are never overwritten: a new design from the chat or the theme, or a finished save, leaves
 * them in the Code tab (still marked "Unsaved Changes").
 */
export function useUiDesigner(bot: Chatbot) {
  const queryClient = useQueryClient();
  const saved = bot.homeScreenConfig ?? null;
  // Read the way the widget reads it, so the preview starts from what visitors see.
  const [current, setCurrent] = useState(() => readHomeScreenConfig(saved));
  const [draft, setDraft] = useState(() => formatConfig(current));
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [messages, setMessages] = useState<DesignerMessage[]>([]);
  const nextId = useRef(0);
  const latest = useRef(current);
  latest.current = current;
  const latestDraft = useRef(draft);
  latestDraft.current = draft;

  const hasDraftChanges = current !== null && draftDiffers(draft, current);

  /** Shows `config` in the preview; the JSON follows unless it holds the owner's unapplied edits (or `replaceDraft`). */
  function show(config: HomeScreenConfig, replaceDraft = false) {
    const keepDraft = !replaceDraft && draftDiffers(latestDraft.current, latest.current);
    latest.current = config;
    setCurrent(config);
    if (!keepDraft) {
      latestDraft.current = formatConfig(config);
      setDraft(latestDraft.current);
      setProblems(null);
    }
  }

  const generation = useMutation({
    mutationFn: ({ modify, json }: DesignRequest) =>
      unwrap(modify ? client['ui-designer'].modify.$post({ json }) : client['ui-designer'].generate.$post({ json })),
  });

  const saving = useMutation({
    mutationFn: (homeScreenConfig: HomeScreenConfig) =>
      unwrap(client.chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig } })),
    onSuccess: (updated, sent) => {
      // The server's copy (keys in schema order) replaces the preview's only if nothing changed meanwhile.
      const stored = readHomeScreenConfig(updated.homeScreenConfig);
      if (stored && sameConfig(latest.current, sent)) show(stored);
      queryClient.setQueryData(queryKeys.chatbots.detail(bot.guid), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.all });
      toast({ variant: 'success', title: 'Design Saved', description: 'Your home screen is now live in the widget.' });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Save Failed', description: serverMessage(error, 'Could not save the design. Please try again.') });
    },
  });

  /** Asks the designer for a new design (or a change to the current one); `onFailed` gives the owner's words back. */
  function send(words: string, onFailed: () => void) {
    const design = designOf(current);
    const colors = { primaryColor: design.primaryColor, backgroundColor: design.backgroundColor, textColor: design.textColor };
    const asked: DesignerMessage = { id: ++nextId.current, role: 'user', content: words.trim(), timestamp: new Date() };
    setMessages((list) => [...list, asked]);
    generation.mutate(
      { modify: current !== null, json: { prompt: withThemeColors(words, colors), currentConfig: current, chatbotId: bot.guid } },
      {
        onSuccess: ({ config, explanation }) => {
          setMessages((list) => [...list, { id: ++nextId.current, role: 'assistant', content: explanation, timestamp: new Date() }]);
          show(config);
        },
        onError: (error) => {
          setMessages((list) => list.filter((m) => m.id !== asked.id));
          onFailed();
          if (handleUnauthorized(error)) return;
          toast({ variant: 'destructive', title: 'Generation Failed', description: serverMessage(error, 'Could not reach the designer. Please try again.') });
        },
      },
    );
  }

  function changeTheme(patch: Partial<ThemeDesign>) {
    const base = current ?? STARTER_HOME_SCREEN_CONFIG;
    show(applyDesign(base, { ...designOf(base), ...patch }));
  }

  function editDraft(text: string) {
    setDraft(text);
    setProblems(null);
  }

  /** The draft as a config in the preview, or null (with an inline message and a toast) when it is refused. */
  function applyDraft(): HomeScreenConfig | null {
    const check = checkDraft(draft);
    if (check.ok) {
      // The draft becomes the design, so the JSON follows it (formatted, defaults filled in).
      show(check.config, true);
      return check.config;
    }
    setProblems({ kind: check.kind, problems: check.problems });
    if (check.kind === 'json') toast({ variant: 'destructive', title: 'Invalid JSON', description: INVALID_JSON_MESSAGE });
    else toast({ variant: 'destructive', title: 'Invalid configuration', description: check.problems[0] });
    return null;
  }

  function applyAndSave() {
    const config = applyDraft();
    if (config) saving.mutate(config);
  }

  function saveDesign() {
    if (saving.isPending) return;
    if (hasDraftChanges) applyAndSave();
    else if (current) saving.mutate(current);
  }

  function resetToDefault() {
    // The owner asked for the defaults: unapplied JSON edits go too.
    show(STARTER_HOME_SCREEN_CONFIG, true);
    toast({ title: 'Configuration Reset', description: 'Home screen has been reset to default configuration.' });
  }

  function resetDraft() {
    setDraft(formatConfig(current));
    setProblems(null);
  }

  useSaveShortcut(saveDesign);

  return {
    saved,
    current,
    draft,
    hasDraftChanges,
    /** The preview shows a design the widget does not have yet. */
    unsaved: current !== null && !sameConfig(current, saved),
    problems,
    messages,
    generating: generation.isPending,
    saving: saving.isPending,
    send,
    changeTheme,
    editDraft,
    applyDraft,
    applyAndSave,
    saveDesign,
    resetToDefault,
    resetDraft,
  };
}

export type UiDesignerState = ReturnType<typeof useUiDesigner>;
