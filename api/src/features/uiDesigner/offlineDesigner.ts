import {
  contrastRatio,
  DESCRIPTION_FONT_SIZES,
  HOME_DESIGN_DEFAULTS,
  HOME_SCREEN_LIMITS,
  type HomeComponent,
  type HomeScreenConfig,
  type HomeStyle,
  STARTER_HOME_SCREEN_CONFIG,
  splitThemeColors,
  TITLE_FONT_SIZES,
  type UiDesignerResponse,
} from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';
import { DARK_BACKGROUND, DARK_TEXT, LIGHT_BACKGROUND, LIGHT_TEXT } from './designVocabulary';
import { joinWords } from '../../lib/joinWords';
import { applyTopics, type TopicChanges } from './applyTopics';
import { type DesignerSurvey, inactiveSurveyNote, surveyChoiceList, matchSurvey } from './matchSurvey';
import { type DesignRequest, readDesignRequest } from './readDesignRequest';
import { uniqueComponentId } from './uniqueComponentId';

type Grid = Extract<HomeComponent, { type: 'topic_grid' }>;
type Notes = { done: string[]; notDone: string[] };

/**
 * The UI designer without a model: reads what the owner's words ask for (categories, topics,
 * colours, sizes, actions, header and footer) and builds it into a new design, or into the
 * current one while keeping everything the words leave alone. The Theme tab's colours on the
 * prompt's last line are the starting colours; colours the words name win. The explanation
 * says in one paragraph what was made and what could not be.
 *
 * The default header stays "Welcome" (not "Welcome to {botName}"): it matches the starter
 * design and Reset to Default; the bot's name is only used for a footer asked for without text.
 * A survey button starts one of the bot's `surveys`, named by id or by words of its name.
 */
export function offlineDesigner(input: { prompt: string; currentConfig: HomeScreenConfig | null; botName: string; surveys: DesignerSurvey[] }): UiDesignerResponse {
  const { words, colors: themeLine } = splitThemeColors(input.prompt);
  const ask = readDesignRequest(words, input.botName);
  const modifying = input.currentConfig !== null;
  const config: HomeScreenConfig = structuredClone(input.currentConfig ?? STARTER_HOME_SCREEN_CONFIG);
  const notes: Notes = { done: [], notDone: [] };

  applySurveys(ask, input.surveys, notes);
  applyTheme(config, ask, themeLine, notes);
  applyHeader(config, ask, notes);
  const topicChanges: TopicChanges = applyTopics(config, ask, modifying);
  notes.done.push(...topicChanges.done);
  notes.notDone.push(...topicChanges.notDone);
  applyStyle(config, ask, notes);
  applyFooterAndParts(config, ask, input.botName, notes);
  if (ask.search !== undefined) {
    config.settings = { ...config.settings, enableSearch: ask.search };
    notes.done.push(ask.search ? 'a search box' : 'no search box');
  }
  if (ask.unusedNames.length) notes.notDone.push(`I could not use ${joinWords([...new Set(ask.unusedNames)].map((n) => `"${n}"`))} as a category or topic name`);
  notes.notDone.push(...ask.problems);
  if (ask.unsupported.length) notes.notDone.push(`The home screen cannot show ${joinWords(ask.unsupported)}, so I left that out`);

  finish(config);
  const parsed = homeScreenConfigSchema.safeParse(config);
  // Every prompt must end in a valid design: reaching this is a bug in the designer, not bad input.
  if (!parsed.success) throw new Error(`The offline designer built an invalid home screen: ${parsed.error.message}`);
  return { config: parsed.data, explanation: explain(notes, modifying) };
}

/**
 * Each survey button asked for, pointed at the bot's survey it names; one whose survey cannot be
 * told is left out (a message topic in its place would not start a survey) and the owner is told
 * which surveys there are. Its title is the owner's quoted label, else the survey's name.
 */
function applySurveys(ask: DesignRequest, surveys: DesignerSurvey[], notes: Notes) {
  const what = (label: string | undefined) => (label ? `"${label}"` : 'a survey button');
  const theirs = surveys.length ? `this bot's surveys are ${surveyChoiceList(surveys)}` : 'this bot has no surveys yet: create one on the Surveys page first';
  ask.actions = ask.actions.flatMap((action) => {
    if (action.kind !== 'survey' || !action.survey) return [action];
    const { survey: ref } = action;
    const match = matchSurvey(ref, surveys);
    if (match.kind === 'found') {
      const note = inactiveSurveyNote(match.survey);
      if (note) notes.notDone.push(note);
      return [{ ...action, title: (ref.label ?? match.survey.name).slice(0, HOME_SCREEN_LIMITS.title), surveyId: match.survey.id }];
    }
    if (match.kind === 'unknownId') notes.notDone.push(`There is no survey ${match.id} on this bot, so I left out ${what(ref.label)}; ${theirs}`);
    else if (match.kind === 'ambiguous') notes.notDone.push(`To add ${what(ref.label)}, tell me which survey it starts: ${surveyChoiceList(match.among, 'or')}`);
    else if (ref.words && surveys.length) notes.notDone.push(`I found no survey called "${ref.words}", so I left out ${what(ref.label)}; ${theirs}`);
    else notes.notDone.push(`I left out ${what(ref.label)} because ${theirs}`);
    return [];
  });
  // "our feedback survey" said twice is one button, and so is a survey asked for with the owner's
  // label and again without one: a second button starting the same survey is never wanted.
  ask.actions = ask.actions.filter((a, i, all) => {
    if (a.kind !== 'survey') return true;
    const same = all.filter((o) => o.kind === 'survey' && o.surveyId === a.surveyId && o.asTopic === a.asTopic);
    if (!a.survey?.label && same.some((o) => o.survey?.label)) return false;
    return all.findIndex((o) => same.includes(o) && o.title === a.title) === i;
  });
  notes.notDone = [...new Set(notes.notDone)];
}

function applyTheme(config: HomeScreenConfig, ask: DesignRequest, themeLine: ReturnType<typeof splitThemeColors>['colors'], notes: Notes) {
  const theme = { ...config.theme };
  if (themeLine) Object.assign(theme, themeLine);
  const named = ask.colors;
  Object.assign(theme, named);
  const background = theme.backgroundColor ?? HOME_DESIGN_DEFAULTS.backgroundColor;
  // A background the owner picked must stay readable: swap the text colour when it would not be.
  let textSwapped = false;
  if (named.backgroundColor && !named.textColor && contrast(background, theme.textColor ?? HOME_DESIGN_DEFAULTS.textColor) < 3) {
    theme.textColor = contrast(background, LIGHT_TEXT) > contrast(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
    textSwapped = true;
  }
  let backgroundSwapped = false;
  if (named.textColor && !named.backgroundColor && contrast(background, named.textColor) < 3) {
    theme.backgroundColor = contrast(named.textColor, DARK_BACKGROUND) > contrast(named.textColor, LIGHT_BACKGROUND) ? DARK_BACKGROUND : LIGHT_BACKGROUND;
    backgroundSwapped = true;
  }
  if (named.textColor && named.backgroundColor && contrast(named.backgroundColor, named.textColor) < 3) {
    notes.notDone.push(`Text in ${named.textColor} on ${named.backgroundColor} is hard to read, so you may want another pair`);
  }
  const label = { primaryColor: 'primary', backgroundColor: 'background', textColor: 'text' } as const;
  const changed = (['primaryColor', 'backgroundColor', 'textColor'] as const).filter((k) => named[k] || (k === 'textColor' && textSwapped) || (k === 'backgroundColor' && backgroundSwapped));
  const shown = ask.page ? changed.filter((k) => k === 'primaryColor') : changed;
  if (ask.page) notes.done.push(`a ${ask.page} theme (background ${theme.backgroundColor}, ${ask.page === 'dark' ? 'light' : 'dark'} text ${theme.textColor})`);
  if (shown.length) notes.done.push(shown.map((k) => `${label[k]} colour ${theme[k]}`).join(', '));
  if (ask.unusedColors.length) {
    const names = joinWords(ask.unusedColors.map((c) => `"${c}"`));
    notes.notDone.push(`The theme has one primary, one background and one text colour, so I did not use ${names}`);
  }
  for (const c of ask.unknownColors) notes.notDone.push(`I did not understand the colour "${c}", so I kept ${theme.primaryColor ?? HOME_DESIGN_DEFAULTS.primaryColor}`);
  if (ask.backgroundImageUrl) {
    theme.backgroundImageUrl = ask.backgroundImageUrl;
    notes.done.push('your background image');
  }
  if (ask.transparency) {
    theme.backgroundImageTransparency = ask.transparency.value;
    notes.done.push(`${ask.transparency.value}% overlay transparency`);
    if (ask.transparency.clamped) notes.notDone.push(`Transparency goes from 0 to 100, so I used ${ask.transparency.value}%`);
  }
  config.theme = theme;
}

function applyHeader(config: HomeScreenConfig, ask: DesignRequest, notes: Notes) {
  if (ask.remove.has('header')) {
    config.components = config.components.filter((c) => c.type !== 'header');
    notes.done.push('no header');
    return;
  }
  let header = config.components.find((c) => c.type === 'header');
  const wants = ask.headerTitle !== undefined || ask.headerSubtitle !== undefined || ask.transparentHeader;
  if (!header && wants) {
    header = { id: uniqueComponentId(config, 'header'), type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?' } };
    config.components.unshift(header);
  }
  if (header?.type !== 'header') return;
  if (ask.headerTitle !== undefined) {
    header.props.title = ask.headerTitle.slice(0, HOME_SCREEN_LIMITS.title);
    notes.done.push(`a header "${header.props.title}"`);
  }
  if (ask.headerSubtitle !== undefined) {
    header.props.subtitle = ask.headerSubtitle.slice(0, HOME_SCREEN_LIMITS.subtitle);
    notes.done.push(`the subtitle "${header.props.subtitle}"`);
  }
  if (ask.transparentHeader) {
    if (config.theme?.backgroundImageUrl) {
      header.props.style = { ...header.props.style, transparentBackground: true };
      notes.done.push('a transparent header');
    } else {
      notes.notDone.push('A transparent header needs a background image, so the header keeps its background until you add one');
    }
  }
}

function applyStyle(config: HomeScreenConfig, ask: DesignRequest, notes: Notes) {
  const styled = config.components.filter((c): c is Grid | Extract<HomeComponent, { type: 'quick_actions' }> => c.type === 'topic_grid' || c.type === 'quick_actions');
  if (!styled.length) return;
  const current: HomeStyle = styled.find((c) => c.type === 'topic_grid')?.props.style ?? {};
  const style: HomeStyle = {};
  if (ask.itemStyle) {
    style.itemStyle = ask.itemStyle;
    notes.done.push(`${ask.itemStyle} items`);
  }
  for (const [key, sizes, label, fallback] of [
    ['titleFontSize', TITLE_FONT_SIZES, 'title', HOME_DESIGN_DEFAULTS.titleFontSize],
    ['descriptionFontSize', DESCRIPTION_FONT_SIZES, 'description', HOME_DESIGN_DEFAULTS.descriptionFontSize],
  ] as const) {
    const want = ask[key];
    if (!want) continue;
    const now = Number(current[key] ?? fallback);
    const size = resolveSize(want, now, sizes, label === 'title' ? 20 : 16, 12);
    style[key] = size;
    notes.done.push(`${size}px ${label}s`);
    if ('px' in want && want.px !== size) notes.notDone.push(`${label[0]!.toUpperCase()}${label.slice(1)} sizes come in fixed steps (${sizes.join(', ')}), so I used ${size}px instead of ${want.px}px`);
  }
  if (!Object.keys(style).length) return;
  if (ask.styleScope) notes.notDone.push(`Item styles and sizes apply to every topic, so all topics changed, not only the ${ask.styleScope} ones`);
  for (const c of styled) c.props.style = { ...c.props.style, ...style };
}

/** An exact size snapped to the nearest allowed one; "bigger" one step up; "large"/"small" a fixed size. */
function resolveSize(want: NonNullable<DesignRequest['titleFontSize']>, now: number, sizes: readonly number[], large: number, small: number): number {
  const nearest = (n: number) => sizes.reduce((best, s) => (Math.abs(s - n) < Math.abs(best - n) || (Math.abs(s - n) === Math.abs(best - n) && s > best) ? s : best));
  const index = sizes.indexOf(nearest(now));
  if ('px' in want) return nearest(want.px);
  if ('step' in want) return sizes[Math.min(sizes.length - 1, Math.max(0, index + want.step))]!;
  if (want.preset === 'huge') return sizes.at(-1)!;
  if (want.preset === 'tiny') return sizes[0]!;
  if (want.preset === 'large') return now < large ? large : sizes[Math.min(sizes.length - 1, index + 1)]!;
  return now > small ? small : sizes[Math.max(0, index - 1)]!;
}

function applyFooterAndParts(config: HomeScreenConfig, ask: DesignRequest, botName: string, notes: Notes) {
  if (ask.remove.has('footer')) {
    config.components = config.components.filter((c) => c.type !== 'footer');
    notes.done.push('no footer');
  } else if (ask.footer) {
    let footer = config.components.find((c) => c.type === 'footer');
    if (footer?.type !== 'footer') {
      footer = { id: uniqueComponentId(config, 'footer'), type: 'footer', order: 99, visible: true, props: { text: `Powered by ${botName}`, links: [] } };
      config.components.push(footer);
    }
    if (ask.footer.text) footer.props.text = ask.footer.text.slice(0, HOME_SCREEN_LIMITS.footerText);
    const links = [...footer.props.links, ...ask.footer.links].filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i).slice(0, HOME_SCREEN_LIMITS.footerLinks);
    footer.props.links = links.map((l) => ({ text: l.text.slice(0, HOME_SCREEN_LIMITS.linkText), url: l.url }));
    notes.done.push(`a footer${ask.footer.text ? ` saying "${ask.footer.text}"` : ''}${ask.footer.links.length ? ` with ${ask.footer.links.length === 1 ? 'a link' : 'links'}` : ''}`);
  }
  if (ask.remove.has('quick_actions')) {
    config.components = config.components.filter((c) => c.type !== 'quick_actions');
    notes.done.push('no quick action buttons');
  }
}

const RANK: Record<HomeComponent['type'], number> = { header: 0, quick_actions: 1, category_tabs: 2, topic_grid: 3, footer: 4 };

/** Header first, then quick actions, category tabs, topic grids and the footer last. */
function finish(config: HomeScreenConfig) {
  config.version = 1;
  config.components = config.components
    .map((c, i) => ({ c, i }))
    .sort((a, b) => RANK[a.c.type] - RANK[b.c.type] || a.i - b.i)
    .slice(0, HOME_SCREEN_LIMITS.components)
    .map(({ c }, order) => ({ ...c, order, visible: c.visible ?? true }) as HomeComponent);
  const tabs = config.components.some((c) => c.type === 'category_tabs' && c.visible !== false);
  config.settings = { enableSearch: false, ...config.settings, enableCategories: tabs };
  if (!tabs) delete config.settings.defaultCategory;
}

function explain(notes: Notes, modifying: boolean): string {
  const done = [...new Set(notes.done)];
  const lead = (items: string[]) =>
    items.length ? `I ${modifying ? 'changed the design to have' : 'made a home screen with'} ${joinWords(items)}${modifying ? ' and kept everything else as it was' : ''}.` : modifying ? 'I could not find a change I know how to make, so the design is as it was.' : 'I made the starter home screen: a "Welcome" header and one "Get Help" topic.';
  const rest = notes.notDone.map((n) => `${n}.`);
  let items = done;
  let text = [lead(items), ...rest].join(' ');
  while (text.length > 600 && items.length > 1) {
    items = items.slice(0, -1);
    text = [lead([...items, 'more']), ...rest].join(' ');
  }
  return text.length > 600 ? `${text.slice(0, 597)}...` : text;
}

/** Theme colours are hex by the time they are compared, so the ratio is always known. */
function contrast(a: string, b: string): number {
  return contrastRatio(a, b) ?? 1;
}
