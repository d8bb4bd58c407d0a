import { HOME_DESIGN_DEFAULTS, HOME_SCREEN_LIMITS, type HomeComponent, type HomeScreenConfig, type HomeTopic } from '@parley/contracts';
import { ACTION_VERBS, CATEGORY_IDEAS, CATEGORY_SETS, DEFAULT_CATEGORY_ORDER, GENERAL_TOPIC_IDEAS, NOUN_AFTER_VERB, TOPIC_ICONS } from './designVocabulary';
import { joinWords } from '../../lib/joinWords';
import type { ActionAsk, DesignRequest } from './readDesignRequest';
import { uniqueComponentId } from './uniqueComponentId';

export type TopicChanges = { done: string[]; notDone: string[] };
type Grid = Extract<HomeComponent, { type: 'topic_grid' }>;
type Tabs = Extract<HomeComponent, { type: 'category_tabs' }>;
type Category = { id: string; label: string };

/**
 * Categories, topics and quick actions as asked: named categories become tabs, each with
 * realistic topics; named topics keep their titles; counts are exact. When modifying, the
 * topics of categories that stay are kept as they were.
 */
export function applyTopics(config: HomeScreenConfig, ask: DesignRequest, modifying: boolean): TopicChanges {
  const out: TopicChanges = { done: [], notDone: [] };
  const grid = findOrMakeGrid(config);
  const tabs = config.components.find((c): c is Tabs => c.type === 'category_tabs');
  applyRenames(config, grid, tabs, ask, out);
  const oldCategories: Category[] = (tabs?.props.categories ?? []).map((c) => (typeof c === 'string' ? { id: c, label: c } : { id: c.id, label: c.label ?? c.id }));
  let categories = readCategoryChanges(oldCategories, ask, out);
  // "remove Technical Support": a category of that name, else a topic with that title.
  const removeTitles = [...ask.removeTopics];
  for (const name of ask.removeNames) {
    const match = categories.find((c) => sameTitle(c.label, name) || c.id === slug(name));
    if (match) {
      categories = categories.filter((c) => c !== match);
      out.done.push(`no ${match.label} category`);
    } else removeTitles.push(name);
  }
  // "a FAQ category with 3 topics" makes that tab if it is not there yet.
  for (const { category } of ask.categoryTopicCounts) {
    if (!categories.some((c) => sameTitle(c.label, category) || c.id === slug(category)) && categories.length < HOME_SCREEN_LIMITS.categories) categories.push(toCategory(category));
  }
  const categoriesChanged =
    categories.map((c) => c.id).join() !== oldCategories.map((c) => c.id).join() || ask.topicsPerCategory !== null || ask.categoryTopicCounts.length > 0 || (categories.length > 0 && ask.topicCount !== null);

  const known = new Set([...oldCategories, ...categories].map((c) => c.id));
  // Hidden tabs keep their topics (shown together); a removed category takes its topics with it.
  let loose = ask.remove.has('categories') ? grid.props.topics : grid.props.topics.filter((t) => !t.category || !known.has(t.category));
  const wantsTopics = ask.topics !== null || ask.addTopics.length > 0 || (ask.topicCount !== null && !categories.length);
  if (!modifying && (categories.length || wantsTopics)) loose = [];
  // A new design holds exactly the topics named, "add" or not; a current one gets the added ones appended.
  const named = [...(ask.topics ?? []), ...(modifying ? [] : ask.addTopics)];
  const toAdd = modifying ? ask.addTopics : [];
  if (named.length) loose = named.map((title) => topicFromTitle(title));
  if (ask.topicCount !== null && !categories.length) {
    const n = Math.min(ask.topicCount, HOME_SCREEN_LIMITS.topics);
    if (named.length > n) out.notDone.push(`You named ${named.length} topics but asked for ${n}, so I kept all the named ones`);
    else loose = fill(loose, n, fillerTopics(ask.context));
  }

  // A named topic that belongs to a tab ("Book a repair" under Repairs) goes there instead of
  // being repeated as a loose topic next to the tab's own copy.
  const homed = new Map<string, HomeTopic[]>();
  if (categories.length && !ask.remove.has('categories')) {
    loose = loose.filter((topic) => {
      if (!named.some((title) => sameTitle(title, topic.title)) || ask.placements.some((p) => sameTitle(p.title, topic.title))) return true;
      const home = homeOf(topic.title, categories);
      if (!home) return true;
      homed.set(home.id, [...(homed.get(home.id) ?? []), { ...topic, category: home.id }]);
      return false;
    });
  }
  let byCategory = grid.props.topics.filter((t) => t.category && categories.some((c) => c.id === t.category));
  if (categoriesChanged) {
    const sizes = topicsPerCategory(categories, ask);
    const taken: HomeTopic[] = [...loose];
    byCategory = categories.flatMap((cat, i) => {
      const mine = homed.get(cat.id) ?? [];
      const existing = modifying ? grid.props.topics.filter((t) => t.category === cat.id && !mine.some((m) => sameTitle(m.title, t.title))) : [];
      const own = ask.categoryTopicCounts.find((c) => sameTitle(c.category, cat.label) || slug(c.category) === cat.id)?.count;
      const want = own !== undefined ? Math.min(own, HOME_SCREEN_LIMITS.topics) : (sizes[i] ?? (existing.length ? existing.length + mine.length : Math.min(3, ideaTopics(cat.label).length)));
      const filled = fill([...mine, ...existing], Math.max(want, mine.length), [...ideaTopics(cat.label), ...genericTopics(cat.label)], taken, cat.label).map((t) => ({ ...t, category: cat.id }));
      taken.push(...filled);
      return filled;
    });
  } else {
    for (const [id, mine] of homed) {
      const fresh = mine.filter((m) => !byCategory.some((t) => t.category === id && sameTitle(t.title, m.title)));
      const last = byCategory.findLastIndex((t) => t.category === id);
      byCategory.splice(last + 1, 0, ...fresh);
    }
  }
  for (const title of toAdd) {
    if ([...loose, ...byCategory].some((t) => sameTitle(t.title, title))) continue;
    const home = categories.length ? homeOf(title, categories) : undefined;
    loose.push(home ? { ...topicFromTitle(title), category: home.id } : topicFromTitle(title));
  }
  // "'Track order' in the Shipping category": the topic joins that tab, which is made if it is new.
  for (const { title, category } of ask.placements) {
    let cat = categories.find((c) => sameTitle(c.label, category) || c.id === slug(category));
    if (!cat && categories.length < HOME_SCREEN_LIMITS.categories && !ask.remove.has('categories')) {
      cat = toCategory(category);
      categories.push(cat);
    }
    const topic = loose.find((t) => sameTitle(t.title, title));
    if (cat && topic) topic.category = cat.id;
    else out.notDone.push(`I could not put "${title}" in a ${category} category`);
  }
  writeCategories(config, tabs, categories);
  if (!categories.length) loose = loose.map(({ category: _, ...t }) => t);

  let topics = [...loose, ...byCategory];
  for (const title of removeTitles) {
    const before = topics.length;
    topics = topics.filter((t) => !sameTitle(t.title, title));
    if (topics.length === before) out.notDone.push(`There is no category or topic "${title}" to remove`);
    else out.done.push(`no "${title}" topic`);
  }
  const actions = ask.actions.map(actionTopic);
  topics.push(...actions.filter((_, i) => ask.actions[i]!.asTopic));
  // One grid never shows two topics with the same title: a survey or link wins over a plain message, else the first stays.
  topics = topics.filter((t, i) => {
    const action = topics.findIndex((o) => sameTitle(o.title, t.title) && o.actionType !== 'message');
    return i === (action >= 0 ? action : topics.findIndex((o) => sameTitle(o.title, t.title)));
  });
  const all = uniqueTopicIds(topics);
  grid.props.topics = all.slice(0, HOME_SCREEN_LIMITS.topics);
  const kept = grid.props.topics;
  // Counts in the explanation are of what the grid really holds, after the limit.
  if (all.length > kept.length || (ask.topicCount ?? 0) > HOME_SCREEN_LIMITS.topics || (ask.topicsPerCategory ?? 0) * categories.length > HOME_SCREEN_LIMITS.topics) {
    out.notDone.push(`A home screen holds at most ${HOME_SCREEN_LIMITS.topics} topics, so I kept the first ${HOME_SCREEN_LIMITS.topics}`);
  }
  const dropped = [...named, ...toAdd].filter((title) => !kept.some((t) => sameTitle(t.title, title)) && !removeTitles.some((r) => sameTitle(r, title)));
  if (dropped.length) out.notDone.push(`There was no room for ${quoteAll(dropped)}`);
  const placed = (titles: string[]) => titles.filter((title) => kept.some((t) => sameTitle(t.title, title)));
  if (ask.topicCount !== null && !categories.length) {
    const loosePlaced = kept.filter((t) => !t.category).length;
    out.done.push(`${count(loosePlaced, 'topic')}${placed(named).length ? ` including ${quoteAll(placed(named))}` : ''}`);
  } else if (placed(named).length) {
    const inTabs = placed(named).filter((title) => kept.some((t) => t.category && sameTitle(t.title, title)));
    const outside = placed(named).filter((title) => !inTabs.includes(title));
    if (categories.length && (categoriesChanged || ask.placements.length)) {
      const tabbed = count(kept.filter((t) => t.category).length, 'topic');
      out.done.push(`category tabs for ${joinWords(categories.map((c) => c.label))} with ${tabbed}${inTabs.length ? ` (including ${quoteAll(inTabs)})` : ''}`);
    } else if (inTabs.length) out.done.push(`${quoteAll(inTabs)} in ${inTabs.length === 1 ? 'its tab' : 'their tabs'}`);
    if (outside.length) out.done.push(`${count(outside.length, 'topic')} (${outside.join(', ')})${inTabs.length ? ' shown under All' : ''}`);
  } else if (categories.length && (categoriesChanged || ask.placements.length)) {
    out.done.push(`category tabs for ${joinWords(categories.map((c) => c.label))} with ${count(kept.filter((t) => t.category).length, 'topic')}`);
  }
  if (placed(toAdd).length) out.done.push(`${placed(toAdd).length === 1 ? 'a new topic' : 'new topics'} ${quoteAll(placed(toAdd))}`);
  addQuickActions(config, actions.filter((_, i) => !ask.actions[i]!.asTopic));
  out.done.push(...ask.actions.map(describeAction));
  if (ask.remove.has('topics')) {
    config.components = config.components.filter((c) => c.type !== 'topic_grid');
    out.done.push('no topic grid');
  } else if (!grid.props.topics.length && !modifying) {
    grid.props.topics = structuredClone(STARTER_TOPICS);
  }
  return out;
}

/** "rename Billing to Payments": a category (its topics follow), a topic or the header title. */
function applyRenames(config: HomeScreenConfig, grid: Grid, tabs: Tabs | undefined, ask: DesignRequest, out: TopicChanges) {
  const header = config.components.find((c) => c.type === 'header');
  for (const { from, to } of ask.renames) {
    const categories = tabs?.props.categories ?? [];
    const index = categories.findIndex((c) => (typeof c === 'string' ? sameTitle(c, from) : sameTitle(c.label ?? c.id, from) || c.id === slug(from)));
    const topic = grid.props.topics.find((t) => sameTitle(t.title, from));
    if (tabs && index >= 0) {
      const old = categories[index]!;
      const oldId = typeof old === 'string' ? old : old.id;
      const taken = categories.some((c, i) => i !== index && (typeof c === 'string' ? c : c.id) === slug(to));
      const id = taken ? oldId : slug(to);
      tabs.props.categories = categories.map((c, i) => (i === index ? { id, label: to.slice(0, HOME_SCREEN_LIMITS.category) } : c));
      for (const t of grid.props.topics) if (t.category === oldId) t.category = id;
      if (config.settings?.defaultCategory === oldId) config.settings.defaultCategory = id;
      out.done.push(`the ${from} category renamed to ${to}`);
    } else if (topic) {
      topic.title = to;
      out.done.push(`the "${from}" topic renamed to "${to}"`);
    } else if (header?.type === 'header' && header.props.title !== undefined && sameTitle(header.props.title, from)) {
      header.props.title = to;
      out.done.push(`the header renamed to "${to}"`);
    } else out.notDone.push(`There is no category, topic or header called "${from}" to rename`);
  }
}

const quoteAll = (titles: string[]) => joinWords(titles.map((t) => `"${t}"`));

const STARTER_TOPICS: HomeTopic[] = [{ id: 'get-help', title: 'Get Help', description: 'Ask us anything', icon: '💬', actionType: 'message', message: 'Hi! How can I help you today?' }];

function findOrMakeGrid(config: HomeScreenConfig): Grid {
  const found = config.components.find((c): c is Grid => c.type === 'topic_grid');
  if (found) return found;
  const grid: Grid = {
    id: uniqueComponentId(config, 'topics'),
    type: 'topic_grid',
    order: 1,
    visible: true,
    props: { topics: [], style: { itemStyle: HOME_DESIGN_DEFAULTS.itemStyle, titleFontSize: HOME_DESIGN_DEFAULTS.titleFontSize, descriptionFontSize: HOME_DESIGN_DEFAULTS.descriptionFontSize } },
  };
  config.components.push(grid);
  return grid;
}

function readCategoryChanges(old: Category[], ask: DesignRequest, out: TopicChanges): Category[] {
  let categories = ask.remove.has('categories') ? [] : [...old];
  if (ask.remove.has('categories') && old.length) out.done.push('no category tabs');
  if (ask.categories) categories = ask.categories.map(toCategory);
  else if (ask.categoryCount !== null) {
    const n = ask.categoryCount;
    const labels = (CATEGORY_SETS.find((s) => s.when.test(ask.context))?.labels ?? []).concat(DEFAULT_CATEGORY_ORDER);
    const spare = labels.filter((l) => !categories.some((c) => sameTitle(c.label, l)));
    categories = categories.slice(0, n).concat(spare.slice(0, Math.max(0, n - categories.length)).map(toCategory));
    if (categories.length < Math.min(n, HOME_SCREEN_LIMITS.categories)) out.notDone.push(`I only know ${categories.length} common categories, so I made those; name the others and I will add them`);
    if (n > HOME_SCREEN_LIMITS.categories) out.notDone.push(`A home screen holds at most ${HOME_SCREEN_LIMITS.categories} categories`);
  }
  for (const label of ask.addCategories) if (!categories.some((c) => sameTitle(c.label, label) || c.id === slug(label))) categories.push(toCategory(label));
  for (const label of ask.removeCategories) {
    const before = categories.length;
    categories = categories.filter((c) => !sameTitle(c.label, label) && c.id !== slug(label));
    if (categories.length === before) out.notDone.push(`There is no "${label}" category to remove`);
    else out.done.push(`no ${label} category`);
  }
  const unique = categories.filter((c, i) => categories.findIndex((o) => o.id === c.id) === i);
  if (unique.length > HOME_SCREEN_LIMITS.categories) {
    const left = unique.slice(HOME_SCREEN_LIMITS.categories).map((c) => c.label);
    out.notDone.push(`A home screen holds at most ${HOME_SCREEN_LIMITS.categories} categories, so I left out ${left.length > 5 ? `${left.length} of them` : joinWords(left)}`);
  }
  return unique.slice(0, HOME_SCREEN_LIMITS.categories);
}

function writeCategories(config: HomeScreenConfig, tabs: Tabs | undefined, categories: Category[]) {
  if (!categories.length) {
    config.components = config.components.filter((c) => c.type !== 'category_tabs');
    return;
  }
  const value = categories.map((c) => ({ id: c.id, label: c.label }));
  if (tabs) tabs.props.categories = value;
  else config.components.push({ id: uniqueComponentId(config, 'categories'), type: 'category_tabs', order: 1, visible: true, props: { categories: value } });
}

/** Exact counts: "3 topics each", or "6 topics" spread over the categories (first ones get the extra). */
function topicsPerCategory(categories: Category[], ask: DesignRequest): (number | undefined)[] {
  // "20 topics each" over five tabs shares the limit out evenly rather than starving the last tabs.
  if (ask.topicsPerCategory !== null) return categories.map(() => Math.min(ask.topicsPerCategory!, Math.floor(HOME_SCREEN_LIMITS.topics / Math.max(1, categories.length))));
  if (ask.topicCount !== null && categories.length) {
    const total = Math.min(ask.topicCount, HOME_SCREEN_LIMITS.topics);
    return categories.map((_, i) => Math.floor(total / categories.length) + (i < total % categories.length ? 1 : 0));
  }
  return [];
}

/** Topics for "6 topics": the kind of business's own first, then ones any business has. */
function fillerTopics(context: string): HomeTopic[] {
  const labels = CATEGORY_SETS.find((set) => set.when.test(context))?.labels ?? [];
  const own = labels.flatMap((l) => findIdea(l)?.topics.slice(0, 1) ?? []);
  const general = findIdea('General')?.topics ?? [];
  const [first, ...rest] = GENERAL_TOPIC_IDEAS;
  return [first!, ...own, ...general, ...rest].map((idea) => ({ id: slug(idea.title), ...idea, actionType: 'message' as const }));
}

/** Up to n topics: the kept ones, then ideas whose titles are not in the grid yet (`taken`), then numbered questions. */
function fill(kept: HomeTopic[], n: number, ideas: HomeTopic[], taken: HomeTopic[] = [], about?: string): HomeTopic[] {
  const result = kept.slice(0, n);
  const free = (title: string) => ![...result, ...taken].some((t) => sameTitle(t.title, title));
  for (const idea of ideas) {
    if (result.length >= n) break;
    if (free(idea.title)) result.push(idea);
  }
  for (let i = result.length + 1; result.length < n; i++) {
    const title = about ? `${about} question ${i}` : `Question ${i}`;
    if (free(title)) result.push(topicFromTitle(title));
  }
  return result;
}

/**
 * The tab a named topic belongs to: the one whose own topic ideas have that title, else the one
 * whose name is in it ("Rental prices" → Rentals, "Return a bike" → Returns).
 */
function homeOf(title: string, categories: Category[]): Category | undefined {
  const byIdea = categories.find((c) => ideaTopics(c.label).some((t) => sameWords(t.title, title)));
  if (byIdea) return byIdea;
  const words = new Set(stems(title));
  return categories.find((c) => {
    const label = stems(c.label);
    if (label.length && label.every((w) => words.has(w))) return true;
    return (findIdea(c.label)?.aliases ?? []).some((alias) => !alias.includes(' ') && words.has(stems(alias)[0]!));
  });
}

const stems = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((w) => w && !FILLER_WORDS.has(w))
    .map((w) => w.replace(/(?<=...)s$/, ''));

/** Only a whole name or a listed synonym: "Pre-sales" is not "Sales", so it gets topics named after it. */
function findIdea(label: string) {
  const l = label.toLowerCase().trim();
  return CATEGORY_IDEAS.find((c) => c.label.toLowerCase() === l || c.aliases.includes(l));
}

/** Starter topics for a category: the vocabulary's, or two generic ones named after it. */
function ideaTopics(label: string): HomeTopic[] {
  const idea = findIdea(label);
  if (idea) return idea.topics.map((t) => ({ id: slug(t.title), ...t, actionType: 'message' as const }));
  return genericTopics(label);
}

/** Topics any category can have, named after it. */
function genericTopics(label: string): HomeTopic[] {
  const lower = label.toLowerCase();
  return [
    { id: slug(`${label} questions`), title: `${label} questions`, description: `Common questions about ${lower}`, icon: '❓', actionType: 'message', message: `I have a question about ${lower}.` },
    { id: slug(`${label} help`), title: `Help with ${lower}`, description: `Get support for ${lower}`, icon: '💬', actionType: 'message', message: `Can you help me with ${lower}?` },
    { id: slug(`${label} contact`), title: `Contact us about ${lower}`, description: `Reach a person about ${lower}`, icon: '✉️', actionType: 'message', message: `How can I contact someone about ${lower}?` },
  ];
}

/** A topic for a title the owner wrote, with a fitting icon and a question a visitor would send. */
function topicFromTitle(title: string): HomeTopic {
  // Only a vocabulary topic with the same words lends its text: "Repairs" must never read as warranty help.
  const idea = CATEGORY_IDEAS.flatMap((c) => c.topics).find((t) => sameWords(t.title, title));
  const lower = title.toLowerCase();
  const icon = idea?.icon ?? TOPIC_ICONS.find(([re]) => re.test(lower))?.[1] ?? '💬';
  const phrase = inSentence(title.trim().replace(/[?.!]+$/, ''));
  // The visitor sends the message, so the owner's "your" becomes "my": "Reset your password" → "How do I reset my password?".
  const asVisitor = phrase.replace(/\byours\b/gi, 'mine').replace(/\byour\b/gi, 'my');
  const first = lower.split(/\s+/)[0]!;
  let message: string;
  let description: string;
  if (/\?$/.test(title.trim()) || QUESTION_WORDS.has(first)) {
    message = `${title.trim().replace(/[?.!]+$/, '')}?`;
    description = 'Get an answer to this question';
  } else if (ACTION_VERBS.has(first) && !NOUN_AFTER_VERB.test(lower.split(/\s+/)[1] ?? '')) {
    message = `How do I ${asVisitor}?`;
    description = `We'll guide you step by step`;
  } else {
    message = `Can you tell me about ${asVisitor}?`;
    description = `Everything about ${phrase}`;
  }
  return { id: slug(title), title: title.slice(0, HOME_SCREEN_LIMITS.title), description: idea?.description ?? description, icon, actionType: 'message', message: idea?.message ?? message };
}

const QUESTION_WORDS = new Set(['how', 'what', 'where', 'when', 'why', 'who', 'which', 'can', 'could', 'do', 'does', 'is', 'are', 'will', 'should']);

/**
 * A title as it reads inside a sentence: "Rental prices" and "Rental Prices" → "rental prices",
 * while words in capitals ("API keys") and names mid-sentence ("Pay with PayPal") keep theirs.
 */
function inSentence(title: string): string {
  const words = title.split(/\s+/);
  const capitalised = (w: string) => /^\p{Lu}[\p{Ll}'-]*$/u.test(w);
  const titleCased = words.length > 1 && words.every((w) => capitalised(w) || /^(?:and|of|for|the|to|a|an|in|on|or|my|at|by|your)$/.test(w));
  return words.map((w, i) => ((i === 0 || titleCased) && capitalised(w) ? w.toLowerCase() : w)).join(' ');
}

function actionTopic(action: ActionAsk): HomeTopic {
  if (action.kind === 'survey') return { id: slug(`survey-${action.surveyId}`), title: action.title, description: 'Tell us what you think', icon: '📝', actionType: 'survey', surveyId: action.surveyId! };
  if (action.kind === 'link') return { id: slug(action.title), title: action.title, description: 'Opens in a new tab', icon: '🔗', actionType: 'link', url: action.url! };
  return { id: 'start-chat', title: action.title, description: 'Talk to us now', icon: '💬', actionType: 'start_chat' };
}

function describeAction(action: ActionAsk): string {
  if (action.kind === 'survey') return `a "${action.title}" ${action.asTopic ? 'topic' : 'button'} that starts survey ${action.surveyId}`;
  if (action.kind === 'link') return `a "${action.title}" link to ${action.url}`;
  return 'a start chat button';
}

function addQuickActions(config: HomeScreenConfig, actions: HomeTopic[]) {
  if (!actions.length) return;
  let quick = config.components.find((c): c is Extract<HomeComponent, { type: 'quick_actions' }> => c.type === 'quick_actions');
  if (!quick) {
    quick = { id: uniqueComponentId(config, 'quick-actions'), type: 'quick_actions', order: 1, visible: true, props: { actions: [] } };
    config.components.push(quick);
  }
  const merged = [...quick.props.actions, ...actions].filter((a, i, all) => all.findIndex((o) => o.id === a.id) === i);
  quick.props.actions = merged.slice(0, HOME_SCREEN_LIMITS.actions);
}

function uniqueTopicIds(topics: HomeTopic[]): HomeTopic[] {
  const seen = new Set<string>();
  return topics.map((t) => {
    let id = t.id || 'topic';
    for (let n = 2; seen.has(id); n++) id = `${t.id}-${n}`;
    seen.add(id);
    return { ...t, id };
  });
}

const toCategory = (label: string): Category => ({ id: slug(label), label: label.slice(0, HOME_SCREEN_LIMITS.category) });
const FILLER_WORDS = new Set(['a', 'an', 'the', 'my', 'your', 'our', 'to', 'for', 'of', 'and', '&']);
/** "Track order" and "Track my order" are the same topic; "Repairs" and "Warranty coverage" are not. */
function sameWords(a: string, b: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}&]+/u)
      .filter((w) => w && !FILLER_WORDS.has(w))
      .map((w) => w.replace(/(?<=..)s$/, ''))
      .sort()
      .join(' ');
  return words(a) === words(b);
}
const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Technical Support" → "technical-support", "Über Support" → "uber-support". */
function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, HOME_SCREEN_LIMITS.category) || 'item'
  );
}
