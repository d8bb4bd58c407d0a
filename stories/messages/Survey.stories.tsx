import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import type { ChatMessage } from '@parley/contracts';
import { ChatActionsContext, lastBotMessage, useChatActions } from '../../sdk/src/chat/ChatActions';
import { closedQuestions } from '../../sdk/src/chat/closedQuestions';
import { Composer } from '../../sdk/src/chat/Composer';
import { MessageList } from '../../sdk/src/chat/MessageList';
import { user } from '../support/fixtures';
import { completion, intro, leftNotice, surveyQuestion, withoutProgress } from './surveyFixtures';

/**
 * A survey run inside the chat, each message exactly as the server sends it
 * (`surveyQuestionMessage`): single choice as a menu with Other, multiple choice with its
 * limits, ratings as stars, numbers or a 0–10 scale, text answered in the composer. "Question n
 * of total" shows above each question when the survey shows progress; Back, Skip and Leave
 * survey show under the newest question only, never under an answered one. Only the newest
 * asking of a question takes an answer: one the survey has moved past is locked.
 */
const meta = {
  title: 'Messages/Survey',
  component: SurveyChat,
} satisfies Meta<typeof SurveyChat>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The chat tab as the widget draws it: the message log and, when asked, the composer. Like the
 * real chat, it tells both which bot message is the newest and which questions are closed.
 */
function SurveyChat({ messages, composer = false }: { messages: ChatMessage[]; composer?: boolean }) {
  const actions = useChatActions();
  const value = useMemo(() => {
    const closed = closedQuestions(messages, actions.answers);
    return { ...actions, lastBotMessage: lastBotMessage(messages), isOpen: (key: string) => !closed.has(key) };
  }, [actions, messages]);
  return (
    <ChatActionsContext.Provider value={value}>
      <div className="cw-chat">
        <MessageList messages={messages} />
        {composer ? <Composer onSend={(text) => value.send(text)} /> : null}
      </div>
    </ChatActionsContext.Provider>
  );
}

/** Queries inside the story's shadow root (testing-library does not pierce it). */
async function storyIn(canvasElement: HTMLElement) {
  const root = await waitFor(() => {
    const shadow = canvasElement.querySelector('[data-story-shadow]')?.shadowRoot;
    if (!shadow?.querySelector('.cw-msg')) throw new Error('story not rendered yet');
    return shadow;
  });
  return within(root as unknown as HTMLElement);
}

/** The first question opens the survey: a menu whose last option, Other, takes the visitor's own words. */
export const SingleChoiceWithOther: Story = {
  args: { messages: [intro(1), surveyQuestion(0, 2)] },
};

/** Choosing Other opens its text box; Send stays disabled until it holds words. */
export const OtherChosen: Story = {
  args: { messages: [surveyQuestion(0, 2)] },
  play: async ({ canvasElement }) => {
    const story = await storyIn(canvasElement);
    await userEvent.click(story.getByRole('button', { name: 'Other' }));
    // user-event types into the shadow host; an input event on the box is what a keyboard makes.
    fireEvent.input(await story.findByRole('textbox', { name: 'Your answer' }), { target: { value: 'A podcast' } });
  },
};

/** One or two choices: Submit waits for one, a third box cannot be ticked, Other needs its words. */
export const MultipleChoiceWithLimits: Story = {
  args: { messages: [surveyQuestion(1, 3)] },
};

export const RatingStars: Story = {
  args: { messages: [surveyQuestion(2, 4)] },
};

/** Optional, so Skip is offered beside Back and Leave survey. */
export const RatingNumbers: Story = {
  args: { messages: [surveyQuestion(3, 5)] },
};

/** Eleven joined values from 0 to 10, the two ends named below the bar. */
export const RatingScale: Story = {
  args: { messages: [surveyQuestion(4, 6)] },
};

/** A text question is answered in the composer, whose placeholder asks for the answer. */
export const TextQuestion: Story = {
  args: { messages: [surveyQuestion(5, 7)], composer: true },
};

export const WithProgress: Story = {
  args: { messages: [surveyQuestion(2, 4)] },
};

/** A survey that hides progress shows the question alone. */
export const WithoutProgress: Story = {
  args: { messages: [surveyQuestion(2, 4, { survey: withoutProgress })] },
};

/**
 * Answered questions stay locked with the choice shown; their controls are gone and only the
 * newest question offers Back, Skip and Leave survey.
 */
export const AnsweredQuestion: Story = {
  args: {
    messages: [
      surveyQuestion(0, 2, { step: { answered: true }, metadata: { selection: { optionId: 'friend', optionText: 'A friend' } } }),
      user('A friend', 'u-1'),
      surveyQuestion(1, 3, { step: { answered: true }, metadata: { selection: { optionId: 'speed,support', optionText: 'Fast delivery, Friendly support', payload: ['speed', 'support'] } } }),
      user('Fast delivery, Friendly support', 'u-2'),
      surveyQuestion(2, 4, { step: { answered: true }, metadata: { selection: { optionId: '4', optionText: '4', payload: 4 } } }),
      user('4', 'u-3'),
      surveyQuestion(3, 5),
    ],
  },
};

/**
 * Back (not on the first question), Skip (optional questions only) and Leave survey: the
 * second question is required, so it offers Back and Leave survey; the first, answered, none.
 */
export const BackSkipLeaveControls: Story = {
  args: {
    messages: [
      surveyQuestion(0, 2, { step: { answered: true }, metadata: { selection: { optionId: 'search', optionText: 'Search engine' } } }),
      user('Search engine', 'u-1'),
      surveyQuestion(1, 3),
    ],
  },
};

/**
 * Questions the survey moved past stay locked, answered or not: the rating was skipped, then the
 * visitor went Back from the scale, so only the rating's new asking takes an answer.
 */
export const QuestionsMovedPast: Story = {
  args: {
    messages: [
      surveyQuestion(3, 5),
      user('Skip', 'u-1'),
      surveyQuestion(4, 6),
      user('Back', 'u-2'),
      surveyQuestion(3, 7),
    ],
  },
  play: async ({ canvasElement }) => {
    const story = await storyIn(canvasElement);
    const disabled = (name: string) => story.getAllByRole('button', { name }).map((b) => (b as HTMLButtonElement).disabled);
    // The skipped asking of the rating and the scale left by Back are locked; the new asking is open.
    await expect(disabled('Rate 3 out of 5')).toEqual([true, false]);
    await expect(disabled('Rate 7 out of 10')).toEqual([true]);
    await expect(story.getAllByRole('group', { name: 'Suggested replies' }).map((g) => g.textContent)).toEqual(['BackSkipLeave survey']);
  },
};

/** After Leave survey: the visitor may ask anything, and Continue survey picks up where they left. */
export const NoticeWithContinue: Story = {
  args: { messages: [surveyQuestion(1, 3), user('Leave survey', 'u-1'), leftNotice(8)], composer: true },
};

export const CompletionMessage: Story = {
  args: { messages: [surveyQuestion(5, 7, { step: { answered: true } }), user('Faster replies on weekends.', 'u-1'), completion(9)], composer: true },
};
