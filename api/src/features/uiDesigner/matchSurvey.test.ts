import { describe, expect, it } from 'vitest';
import type { HomeScreenConfig } from '@parley/contracts';
import { checkSurveyTopics, type DesignerSurvey, surveyChoiceList, matchSurvey } from './matchSurvey';

const feedback: DesignerSurvey = { id: 3, name: 'Feedback', status: 'active', title: 'How was your visit?' };
const nps: DesignerSurvey = { id: 4, name: 'NPS', status: 'archived', title: 'Would you recommend us?' };

describe('matchSurvey', () => {
  it('finds by id, by name or title words, and tells when nothing fits', () => {
    expect(matchSurvey({ id: 4, words: '' }, [feedback, nps])).toEqual({ kind: 'found', survey: nps });
    expect(matchSurvey({ id: '3', words: '' }, [feedback, nps])).toEqual({ kind: 'found', survey: feedback });
    expect(matchSurvey({ id: 5, words: 'feedback' }, [feedback, nps])).toEqual({ kind: 'unknownId', id: 5 });
    expect(matchSurvey({ id: 'nps', words: '' }, [feedback, nps])).toEqual({ kind: 'found', survey: nps });
    expect(matchSurvey({ words: 'recommend' }, [feedback, nps])).toEqual({ kind: 'found', survey: nps });
    expect(matchSurvey({ words: 'Our visits' }, [feedback, nps])).toEqual({ kind: 'found', survey: feedback });
    expect(matchSurvey({ words: 'loyalty' }, [feedback, nps])).toEqual({ kind: 'none' });
    expect(matchSurvey({ words: '' }, [])).toEqual({ kind: 'none' });
  });

  it('reads "the survey" as the only active one, else asks among the active ones', () => {
    expect(matchSurvey({ words: '' }, [feedback, nps])).toEqual({ kind: 'found', survey: feedback });
    expect(matchSurvey({ words: '' }, [nps])).toEqual({ kind: 'found', survey: nps });
    const other = { ...feedback, id: 9, name: 'Onboarding', title: 'Getting started' };
    expect(matchSurvey({ words: '' }, [feedback, other, nps])).toEqual({ kind: 'ambiguous', among: [feedback, other] });
    expect(matchSurvey({ words: '', label: 'Getting started?' }, [feedback, other, nps])).toEqual({ kind: 'found', survey: other });
    expect(matchSurvey({ words: '' }, [nps, { ...nps, id: 5 }])).toEqual({ kind: 'ambiguous', among: [nps, { ...nps, id: 5 }] });
  });

  it('lists at most five surveys by name and id', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...feedback, id: i + 1, name: `S${i + 1}` }));
    expect(surveyChoiceList(many, 'or')).toBe('"S1" (id 1), "S2" (id 2), "S3" (id 3), "S4" (id 4), "S5" (id 5) or 2 more');
    expect(surveyChoiceList([feedback])).toBe('"Feedback" (id 3)');
  });
});

describe('checkSurveyTopics', () => {
  it('leaves out survey topics of any list that start none of the surveys, naming where they were', () => {
    const config: HomeScreenConfig = {
      components: [
        { id: 'h', type: 'header', props: { title: 'Hi', topics: [{ id: 'a', title: 'Rate', actionType: 'survey', surveyId: '3' }] } },
        { id: 'q', type: 'quick_actions', props: { actions: [{ id: 'b', title: 'Chat', actionType: 'start_chat' }, { id: 'c', title: 'Old', actionType: 'survey', surveyId: 12 }] } },
      ],
    };
    const { config: kept, strays, used } = checkSurveyTopics(config, [feedback]);
    expect(kept.components[0]).toMatchObject({ props: { topics: [{ id: 'a', surveyId: 3 }] } });
    expect(kept.components[1]).toMatchObject({ props: { actions: [{ id: 'b' }] } });
    expect(strays).toEqual([{ path: 'config.components.1.props.actions.1.surveyId', topic: expect.objectContaining({ id: 'c' }) }]);
    expect(used).toEqual([feedback]);
    // The design given is not changed.
    expect(config.components[1]).toMatchObject({ props: { actions: [{ id: 'b' }, { id: 'c' }] } });
  });
});

describe('matchSurvey: whole names', () => {
  const fresh = (id: number, status: DesignerSurvey['status'] = 'draft'): DesignerSurvey => ({ id, name: 'New Survey', status, title: 'New Survey' });

  it('matches a name made only of words that say nothing on their own, "survey" said or not', () => {
    expect(matchSurvey({ words: 'New Survey' }, [feedback, fresh(5)])).toEqual({ kind: 'found', survey: fresh(5) });
    expect(matchSurvey({ words: 'New' }, [feedback, fresh(5)])).toEqual({ kind: 'found', survey: fresh(5) });
    expect(matchSurvey({ words: 'new surveys' }, [feedback, fresh(5)])).toEqual({ kind: 'found', survey: fresh(5) });
    // Words that are no survey's name still mean "the survey".
    expect(matchSurvey({ words: 'short' }, [feedback, fresh(5)])).toEqual({ kind: 'found', survey: feedback });
  });

  it('asks which when several surveys share the name, even when one of them is active', () => {
    expect(matchSurvey({ words: 'New Survey' }, [feedback, fresh(5), fresh(6), fresh(7)])).toEqual({ kind: 'ambiguous', among: [fresh(5), fresh(6), fresh(7)] });
    expect(matchSurvey({ words: 'New' }, [fresh(5, 'active'), fresh(6)])).toEqual({ kind: 'ambiguous', among: [fresh(5, 'active'), fresh(6)] });
    expect(surveyChoiceList([fresh(5), fresh(6)], 'or')).toBe('"New Survey" (id 5) or "New Survey" (id 6)');
  });

  it('prefers the whole name over a survey sharing a word of it', () => {
    const product = { ...feedback, id: 8, name: 'Product feedback' };
    expect(matchSurvey({ words: 'feedback' }, [product, { ...nps, id: 9, name: 'Feedback' }])).toEqual({ kind: 'found', survey: { ...nps, id: 9, name: 'Feedback' } });
    expect(matchSurvey({ id: 'nps', words: '' }, [product, nps])).toEqual({ kind: 'found', survey: nps });
  });
});

describe('matchSurvey: words that name no survey', () => {
  it('reads "a short 5-question survey" as "the survey"', () => {
    expect(matchSurvey({ words: 'short 5-question' }, [feedback, nps])).toEqual({ kind: 'found', survey: feedback });
  });
});
