import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SurveyConfig, SurveyQuestion } from '@parley/contracts';
import { client, errorOf, ownerWithBot, untyped, withCookie } from '../../../test/helpers';
import { db } from '../../db/client';
import { chatSessions, surveyResponses, surveys } from '../../db/schema';

const { chatbots } = client.api;
const surveyApi = client.api.surveys[':id'];

const list = (cookie: string, id: string | number) => chatbots[':id'].surveys.$get({ param: { id: String(id) } }, withCookie(cookie));
const create = (cookie: string, id: string | number, json: Parameters<typeof chatbots[':id']['surveys']['$post']>[0]['json']) =>
  chatbots[':id'].surveys.$post({ param: { id: String(id) }, json }, withCookie(cookie));
const patch = (cookie: string, id: number, json: Parameters<typeof surveyApi['$patch']>[0]['json']) =>
  surveyApi.$patch({ param: { id: String(id) }, json }, withCookie(cookie));

async function createdSurvey(cookie: string, botId: string | number, json: Parameters<typeof create>[2] = { name: 'Feedback' }) {
  const res = await create(cookie, botId, json);
  expect(res.status).toBe(201);
  return res.json();
}

const choice = (id: string, options: string[]): SurveyQuestion => ({
  id,
  text: `Question ${id}`,
  type: 'single_choice',
  required: true,
  options: options.map((text, i) => ({ id: `${id}_o${i + 1}`, text })),
});
const textQuestion = (id: string): SurveyQuestion => ({ id, text: `Question ${id}`, type: 'text', required: false });

/** A stored config with `questions`, the rest as created. */
const withQuestions = (config: SurveyConfig, questions: SurveyQuestion[]): SurveyConfig => ({ ...config, questions });

describe('survey CRUD', () => {
  it('creates a draft with the defaults of a new survey, by guid or numeric id', async () => {
    const { cookie, bot } = await ownerWithBot();
    const res = await create(cookie, bot.guid, { name: 'Feedback' });
    expect(res.status).toBe(201);
    const survey = await res.json();
    expect(survey).toEqual({
      id: expect.any(Number),
      chatbotId: bot.id,
      name: 'Feedback',
      description: null,
      status: 'draft',
      surveyConfig: {
        id: expect.stringMatching(/^survey_[0-9a-z]{12}$/),
        title: 'New Survey',
        description: 'A new survey',
        questions: [],
        completionMessage: 'Thank you for completing the survey!',
        aiInstructions: 'Conduct this survey with a friendly and professional tone.',
        settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
      },
      responseCount: 0,
      completedCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const byId = await createdSurvey(cookie, bot.id, { name: 'Second', description: 'After a visit' });
    expect(byId).toMatchObject({ chatbotId: bot.id, name: 'Second', description: 'After a visit' });
    expect(byId.surveyConfig.id).not.toBe(survey.surveyConfig.id);
  });

  it('lays a sent partial config over the defaults', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid, {
      name: 'Visit',
      surveyConfig: { title: 'Your visit', questions: [choice('q1', ['Yes', 'No'])], settings: { allowBackNavigation: false, showProgress: true, savePartialResponses: false } },
    });
    expect(survey.surveyConfig).toMatchObject({
      title: 'Your visit',
      description: 'A new survey',
      completionMessage: 'Thank you for completing the survey!',
      questions: [{ id: 'q1', type: 'single_choice', options: [{ id: 'q1_o1', text: 'Yes' }, { id: 'q1_o2', text: 'No' }] }],
      settings: { allowBackNavigation: false, showProgress: true, savePartialResponses: false },
    });
  });

  it('lists the bot’s surveys newest first, by guid or numeric id', async () => {
    const { cookie, bot } = await ownerWithBot();
    const first = await createdSurvey(cookie, bot.guid, { name: 'First' });
    const second = await createdSurvey(cookie, bot.guid, { name: 'Second' });
    for (const ref of [bot.guid, bot.id]) {
      const res = await list(cookie, ref);
      expect(res.status).toBe(200);
      expect((await res.json()).map((s) => s.id)).toEqual([second.id, first.id]);
    }
  });

  it('counts a visitor’s unfinished responses only while the config keeps them, and never a test chat’s', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid);
    const [visitor, tester, dropped] = [randomUUID(), randomUUID(), randomUUID()];
    await db.insert(chatSessions).values([
      { sessionId: visitor, chatbotId: bot.id },
      { sessionId: tester, chatbotId: bot.id, isTest: true },
      { sessionId: dropped, chatbotId: bot.id },
    ]);
    await db.insert(surveyResponses).values([
      { surveyId: survey.id, chatbotId: bot.id, sessionId: visitor, completed: true },
      { surveyId: survey.id, chatbotId: bot.id, sessionId: tester, completed: true },
      { surveyId: survey.id, chatbotId: bot.id, sessionId: dropped, completed: false },
    ]);
    expect((await (await list(cookie, bot.guid)).json()).map((s) => [s.name, s.responseCount, s.completedCount])).toEqual([['Feedback', 2, 1]]);

    const settings = { ...survey.surveyConfig.settings, savePartialResponses: false };
    const patched = await patch(cookie, survey.id, { surveyConfig: { ...survey.surveyConfig, settings } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ responseCount: 1, completedCount: 1 });
  });

  it('updates fields flat or wrapped in `updates`, and bumps updatedAt', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid, { name: 'Feedback', description: 'Old' });
    await new Promise((r) => setTimeout(r, 5));

    const renamed = await patch(cookie, survey.id, { name: 'Visitor feedback', description: null });
    expect(renamed.status).toBe(200);
    const after = await renamed.json();
    expect(after).toMatchObject({ id: survey.id, name: 'Visitor feedback', description: null, status: 'draft' });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(survey.updatedAt));
    expect(after.createdAt).toBe(survey.createdAt);

    const config = withQuestions(survey.surveyConfig, [choice('q1', ['Yes', 'No'])]);
    const wrapped = await surveyApi.$patch({ param: { id: String(survey.id) }, json: untyped({ updates: { surveyConfig: config, status: 'active' } }) }, withCookie(cookie));
    expect(wrapped.status).toBe(200);
    expect(await wrapped.json()).toMatchObject({ status: 'active', surveyConfig: { id: survey.surveyConfig.id, questions: [{ id: 'q1' }] } });

    const archived = await (await patch(cookie, survey.id, { status: 'archived' })).json();
    expect(archived.status).toBe('archived');
    const listed = await (await list(cookie, bot.guid)).json();
    expect(listed).toEqual([archived]);
  });

  it('deletes a survey with its responses and lets go of sessions in the middle of it', async () => {
    const { cookie, bot } = await ownerWithBot();
    const doomed = await createdSurvey(cookie, bot.guid, { name: 'Doomed' });
    const kept = await createdSurvey(cookie, bot.guid, { name: 'Kept' });
    const sessionOn = async (surveyId: number) => {
      const sessionId = `session_${randomUUID()}`;
      await db.insert(chatSessions).values({ sessionId, chatbotId: bot.id, activeSurveyId: surveyId });
      await db.insert(surveyResponses).values({ surveyId, chatbotId: bot.id, sessionId });
      return sessionId;
    };
    const inDoomed = await sessionOn(doomed.id);
    const inKept = await sessionOn(kept.id);

    const res = await surveyApi.$delete({ param: { id: String(doomed.id) } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(await db.select().from(surveys).where(eq(surveys.id, doomed.id))).toEqual([]);
    expect(await db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, doomed.id))).toEqual([]);
    expect(await db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, kept.id))).toHaveLength(1);
    const activeOf = async (sessionId: string) =>
      (await db.select({ a: chatSessions.activeSurveyId }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0]?.a;
    expect(await activeOf(inDoomed)).toBeNull();
    expect(await activeOf(inKept)).toBe(kept.id);

    const again = await surveyApi.$delete({ param: { id: String(doomed.id) } }, withCookie(cookie));
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe('Survey not found');
    expect((await (await list(cookie, bot.guid)).json()).map((s) => s.name)).toEqual(['Kept']);
  });
});

describe('survey validation', () => {
  it('refuses a choice question with one option, naming its place in the config', async () => {
    const { cookie, bot } = await ownerWithBot();
    const res = await create(cookie, bot.guid, { name: 'Bad', surveyConfig: { questions: [choice('q1', ['Only'])] } });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe('questions.0.options: A choice question needs at least 2 options');
    expect(error.details?.issues).toEqual([{ path: 'questions.0.options', message: 'A choice question needs at least 2 options' }]);
  });

  it('refuses a rating whose minimum is not below its maximum', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid);
    const rating: SurveyQuestion = { id: 'r1', text: 'Rate us', type: 'rating', required: true, metadata: { minValue: 5, maxValue: 5 } };
    const res = await patch(cookie, survey.id, { surveyConfig: withQuestions(survey.surveyConfig, [rating]) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('questions.0.metadata: Rating minimum must be below its maximum');
  });

  it('refuses a question id used twice, when creating and when updating', async () => {
    const { cookie, bot } = await ownerWithBot();
    const twice = [textQuestion('q1'), textQuestion('q1')];
    const created = await create(cookie, bot.guid, { name: 'Twice', surveyConfig: { questions: twice } });
    expect(created.status).toBe(400);
    const error = await errorOf(created);
    expect(error.message).toBe('questions.1.id: Question id "q1" is used twice');
    expect(error.details).toMatchObject({ issues: [{ path: 'questions.1.id', message: 'Question id "q1" is used twice' }] });

    const survey = await createdSurvey(cookie, bot.guid);
    const updated = await patch(cookie, survey.id, { surveyConfig: withQuestions(survey.surveyConfig, twice) });
    expect(updated.status).toBe(400);
    expect((await errorOf(updated)).message).toBe('questions.1.id: Question id "q1" is used twice');
  });

  it('refuses a blank name and an unknown status', async () => {
    const { cookie, bot } = await ownerWithBot();
    const blank = await create(cookie, bot.guid, { name: '   ' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe('name: Name is required');

    const survey = await createdSurvey(cookie, bot.guid);
    const renamed = await patch(cookie, survey.id, { name: '' });
    expect((await errorOf(renamed)).message).toBe('name: Name is required');
    const status = await patch(cookie, survey.id, untyped({ status: 'paused' }));
    expect(status.status).toBe(400);
    expect((await errorOf(status)).message).toBe('status: Status must be draft, active or archived');
    const nothing = await patch(cookie, survey.id, {});
    expect((await errorOf(nothing)).message).toBe('Nothing to update: send name, description, status or surveyConfig');
    expect((await (await list(cookie, bot.guid)).json())[0]).toMatchObject({ name: 'Feedback', status: 'draft' });
  });

  it('will not activate a survey without questions, nor empty an active one', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid);
    const activate = await patch(cookie, survey.id, { status: 'active' });
    expect(activate.status).toBe(400);
    expect((await errorOf(activate)).message).toBe('Add at least one question before activating the survey.');

    const config = withQuestions(survey.surveyConfig, [textQuestion('q1')]);
    expect((await patch(cookie, survey.id, { status: 'active', surveyConfig: config })).status).toBe(200);
    // Keeping it active without its last question (an auto-save after deleting it) is refused with its own words.
    const emptied = await patch(cookie, survey.id, { surveyConfig: withQuestions(config, []) });
    expect(emptied.status).toBe(400);
    expect((await errorOf(emptied)).message).toBe('An active survey needs at least one question. Deactivate it before removing its last question.');
    const stillActive = await patch(cookie, survey.id, { status: 'active', surveyConfig: withQuestions(config, []) });
    expect((await errorOf(stillActive)).message).toBe('An active survey needs at least one question. Deactivate it before removing its last question.');
    expect((await (await list(cookie, bot.guid)).json())[0]).toMatchObject({ status: 'active', surveyConfig: { questions: [{ id: 'q1' }] } });
    // A draft may have no questions, and activating it again is the first refusal.
    const drafted = await patch(cookie, survey.id, { status: 'draft', surveyConfig: withQuestions(config, []) });
    expect(drafted.status).toBe(200);
    const again = await patch(cookie, survey.id, { status: 'active' });
    expect((await errorOf(again)).message).toBe('Add at least one question before activating the survey.');
  });

  it('refuses selection limits a multiple choice question could never meet', async () => {
    const { cookie, bot } = await ownerWithBot();
    const survey = await createdSurvey(cookie, bot.guid);
    const multi: SurveyQuestion = { ...choice('q1', ['Tea', 'Coffee']), type: 'multiple_choice', metadata: { minSelections: 1, maxSelections: 3 } };
    const res = await patch(cookie, survey.id, { surveyConfig: withQuestions(survey.surveyConfig, [multi]) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('questions.0.metadata.maxSelections: Maximum selections must be a whole number from 1 to 2');
    // With Other there are three choices.
    const withOther = await patch(cookie, survey.id, { surveyConfig: withQuestions(survey.surveyConfig, [{ ...multi, allowFreeChoice: true }]) });
    expect(withOther.status).toBe(200);
  });

  it('holds a bot to 50 surveys', async () => {
    const { cookie, bot } = await ownerWithBot();
    await db.insert(surveys).values(Array.from({ length: 50 }, (_, i) => ({ chatbotId: bot.id, name: `S${i}`, surveyConfig: { id: `s${i}` } })));
    const res = await create(cookie, bot.guid, { name: 'One more' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('A chatbot can have at most 50 surveys');
  });

  it('answers 400 to a survey id that is not a number', async () => {
    const { cookie } = await ownerWithBot();
    const res = await surveyApi.$delete({ param: { id: 'abc' } }, withCookie(cookie));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Survey id must be a positive whole number');
  });
});

describe('survey tenancy', () => {
  it('answers 404 to another owner on every survey route and changes nothing', async () => {
    const a = await ownerWithBot();
    const survey = await createdSurvey(a.cookie, a.bot.guid, { name: 'Private', surveyConfig: { questions: [textQuestion('q1')] } });
    const b = await ownerWithBot();
    const asB = withCookie(b.cookie);
    const id = String(survey.id);
    const calls = {
      'list by guid': () => chatbots[':id'].surveys.$get({ param: { id: a.bot.guid } }, asB),
      'list by id': () => chatbots[':id'].surveys.$get({ param: { id: String(a.bot.id) } }, asB),
      create: () => chatbots[':id'].surveys.$post({ param: { id: a.bot.guid }, json: { name: 'Intruder' } }, asB),
      analytics: () => chatbots[':id'].surveys.analytics.$get({ param: { id: a.bot.guid }, query: {} }, asB),
      update: () => surveyApi.$patch({ param: { id }, json: { name: 'Taken' } }, asB),
      delete: () => surveyApi.$delete({ param: { id } }, asB),
      csv: () => surveyApi.responses['export.csv'].$get({ param: { id } }, asB),
    };
    const answers: Record<string, [number, string]> = {};
    for (const [label, send] of Object.entries(calls)) {
      const res = await send();
      answers[label] = [res.status, (await errorOf(res)).message];
    }
    const botMissing: [number, string] = [404, 'Chatbot not found'];
    const surveyMissing: [number, string] = [404, 'Survey not found'];
    expect(answers).toEqual({
      'list by guid': botMissing,
      'list by id': botMissing,
      create: botMissing,
      analytics: botMissing,
      update: surveyMissing,
      delete: surveyMissing,
      csv: surveyMissing,
    });
    // The foreign survey's 404 is the missing one's.
    const missing = await surveyApi.$patch({ param: { id: '999999999' }, json: { name: 'x' } }, asB);
    expect([missing.status, (await errorOf(missing)).message]).toEqual(surveyMissing);

    const own = await (await list(a.cookie, a.bot.guid)).json();
    expect(own).toEqual([survey]);
  });

  it('answers 401 to a signed-out visitor on every survey route', async () => {
    const a = await ownerWithBot();
    const survey = await createdSurvey(a.cookie, a.bot.guid);
    const id = String(survey.id);
    const statuses = await Promise.all([
      chatbots[':id'].surveys.$get({ param: { id: a.bot.guid } }),
      chatbots[':id'].surveys.$post({ param: { id: a.bot.guid }, json: { name: 'Anon' } }),
      chatbots[':id'].surveys.analytics.$get({ param: { id: a.bot.guid }, query: {} }),
      surveyApi.$patch({ param: { id }, json: { name: 'Anon' } }),
      surveyApi.$delete({ param: { id } }),
      surveyApi.responses['export.csv'].$get({ param: { id } }),
    ]).then((all) => all.map((r) => r.status));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await (await list(a.cookie, a.bot.guid)).json()).toEqual([survey]);
  });
});
