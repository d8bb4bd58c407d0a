import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeScreenConfig, HomeTopic, SurveyAnswer, SurveyWithCounts } from '@parley/contracts';
import { scriptTagSnippet } from '../dashboard/src/lib/embedSnippets';
import { expectNoAxeViolations, launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';
import { openDatabase, startHostSite, type HostSite } from './widgetHost';

/**
 * Surveys end to end, offline (no model key): the owner builds a four-question survey in the
 * builder (single choice with Other, multiple choice of at most two, a 1 to 5 star rating and an
 * optional text question), waits for the auto-save and activates it; the UI designer puts a
 * topic that starts it on the home screen. A visitor on a customer site of another origin takes
 * it in the widget (Other with their words, Back once to change an answer, a star rating, a
 * typed answer) and a second visitor leaves half-way. Survey analytics, the CSV export and the
 * dashboard's Survey Responses card count both, and the database holds the answers as chosen.
 */
describe('surveys in a real browser: build, put on the home screen, take, analyse', () => {
  let server: RunningServer;
  let host: HostSite;
  let db: Database.Database;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let page: Page;
  let surveyId: number;
  const guid = crypto.randomUUID();
  const BOT_NAME = 'Velo Help';
  const SURVEY_NAME = 'Visit feedback';
  const TOPIC = 'Rate your visit';
  const Q = {
    heard: 'How did you hear about us?',
    used: 'What did you use today?',
    rating: 'How would you rate your visit?',
    comments: 'Anything else you would like to tell us?',
  };
  const OTHER_WORDS = 'A podcast, I think';
  const COMMENT = 'The kettle guide was really helpful.';

  beforeAll(async () => {
    server = await startServer();
    db = openDatabase(server.dataDir);
    host = await startHostSite({
      '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Velo Shop</title></head>
        <body><main><h1>Velo Shop</h1><p>Bikes and repairs.</p></main>${scriptTagSnippet(server.url, guid)}</body></html>`,
    });
    browser = await launchBrowser();
    // bypassCSP only so axe-core can be injected into the dashboard, whose CSP forbids inline scripts.
    ownerContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 }, bypassCSP: true });
    page = await ownerContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    db?.close();
    await host?.close();
    await server?.stop();
  });

  /** Waits until a toast on screen reads `title` then `description` (Radix's live region repeats it, so match whole items). */
  async function expectToast(title: string, description: string) {
    await expect
      .poll(() => page.locator('li[data-variant]').allTextContents(), { timeout: 10_000 })
      .toContain(`${title}${description}`);
  }

  const surveysOnServer = async () => (await (await page.request.get(`/api/chatbots/${guid}/surveys`)).json()) as SurveyWithCounts[];
  const questionsPanel = () => page.getByRole('tabpanel', { name: 'Questions' });
  const addForm = () => page.getByRole('form', { name: 'Add a question' });
  const addButton = () => addForm().getByRole('button', { name: 'Add Question' });
  const editor = (n: number) => page.getByRole('form', { name: `Edit question ${n}` });
  /** The questions' words as the cards show them, in order (without the screen-reader "Question n: "). */
  const questionTexts = async () =>
    (await questionsPanel().locator('ol[aria-label="Questions"] > li p.font-medium').allTextContents()).map((t) => t.replace(/^Question \d+: /, ''));

  async function addQuestion(text: string, type: 'Single choice' | 'Multiple choice' | 'Rating' | 'Text', required = true) {
    await addForm().getByLabel('Question text').fill(text);
    await addForm().getByLabel('Question type').selectOption({ label: type });
    if (!required) await addForm().getByLabel('Required').uncheck();
    await addButton().click();
  }

  /** A new choice question opens in edit mode: names its options (the two defaults, then added ones). */
  async function nameOptions(form: Locator, options: string[]) {
    expect(await form.getByRole('textbox', { name: 'Option 1', exact: true }).inputValue()).toBe('Option 1');
    expect(await form.getByRole('textbox', { name: 'Option 2', exact: true }).inputValue()).toBe('Option 2');
    for (const [i, text] of options.entries()) {
      if (i >= 2) await form.getByRole('button', { name: 'Add option' }).click();
      await form.getByRole('textbox', { name: `Option ${i + 1}`, exact: true }).fill(text);
    }
  }

  it('builds a four-question survey in the builder, auto-saves and activates it', async () => {
    await signUpThroughApi(page, 'Hana');
    const created = await page.request.post('/api/chatbots', { data: { guid, name: BOT_NAME, description: 'Bike shop help' }, headers: { Origin: server.url } });
    expect(created.status()).toBe(201);

    await page.goto(`/chatbots/${guid}/surveys`);
    await page.getByRole('heading', { level: 1, name: `Surveys: ${BOT_NAME}` }).waitFor();
    await page.getByTestId('no-surveys').getByRole('button', { name: 'New Survey' }).click();
    const details = page.getByTestId('survey-details');
    await details.waitFor();
    surveyId = Number(/^Survey ID: (\d+)$/.exec((await details.getByTestId('survey-id').textContent())!)![1]);
    expect(surveyId).toBeGreaterThan(0);
    expect(await details.getByLabel('Name', { exact: true }).inputValue()).toBe('New Survey');
    await details.getByLabel('Name', { exact: true }).fill(SURVEY_NAME);
    await expect.poll(() => details.getByTestId('save-state').textContent()).toBe('Unsaved changes');
    await page.getByTestId('survey-list-item').getByText(SURVEY_NAME, { exact: true }).waitFor();
    // The visitors' title, shown above the first question.
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await page.getByRole('tabpanel', { name: 'Settings' }).getByLabel('Title', { exact: true }).fill(SURVEY_NAME);
    await page.getByRole('tab', { name: 'Questions', exact: true }).click();
    await questionsPanel().getByText('No questions yet. Add the first one below.').waitFor();

    // Add Question waits for some words.
    expect(await addButton().isDisabled()).toBe(true);
    await addForm().getByLabel('Question text').fill('   ');
    expect(await addButton().isDisabled()).toBe(true);

    // 1. Single choice: the default options renamed, a third added, Other allowed.
    await addQuestion(Q.heard, 'Single choice');
    await editor(1).waitFor();
    // One question in edit mode at a time: Add Question waits for it.
    expect(await addButton().isDisabled()).toBe(true);
    await addForm().getByText('Save or cancel the question you are editing first.').waitFor();
    await nameOptions(editor(1), ['Search engine', 'A friend', 'Social media']);
    await editor(1).getByLabel('Allow other answer').check();
    await editor(1).getByRole('button', { name: 'Save Changes' }).click();
    await editor(1).waitFor({ state: 'detached' });
    expect(await questionsPanel().getByRole('list', { name: 'Options of question 1' }).getByRole('listitem').allTextContents()).toEqual([
      'Search engine',
      'A friend',
      'Social media',
    ]);
    await questionsPanel().getByText('Other allowed', { exact: true }).waitFor();

    // 2. Multiple choice, at most two.
    await addQuestion(Q.used, 'Multiple choice');
    await nameOptions(editor(2), ['Live chat', 'Help articles', 'Order tracking']);
    await editor(2).getByLabel('At most').fill('2');
    await editor(2).getByRole('button', { name: 'Save Changes' }).click();
    await editor(2).waitFor({ state: 'detached' });
    await questionsPanel().getByText('Choose at most 2', { exact: true }).waitFor();

    // 3. Rating, the default 1 to 5 stars; 4. text, optional.
    await addQuestion(Q.rating, 'Rating');
    await questionsPanel().getByText('Scale 1 to 5 · Stars', { exact: true }).waitFor();
    expect(await editor(3).count()).toBe(0);
    await addQuestion(Q.comments, 'Text', false);
    await expect.poll(questionTexts).toEqual([Q.heard, Q.used, Q.rating, Q.comments]);
    expect(await addForm().getByLabel('Question text').inputValue()).toBe('');
    const cards = questionsPanel().locator('ol[aria-label="Questions"] > li');
    expect(await cards.nth(3).getByText('Optional', { exact: true }).isVisible()).toBe(true);
    expect(await cards.nth(2).getByText('Required', { exact: true }).isVisible()).toBe(true);

    // Edit mode: Cancel leaves the question as it was.
    await questionsPanel().getByRole('button', { name: 'Edit question 3' }).click();
    expect(await editor(3).getByLabel('Minimum').inputValue()).toBe('1');
    expect(await editor(3).getByLabel('Maximum').inputValue()).toBe('5');
    expect(await editor(3).getByLabel('Rating type').inputValue()).toBe('stars');
    await editor(3).getByLabel('Question text').fill('Not this wording');
    await editor(3).getByRole('button', { name: 'Cancel' }).click();
    await editor(3).waitFor({ state: 'detached' });
    expect(await questionTexts()).toEqual([Q.heard, Q.used, Q.rating, Q.comments]);

    // Moving: the ends cannot move further; up then down puts the question back.
    expect(await questionsPanel().getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true);
    expect(await questionsPanel().getByRole('button', { name: 'Move question 4 down' }).isDisabled()).toBe(true);
    await questionsPanel().getByRole('button', { name: 'Move question 2 up' }).click();
    await expect.poll(questionTexts).toEqual([Q.used, Q.heard, Q.rating, Q.comments]);
    await questionsPanel().getByRole('button', { name: 'Move question 1 down' }).click();
    await expect.poll(questionTexts).toEqual([Q.heard, Q.used, Q.rating, Q.comments]);

    // Auto-save, about 2 s after the last change.
    await expect.poll(() => details.getByTestId('save-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect(await details.getByTestId('save-state').textContent()).toBe('All changes saved');
    const [saved] = await surveysOnServer();
    expect(saved).toMatchObject({ id: surveyId, name: SURVEY_NAME, status: 'draft' });
    expect(saved!.surveyConfig.title).toBe(SURVEY_NAME);
    expect(saved!.surveyConfig.questions).toEqual([
      {
        id: 'question_1',
        text: Q.heard,
        type: 'single_choice',
        required: true,
        allowFreeChoice: true,
        options: [
          { id: 'option_1', text: 'Search engine' },
          { id: 'option_2', text: 'A friend' },
          { id: 'option_3', text: 'Social media' },
        ],
      },
      {
        id: 'question_2',
        text: Q.used,
        type: 'multiple_choice',
        required: true,
        allowFreeChoice: false,
        options: [
          { id: 'option_1', text: 'Live chat' },
          { id: 'option_2', text: 'Help articles' },
          { id: 'option_3', text: 'Order tracking' },
        ],
        metadata: { maxSelections: 2 },
      },
      { id: 'question_3', text: Q.rating, type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
      { id: 'question_4', text: Q.comments, type: 'text', required: false },
    ]);

    await details.getByRole('button', { name: 'Activate' }).click();
    await details.getByRole('button', { name: 'Deactivate' }).waitFor();
    expect(await details.getByLabel('Status').inputValue()).toBe('active');
    expect((await surveysOnServer())[0]!.status).toBe('active');
    await page.getByTestId('survey-list-item').getByText('Active', { exact: true }).waitFor();
    // The page's content only: the shared header's user menu shows the avatar's initials, which
    // its accessible name does not repeat (the layout's, not this page's).
    await expectNoAxeViolations(page, { include: '#main' });
  });

  it('asks a signed-out visitor to log in', async () => {
    const anonymous = await browser.newContext({ baseURL: server.url });
    const anon = await anonymous.newPage();
    await anon.goto(`/chatbots/${guid}/surveys`);
    await anon.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await anon.getByText('Please log in to access the survey builder.', { exact: true }).waitFor();
    expect(await anon.getByText(SURVEY_NAME).count()).toBe(0);
    await anonymous.close();
  });

  it('the UI designer puts a topic that starts the survey on the home screen', async () => {
    await page.goto(`/chatbots/${guid}/ui-designer`);
    await page.getByRole('heading', { level: 1, name: 'UI Designer' }).waitFor();
    const box = page.getByPlaceholder('Describe your home screen design...');
    await box.fill(`a support home with a topic "${TOPIC}" that starts the ${SURVEY_NAME} survey`);
    await box.press('Enter');
    const messages = page.getByTestId('designer-message');
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBe(2);
    expect(await messages.nth(1).textContent()).toContain(`"${TOPIC}" topic that starts survey ${surveyId}`);
    await page.getByTestId('live-preview').getByRole('button', { name: new RegExp(TOPIC) }).waitFor();
    await page.getByRole('button', { name: 'Save Design' }).click();
    await expectToast('Design Saved', 'Your home screen is now live in the widget.');

    const { homeScreenConfig } = (await (await page.request.get(`/api/chatbots/${guid}`)).json()) as { homeScreenConfig: HomeScreenConfig };
    const topics = homeScreenConfig.components.flatMap((c): HomeTopic[] => {
      if (c.type === 'topic_grid') return c.props.topics;
      if (c.type === 'quick_actions') return c.props.actions;
      if (c.type === 'header') return c.props.topics ?? [];
      return [];
    });
    expect(topics.filter((t) => t.title === TOPIC)).toEqual([expect.objectContaining({ actionType: 'survey', surveyId })]);
  });

  /** A visitor's page on the customer site with the widget open on its home screen. */
  async function openWidget(context: BrowserContext) {
    const visitor = await context.newPage();
    await visitor.goto(`${host.url}/shop.html`);
    await visitor.locator('button.cw-launcher').click();
    await visitor.getByRole('dialog').waitFor();
    return visitor;
  }

  /** The newest bot message asking question `n` of 4. */
  const question = (visitor: Page, n: number) => visitor.locator('.cw-msg.is-bot').filter({ hasText: `Question ${n} of 4` }).last();

  it('a visitor on another origin takes the survey from the home-screen topic', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await openWidget(context);
    await visitor.getByRole('tabpanel', { name: 'Home' }).getByRole('button', { name: new RegExp(TOPIC) }).click();
    await expect.poll(() => visitor.getByRole('tab', { name: /Chat/ }).getAttribute('aria-selected')).toBe('true');

    // 1. A menu with Other, after the survey's title; Other asks for the visitor's words.
    const q1 = question(visitor, 1);
    await q1.waitFor();
    await visitor.locator('.cw-msg.is-bot').getByText(SURVEY_NAME, { exact: true }).waitFor();
    expect(await q1.getByRole('progressbar', { name: 'Question 1 of 4' }).getAttribute('aria-valuenow')).toBe('1');
    const menu = q1.getByRole('group', { name: 'Choose an option' });
    expect(await menu.getByRole('button').allTextContents()).toEqual(['Search engine', 'A friend', 'Social media', 'Other']);
    expect(await q1.getByText(Q.heard, { exact: true }).isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Other' }).click();
    await q1.getByLabel('Your answer').fill(OTHER_WORDS);
    await expectNoAxeViolations(visitor);
    await q1.getByRole('button', { name: 'Send', exact: true }).click();

    // 2. Several choices, at most two: a third cannot be ticked.
    const q2 = question(visitor, 2);
    await q2.waitFor();
    await q2.getByLabel('Live chat').check();
    await q2.getByLabel('Help articles').check();
    expect(await q2.getByLabel('Order tracking').isDisabled()).toBe(true);
    await q2.getByRole('button', { name: 'Submit' }).click();

    // 3. Back from the rating: question 2 is asked again and answered differently.
    let q3 = question(visitor, 3);
    await q3.waitFor();
    const replies = q3.getByRole('group', { name: 'Suggested replies' });
    expect(await replies.getByRole('button').allTextContents()).toEqual(['Back', 'Leave survey']);
    await replies.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => visitor.locator('.cw-msg.is-bot').filter({ hasText: 'Question 2 of 4' }).count()).toBe(2);
    const again = question(visitor, 2);
    // The first asking stays as answered; the new one is open.
    expect(await question(visitor, 3).count()).toBe(1);
    const first = visitor.locator('.cw-msg.is-bot').filter({ hasText: 'Question 2 of 4' }).first();
    expect(await first.getByRole('button', { name: 'Submitted' }).isDisabled()).toBe(true);
    expect(await first.getByLabel('Live chat').isChecked()).toBe(true);
    expect(await again.getByLabel('Live chat').isChecked()).toBe(false);
    await again.getByLabel('Help articles').check();
    await again.getByLabel('Order tracking').check();
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => visitor.locator('.cw-msg.is-bot').filter({ hasText: 'Question 3 of 4' }).count()).toBe(2);
    q3 = question(visitor, 3);
    await q3.getByRole('group', { name: 'Rating' }).getByRole('button', { name: 'Rate 4 out of 5' }).click();

    // 4. A text question: the composer asks for the answer; it is optional, so Skip is offered.
    const q4 = question(visitor, 4);
    await q4.waitFor();
    expect(await q4.getByRole('group', { name: 'Suggested replies' }).getByRole('button').allTextContents()).toEqual(['Back', 'Skip', 'Leave survey']);
    const input = visitor.locator('.cw-composer textarea');
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Type your answer…');
    await expectNoAxeViolations(visitor);
    await input.fill(COMMENT);
    await input.press('Enter');
    await visitor.locator('.cw-msg.is-bot').getByText('Thank you for completing the survey!', { exact: true }).waitFor();
    await expect.poll(() => input.getAttribute('placeholder')).not.toBe('Type your answer…');
    await context.close();
  });

  it('a second visitor answers two questions and leaves', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await openWidget(context);
    await visitor.getByRole('tabpanel', { name: 'Home' }).getByRole('button', { name: new RegExp(TOPIC) }).click();
    await question(visitor, 1).getByRole('button', { name: 'A friend' }).click();
    const q2 = question(visitor, 2);
    await q2.getByLabel('Live chat').check();
    await q2.getByRole('button', { name: 'Submit' }).click();
    await question(visitor, 3).waitFor();
    await context.close();
  });

  it('records the answers exactly as chosen, and times the completed response', () => {
    const rows = db
      .prepare('select answers, completed, current_question_index as at, started_at as startedAt, completed_at as completedAt from survey_responses where survey_id = ? order by id')
      .all(surveyId) as { answers: string; completed: number; at: number; startedAt: number; completedAt: number | null }[];
    expect(rows).toHaveLength(2);
    const [done, left] = rows.map((r) => ({ ...r, answers: JSON.parse(r.answers) as Record<string, SurveyAnswer> }));
    expect(done!.completed).toBe(1);
    expect(done!.completedAt! - done!.startedAt).toBeGreaterThan(0);
    expect(done!.answers).toEqual({
      question_1: { value: `Other: ${OTHER_WORDS}`, optionIds: ['q_other'], otherText: OTHER_WORDS, answeredAt: expect.any(String) },
      question_2: { value: ['Help articles', 'Order tracking'], optionIds: ['option_2', 'option_3'], answeredAt: expect.any(String) },
      question_3: { value: 4, answeredAt: expect.any(String) },
      question_4: { value: COMMENT, answeredAt: expect.any(String) },
    });
    expect(left).toMatchObject({ completed: 0, at: 2, completedAt: null });
    expect(left!.answers).toEqual({
      question_1: { value: 'A friend', optionIds: ['option_2'], answeredAt: expect.any(String) },
      question_2: { value: ['Live chat'], optionIds: ['option_1'], answeredAt: expect.any(String) },
    });
    // Answers to a survey are no questions of the visitors' (nothing for Unanswered), and its messages no model answers.
    const bot = 'select chatbot_id from surveys where id = ?';
    expect(db.prepare(`select coalesce(sum(question_count), 0) as n from chat_sessions where chatbot_id = (${bot})`).get(surveyId)).toEqual({ n: 0 });
    expect(db.prepare(`select count(*) as n from chat_messages where chatbot_id = (${bot}) and (answer_status is not null or question_key is not null)`).get(surveyId)).toEqual({ n: 0 });
  });

  it('survey analytics, the CSV export and the dashboard card count both responses', async () => {
    await page.goto(`/chatbots/${guid}/survey-analytics`);
    await page.getByRole('heading', { level: 1, name: `Survey Analytics: ${BOT_NAME}` }).waitFor();
    const stat = (id: string) => page.getByTestId(`stat-${id}`);
    await stat('total-responses').waitFor();
    expect(await stat('total-responses').getByTestId('stat-value').textContent()).toBe('2');
    expect(await stat('total-responses').getByText('1 completed', { exact: true }).isVisible()).toBe(true);
    expect(await stat('completion-rate').getByTestId('stat-value').textContent()).toBe('50.0%');
    expect(await stat('total-surveys').getByTestId('stat-value').textContent()).toBe('1');
    expect(await stat('avg-completion-time').getByTestId('stat-value').textContent()).toMatch(/^\d+s$/);

    const card = page.getByRole('region', { name: SURVEY_NAME });
    expect(await card.getByTestId('survey-responses').textContent()).toBe('2');
    expect(await card.getByTestId('survey-completed').textContent()).toBe('1');
    expect(await card.getByTestId('survey-completion-rate').textContent()).toBe('50.0%');

    const rows = card.getByTestId('question-analytics');
    expect(await rows.count()).toBe(4);
    const meta = (i: number) => rows.nth(i).getByTestId('question-meta').textContent();
    expect([await meta(0), await meta(1), await meta(2), await meta(3)]).toEqual([
      'Single choice · 2 responses',
      'Multiple choice · 2 responses',
      'Rating · 1 response',
      'Text · 1 response',
    ]);
    // Each answer with its count as read out ("1 response"); ties in any order.
    const answers = async (i: number) =>
      (await rows.nth(i).getByTestId('question-responses').getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).sort();
    expect(await answers(0)).toEqual(['A friend 1 response', `Other: ${OTHER_WORDS} 1 response`]);
    expect(await answers(1)).toEqual(['Help articles, Order tracking 1 response', 'Live chat 1 response']);
    expect(await answers(2)).toEqual(['4 1 response']);
    expect(await answers(3)).toEqual([`${COMMENT} 1 response`]);
    expect(await rows.nth(2).getByTestId('rating-average').textContent()).toBe('Average rating: 4 of 5');
    expect(await rows.nth(3).getByTestId('question-chart').count()).toBe(0);

    /** A question's chart as its table: each bar's label and count. */
    async function chartTable(i: number, n: number) {
      await rows.nth(i).getByRole('button', { name: `Show as table: question ${n}` }).click();
      return rows.nth(i).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    }
    expect(await chartTable(0, 1)).toEqual([['Search engine', '0'], ['A friend', '1'], ['Social media', '0'], ['Other', '1']]);
    expect(await chartTable(1, 2)).toEqual([['Live chat', '1'], ['Help articles', '1'], ['Order tracking', '1']]);
    expect(await chartTable(2, 3)).toEqual([['1', '0'], ['2', '0'], ['3', '0'], ['4', '1'], ['5', '0']]);
    await expectNoAxeViolations(page, { include: '#main' });

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: `Export CSV of ${SURVEY_NAME}` }).click()]);
    expect(download.suggestedFilename()).toBe('visit-feedback-responses.csv');
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(csv[0]).toEqual(['Response ID', 'Session ID', 'Started', 'Completed', 'Completed at', 'Completion time (seconds)', Q.heard, Q.used, Q.rating, Q.comments]);
    expect(csv).toHaveLength(3);
    expect(csv[1]!.slice(3, 4)).toEqual(['Yes']);
    expect(Number(csv[1]![5])).toBeGreaterThan(0);
    expect(csv[1]!.slice(6)).toEqual([`Other: ${OTHER_WORDS}`, 'Help articles, Order tracking', '4', COMMENT]);
    expect(csv[2]!.slice(3, 6)).toEqual(['No', '', '']);
    expect(csv[2]!.slice(6)).toEqual(['A friend', 'Live chat', '', '']);

    // The builder's list counts the same responses.
    expect((await surveysOnServer())[0]).toMatchObject({ id: surveyId, responseCount: 2, completedCount: 1 });
    await page.goto(`/chatbots/${guid}/surveys`);
    await expect.poll(() => page.getByTestId('survey-list-item').textContent()).toContain('4 questions · 2 responses');

    await page.goto('/dashboard');
    const responses = page.getByTestId('stat-survey-responses');
    await responses.getByText('50.0% completion rate', { exact: true }).waitFor();
    expect(await responses.getByTestId('stat-value').textContent()).toBe('2');
  });
});

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF line ends), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted && ch === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\r')) {
      cell += ch;
    } else {
      row.push(cell);
      cell = '';
      if (ch === '\r') {
        rows.push(row);
        row = [];
        i++; // the \n of CRLF
      }
    }
  }
  return rows;
}
