import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DESIGNER_PROMPT_MAX, HOME_SCREEN_MAX_BYTES, STARTER_HOME_SCREEN_CONFIG, withThemeColors, type HomeScreenConfig } from '@parley/contracts';
import { chatbotFixture } from '../../test/chatbotFixture';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { UiDesignerPage } from './UiDesignerPage';

const GUID = '00000000-0000-4000-8000-0000000000d1';
const BOT = `/api/chatbots/${GUID}`;
const PATCH = `/api/chatbots/guid/${GUID}`;

const support: HomeScreenConfig = {
  version: 1,
  components: [
    { id: 'header', type: 'header', order: 0, visible: true, props: { title: 'Support Center', subtitle: 'Pick a topic' } },
    {
      id: 'topics',
      type: 'topic_grid',
      order: 1,
      visible: true,
      props: {
        topics: [
          { id: 'billing', title: 'Billing', description: 'Invoices and plans', actionType: 'message', message: 'I have a billing question' },
          { id: 'tech', title: 'Technical Support', actionType: 'message', message: 'Something is broken' },
        ],
      },
    },
    { id: 'actions', type: 'quick_actions', order: 2, visible: true, props: { actions: [{ id: 'talk', title: 'Talk to us', actionType: 'start_chat' }] } },
  ],
  theme: { primaryColor: '#0f766e', backgroundColor: '#ffffff', textColor: '#111827' },
};

type Sent = { url: string; method: string; body: unknown };

/** The bot (with `saved` as its home screen), the designer and the save call; every write is recorded. */
function serve({
  saved = null,
  botStatus,
  design = { config: support, explanation: 'A support center with billing and technical topics.' },
  designStatus,
  designDown,
  saveStatus,
}: {
  saved?: HomeScreenConfig | null;
  botStatus?: number;
  design?: unknown;
  designStatus?: number;
  /** The designer cannot be reached at all (fetch rejects). */
  designDown?: boolean;
  saveStatus?: number;
} = {}) {
  const sent: Sent[] = [];
  let stored = saved;
  mockFetch(
    (url, init) => {
      if ((init?.method ?? 'GET') !== 'GET') sent.push({ url, method: init!.method!, body: JSON.parse(String(init!.body)) });
      return undefined;
    },
    (url) => {
      if (url !== BOT) return undefined;
      return botStatus ? json({ message: 'Chatbot not found' }, botStatus) : json(chatbotFixture(GUID, { homeScreenConfig: stored }));
    },
    (url) => {
      if (!url.startsWith('/api/ui-designer/')) return undefined;
      if (designDown) throw new TypeError('Failed to fetch');
      return designStatus ? json({ message: 'The designer is busy, try again' }, designStatus) : json(design);
    },
    (url, init) => {
      if (url !== PATCH) return undefined;
      if (saveStatus) return json({ message: 'components.1.props.topics.0.title: Title is required' }, saveStatus);
      stored = (JSON.parse(String(init!.body)) as { homeScreenConfig: HomeScreenConfig }).homeScreenConfig;
      return json(chatbotFixture(GUID, { homeScreenConfig: stored }));
    },
  );
  return { sent };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/ui-designer" element={<UiDesignerPage />} />
    </Routes>,
    { path: `/chatbots/${GUID}/ui-designer` },
  );
}

const toastTexts = () => [...document.querySelectorAll('[data-variant]')].map((t) => [t.getAttribute('data-variant'), t.textContent]);
const preview = () => within(screen.getByTestId('live-preview-root').shadowRoot as unknown as HTMLElement);
/** Waits for `text` in the preview's shadow root (it appears once the bot has loaded). */
const findInPreview = (text: string) => waitFor(() => preview().getByText(text));
const previewBadge = () => within(screen.getByTestId('live-preview').parentElement!).getByText(/^(Custom|Default)$/);
const jsonBox = () => screen.getByLabelText('Configuration JSON') as HTMLTextAreaElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

async function describeDesign(words: string) {
  fireEvent.change(screen.getByPlaceholderText('Describe your home screen design...'), { target: { value: words } });
  fireEvent.click(button('Send'));
}

describe('UI designer page', () => {
  usePageTestEnv();

  it('a missing or foreign bot shows Chatbot Not Found with the edit wording', async () => {
    serve({ botStatus: 404 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chatbot Not Found' })).toBeTruthy();
    expect(screen.getByText("The chatbot you're looking for doesn't exist or you don't have permission to edit it")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('Default state: no badge, no Reset/Save, empty chat, preview and code', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'UI Designer' })).toBeTruthy();
    expect(screen.getByText('Design custom home screens for Harbor Help')).toBeTruthy();
    expect(screen.queryByText('Custom')).toBeNull();
    expect(previewBadge().textContent).toBe('Default');
    expect(screen.queryByRole('button', { name: /Reset to Default/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save Design/ })).toBeNull();
    expect(screen.getByText('AI Designer Assistant')).toBeTruthy();
    expect(screen.getByText('Tell me what kind of home screen you want to create')).toBeTruthy();
    expect(screen.getByText('Start by describing your ideal home screen')).toBeTruthy();
    expect(screen.getByText('Generate a design to see preview')).toBeTruthy();
    expect(screen.getByTestId('live-preview').style.height).toBe('800px');
    // Blank input: Send is disabled.
    expect(button('Send').disabled).toBe(true);
    openTab('Code');
    expect(screen.getByText('No configuration generated yet')).toBeTruthy();
    expect(screen.queryByLabelText('Configuration JSON')).toBeNull();
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
  });

  it('tabs: one Tab stop, arrow keys, Home and End move between Chat, Theme and Code', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'UI Designer' });
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect([tab('Chat').tabIndex, tab('Theme').tabIndex, tab('Code').tabIndex]).toEqual([0, -1, -1]);
    expect(tab('Code').getAttribute('aria-controls')).toBe('ui-designer-panel-code');
    fireEvent.keyDown(tab('Chat'), { key: 'ArrowRight' });
    expect(tab('Theme').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Theme'));
    expect(screen.getByRole('tabpanel', { name: 'Theme' }).hidden).toBe(false);
    fireEvent.keyDown(tab('Theme'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Code'));
    expect(screen.getByText('No configuration generated yet')).toBeTruthy();
    fireEvent.keyDown(tab('Code'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Chat'));
    fireEvent.keyDown(tab('Chat'), { key: 'ArrowLeft' });
    expect(tab('Code').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Code'), { key: 'Home' });
    expect([tab('Chat').tabIndex, tab('Theme').tabIndex, tab('Code').tabIndex]).toEqual([0, -1, -1]);
  });

  it('the chat box takes as many characters as the prompt leaves beside the longest theme line', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'UI Designer' });
    const box = screen.getByPlaceholderText('Describe your home screen design...') as HTMLTextAreaElement;
    const words = 'x'.repeat(box.maxLength);
    expect(withThemeColors(words, { primaryColor: '#aabbcc', backgroundColor: '#ffffff', textColor: '#000000' })).toHaveLength(DESIGNER_PROMPT_MAX);
  });

  it('generate: sends the words, the theme line and the bot guid; the design lands in the preview', async () => {
    const { sent } = serve();
    renderPage();
    await screen.findByRole('heading', { name: 'UI Designer' });
    await describeDesign('A support center with billing and tech');
    expect(await screen.findByText('Generating your design...')).toBeTruthy();
    expect(await screen.findByText('A support center with billing and technical topics.')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: '/api/ui-designer/generate',
        method: 'POST',
        body: {
          prompt: 'A support center with billing and tech\n\nTheme colors: primary #2563eb, background #ffffff, text #1f2937.',
          currentConfig: null,
          chatbotId: GUID,
        },
      },
    ]);
    // The chat shows the owner's words (not the theme line), each line with its role.
    const lines = screen.getAllByTestId('designer-message').map((m) => m.textContent);
    expect(lines[0]).toMatch(/^User.*A support center with billing and tech$/);
    expect(lines[1]).toMatch(/^Assistant.*A support center with billing and technical topics\.$/);
    expect(screen.queryByText(/Theme colors:/)).toBeNull();
    expect(preview().getByText('Support Center')).toBeTruthy();
    expect(preview().getByText('Billing')).toBeTruthy();
    expect(preview().getByText('Technical Support')).toBeTruthy();
    expect(previewBadge().textContent).toBe('Custom');
    expect(screen.getAllByText('Custom')).toHaveLength(2);
    expect(button('Reset to Default')).toBeTruthy();
    expect(screen.getByTestId('not-saved').textContent).toBe('Not saved yet');
    openTab('Code');
    expect(JSON.parse(jsonBox().value)).toEqual(support);
  });

  it('modify is used once a configuration exists, with it as currentConfig and its colours', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    expect(await findInPreview('Support Center')).toBeTruthy();
    expect(screen.queryByTestId('not-saved')).toBeNull();
    await describeDesign('Add a sales topic');
    await screen.findByText('A support center with billing and technical topics.');
    expect(sent[0]!.url).toBe('/api/ui-designer/modify');
    expect(sent[0]!.body).toMatchObject({
      prompt: 'Add a sales topic\n\nTheme colors: primary #0f766e, background #ffffff, text #111827.',
      currentConfig: support,
      chatbotId: GUID,
    });
  });

  it('a failed generation toasts the server message, adds no reply and gives the words back', async () => {
    serve({ designStatus: 503 });
    renderPage();
    await screen.findByRole('heading', { name: 'UI Designer' });
    await describeDesign('Something nice');
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'Generation FailedThe designer is busy, try again']]));
    expect(screen.queryAllByTestId('designer-message')).toHaveLength(0);
    expect((screen.getByPlaceholderText('Describe your home screen design...') as HTMLTextAreaElement).value).toBe('Something nice');
    expect(screen.getByText('Generate a design to see preview')).toBeTruthy();
  });

  it('an unreachable designer says so in words, not "Failed to fetch"', async () => {
    serve({ designDown: true });
    renderPage();
    await screen.findByRole('heading', { name: 'UI Designer' });
    await describeDesign('Something nice');
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'Generation FailedCould not reach the designer. Please try again.']]));
  });

  it('Save Design saves unapplied JSON edits (applied first, like Ctrl+S) and refuses broken JSON', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    fireEvent.change(jsonBox(), { target: { value: '{"components": [' } });
    fireEvent.click(button('Save Design'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid JSON: Please check your JSON syntax before saving.');
    expect(jsonBox().value).toBe('{"components": [');
    expect(sent).toEqual([]);
    const edited = { ...support, components: support.components.map((c) => (c.type === 'header' ? { ...c, props: { title: 'Help Desk' } } : c)) };
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(edited) } });
    fireEvent.click(button('Save Design'));
    await waitFor(() => expect(toastTexts()).toEqual([['success', 'Design SavedYour home screen is now live in the widget.']]));
    expect(sent).toEqual([{ url: PATCH, method: 'PATCH', body: { homeScreenConfig: edited } }]);
    expect(preview().getByText('Help Desk')).toBeTruthy();
    expect(JSON.parse(jsonBox().value)).toEqual(edited);
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
  });

  it('a new design from the chat keeps unapplied JSON edits, still marked Unsaved Changes', async () => {
    serve({ saved: STARTER_HOME_SCREEN_CONFIG });
    renderPage();
    await findInPreview('Welcome');
    openTab('Code');
    fireEvent.change(jsonBox(), { target: { value: '{"my": "edits"' } });
    openTab('Chat');
    await describeDesign('A support center');
    await screen.findByText('A support center with billing and technical topics.');
    expect(preview().getByText('Support Center')).toBeTruthy();
    openTab('Code');
    expect(jsonBox().value).toBe('{"my": "edits"');
    expect(screen.getByText('Unsaved Changes')).toBeTruthy();
    fireEvent.click(button('Reset'));
    expect(JSON.parse(jsonBox().value)).toEqual(support);
  });

  it('Code tab: a draft over the stored size limit is refused before it reaches the preview', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    // Valid field by field (each description within its limit), too large as a whole.
    const topics = Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, description: 'd'.repeat(290), actionType: 'message', message: 'Hi' }));
    const grids = Array.from({ length: 5 }, (_, g) => ({ id: `topics${g}`, type: 'topic_grid', order: g + 1, visible: true, props: { topics } }));
    const big = { ...support, components: [support.components[0]!, ...grids] };
    expect(JSON.stringify(big).length).toBeGreaterThan(HOME_SCREEN_MAX_BYTES);
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(big) } });
    fireEvent.click(button('Apply to Preview'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid configuration: homeScreenConfig is too large (at most 64 KB)');
    expect(preview().queryByText('Topic 49')).toBeNull();
    fireEvent.click(button('Apply & Save'));
    expect(sent).toEqual([]);
  });

  it('Code tab: edits mark Unsaved Changes; Apply to Preview shows them; Reset brings the text back', async () => {
    serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    expect(button('Apply to Preview').disabled).toBe(true);
    expect(button('Apply & Save').disabled).toBe(true);
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
    const edited = { ...support, components: support.components.map((c) => (c.type === 'header' ? { ...c, props: { title: 'Help Desk' } } : c)) };
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(edited) } });
    expect(screen.getByText('Unsaved Changes')).toBeTruthy();
    fireEvent.click(button('Reset'));
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(edited) } });
    fireEvent.click(button('Apply to Preview'));
    expect(preview().getByText('Help Desk')).toBeTruthy();
    expect(await screen.findByText('Applied!')).toBeTruthy();
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
    expect(button('Apply to Preview').disabled).toBe(true);
    expect(screen.getByTestId('not-saved')).toBeTruthy();
  });

  it('Code tab: JSON that does not parse is refused with the message, nothing applied, the text kept', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    fireEvent.change(jsonBox(), { target: { value: '{"components": [' } });
    fireEvent.click(button('Apply & Save'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid JSON: Please check your JSON syntax before saving.');
    expect(toastTexts()).toEqual([['destructive', 'Invalid JSONPlease check your JSON syntax before saving.']]);
    expect(jsonBox().value).toBe('{"components": [');
    expect(preview().getByText('Support Center')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('Code tab: a config the schema refuses names the field; nothing applied or saved', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    const bad = { components: [{ id: 'h', type: 'header', props: { title: 'Broken' } }, { id: 't', type: 'topic_grid', props: { topics: [{ id: 'x', title: '' }] } }] };
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(bad) } });
    fireEvent.click(button('Apply to Preview'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid configuration: components.1.props.topics.0.title: Title is required');
    expect(toastTexts()).toEqual([['destructive', 'Invalid configurationcomponents.1.props.topics.0.title: Title is required']]);
    expect(preview().queryByText('Broken')).toBeNull();
    expect(JSON.parse(jsonBox().value)).toEqual(bad);
    fireEvent.click(button('Apply & Save'));
    expect(sent).toEqual([]);
  });

  it('Apply & Save PATCHes the parsed config and says the design is live', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    const edited = { ...support, theme: { ...support.theme, primaryColor: '#7c3aed' } };
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(edited, null, 4) } });
    fireEvent.click(button('Apply & Save'));
    await waitFor(() => expect(toastTexts()).toEqual([['success', 'Design SavedYour home screen is now live in the widget.']]));
    expect(sent).toEqual([{ url: PATCH, method: 'PATCH', body: { homeScreenConfig: edited } }]);
    await waitFor(() => expect(screen.queryByTestId('not-saved')).toBeNull());
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
  });

  it('a refused save toasts Save Failed with the server message and keeps the design', async () => {
    serve({ saved: support, saveStatus: 400 });
    renderPage();
    await findInPreview('Support Center');
    fireEvent.click(button('Save Design'));
    await waitFor(() => expect(toastTexts()).toEqual([['destructive', 'Save Failedcomponents.1.props.topics.0.title: Title is required']]));
    expect(preview().getByText('Support Center')).toBeTruthy();
  });

  it('Ctrl+S saves the edited draft, Cmd+S the current design', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    openTab('Code');
    const edited = { ...support, theme: { ...support.theme, textColor: '#000000' } };
    fireEvent.change(jsonBox(), { target: { value: JSON.stringify(edited) } });
    const ctrlS = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      jsonBox().dispatchEvent(ctrlS);
    });
    expect(ctrlS.defaultPrevented).toBe(true);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: PATCH, method: 'PATCH', body: { homeScreenConfig: edited } });
    await waitFor(() => expect(button('Save Design').disabled).toBe(false));
    fireEvent.keyDown(document.body, { key: 's', metaKey: true });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ homeScreenConfig: edited });
  });

  it('Reset to Default shows the starter design with the default theme, unsaved until saved', async () => {
    const { sent } = serve({ saved: support });
    renderPage();
    await findInPreview('Support Center');
    fireEvent.click(button('Reset to Default'));
    expect(toastTexts()).toEqual([['default', 'Configuration ResetHome screen has been reset to default configuration.']]);
    expect(preview().getByText('Welcome')).toBeTruthy();
    expect(preview().getByText('How can we help you today?')).toBeTruthy();
    expect(preview().getByText('Get Help')).toBeTruthy();
    expect(screen.getByTestId('not-saved')).toBeTruthy();
    expect(sent).toEqual([]);
    openTab('Code');
    const shown = JSON.parse(jsonBox().value) as HomeScreenConfig;
    expect(shown).toEqual(STARTER_HOME_SCREEN_CONFIG);
    expect(shown.theme).toMatchObject({ primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#1f2937', backgroundImageUrl: null, backgroundImageTransparency: 20 });
  });

  it('clicking a topic in the preview toasts its title; an action is only logged', async () => {
    serve({ saved: support });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await findInPreview('Billing'));
    expect(toastTexts()).toEqual([['default', 'Topic SelectedTopic: Billing']]);
    act(() => {
      fireEvent.click(preview().getByText('Talk to us'));
    });
    expect(toastTexts()).toEqual([['default', 'Topic SelectedTopic: Billing']]);
    expect(info).toHaveBeenCalledOnce();
  });
});
