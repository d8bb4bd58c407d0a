import { describe, expect, it } from 'vitest';
import type { Passage } from '../knowledge/retrieve';
import { extractAnswer, stem, termGroups } from './extractAnswer';
import { offlineReply } from './offlineModel';

const passage = (title: string, content: string, url: string | null = null, chunkId = 1): Passage => ({
  chunkId,
  content,
  title,
  url,
  heading: null,
  sourceId: chunkId,
  score: 1,
});

const returns = passage(
  'Returns',
  'Items can be returned within 14 days. The item must be unused and in its original box.\nTo start a return:\n- Log in to your account\n- Choose the order\n- Print the label\nWe inspect every parcel on arrival.',
  'https://shop.example/returns',
);
const company = passage('About us', 'Acme was founded in 1998 in Lyon. We make kettles and teapots.', 'https://shop.example/about', 2);

describe('extractAnswer', () => {
  it('answers from the next passage when the sentences it would quote share only a word with the question by chance', () => {
    // the passage names "recommend", "place" and "good" in three places; the sentence it would
    // quote is about recommended tests alone
    const tests = passage(
      'unittest — Unit testing framework',
      "It is recommended that you use TestCase implementations to group tests together according to the features they test. unittest provides a mechanism for this: the test suite, represented by unittest’s TestSuite class. In most cases, calling unittest.main() will do the right thing and collect all the module’s test cases for you and execute them.\n\nHowever, should you want to customize the building of your test suite, you can do it yourself:\n\ndef suite(): suite = unittest.TestSuite() suite.addTest(WidgetTestCase('test_default_widget_size')) return suite\n\nYou can place the definitions of test cases and test suites in the same modules as the code they are to test (such as widget.py), but there are several advantages to placing the test code in a separate module, such as test_widget.py:\n\n-\n\nThe test module can be run standalone from the command line.\n\n-\n\nThere is less temptation to change test code to fit the code it tests without a good reason.",
      'https://docs.example/unittest',
    );
    const spawn = passage(
      'os — Miscellaneous operating system interfaces',
      'The “v” variants are good when the number of parameters is variable, with the arguments being passed in a list or tuple as the args parameter.\n\nThe variants which include a second “p” near the end will use the PATH environment variable to locate the program file.',
      'https://docs.example/os',
      3,
    );
    const decimal = passage(
      'decimal — Decimal fixed point and floating point arithmetic',
      'The absolute value of the second operand gives the number of places to rotate. If two integers are equally near then the even one is chosen.',
      'https://docs.example/decimal',
      4,
    );
    expect(extractAnswer('Can you recommend a good pizza place near me?', [spawn, decimal, tests])).toBeNull();
    const pizza = passage('Eating out', 'We recommend Luigi’s, a good pizza place near the station, open until 11 pm.', 'https://town.example/food', 2);
    expect(extractAnswer('Can you recommend a good pizza place near me?', [spawn, decimal, tests, pizza])?.sources).toEqual([{ title: 'Eating out', url: 'https://town.example/food' }]);
  });

  it('quotes the matching sentences in order and cites the page with its link in sources', () => {
    const answer = extractAnswer('How many days do I have to return an item?', [company, returns]);
    expect(answer?.text).toBe(
      'Items can be returned within 14 days. The item must be unused and in its original box.',
    );
    expect(answer?.sources).toEqual([{ title: 'Returns', url: 'https://shop.example/returns' }]);
  });

  it('brings the snippet a chosen sentence introduces, past a Markdown fence, and prefers prose to shell output', () => {
    const install = passage(
      'Install',
      'To install the widget, paste this before the closing body tag:\n```\n<script src="https://x.test/embed.js"></script>\n```\n$ npm install widget && npm run build\nThe widget installs in one minute.',
    );
    const answer = extractAnswer('How do I install the widget?', [install]);
    expect(answer?.text).toContain('paste this before the closing body tag:');
    expect(answer?.text).toContain('embed.js');
    expect(answer?.text).not.toContain('$ npm install');
  });

  it('reads "how long" as a question about a span of time', () => {
    const warranty = passage('Warranty', 'Every kettle comes with a two-year warranty covering defects.');
    expect(extractAnswer('How long is the warranty?', [warranty])?.text).toContain('two-year warranty');
    expect(extractAnswer('How long is the cable?', [warranty])).toBeNull();
  });

  it('brings the list a chosen sentence introduces', () => {
    const answer = extractAnswer('How do I start a return?', [returns]);
    expect(answer?.text).toContain('To start a return:\n- Log in to your account\n- Choose the order\n- Print the label');
  });

  it('refuses passages that cover too little of the question', () => {
    expect(extractAnswer('What is the capital of France?', [company, returns])).toBeNull();
    expect(extractAnswer('Do you sell teapots in Lyon?', [company])).not.toBeNull();
    expect(extractAnswer('option 14', [returns])).toBeNull();
    expect(extractAnswer('anything', [])).toBeNull();
  });

  it('refuses a passage naming only the common words of a question whose telling word the content lacks', () => {
    const rotation = passage(
      'TimedRotatingFileHandler',
      'When using weekday-based rotation, specify W0 for Monday and so on up to W6 for Sunday. If delay is true, then file opening is deferred until the first call to emit().',
      'https://docs.example/logging',
    );
    const question = 'Are you open on Sunday afternoons?';
    // "open" is in two of three topics' reach on counting alone
    expect(extractAnswer(question, [rotation])).not.toBeNull();
    // in a big manual "open" is everywhere (weight 1.4) and "Sunday" rare (4.3); "afternoons" unknown
    expect(extractAnswer(question, [rotation], { open: 1.4, sunday: 4.3, afternoons: 0 })).toBeNull();
    // on a café's site, where opening hours are a topic of their own, the same words answer
    const hours = passage('Opening hours', 'We are open on Sunday from 9 to 17.', 'https://cafe.example/hours', 2);
    expect(extractAnswer(question, [hours], { open: 5.3, sunday: 6.2, afternoons: 0 })?.text).toContain('Sunday from 9 to 17');
  });

  it('does not count a word the weights leave out, or a short form of a word the passages use, as a topic the content lacks', () => {
    const shipping = passage('Shipping', 'Standard shipping is 3 to 5 working days; express shipping arrives the next day.', 'https://shop.example/shipping', 3);
    // "take" is not in the content, and, an everyday word, not in the weights (`topicWeights`)
    expect(extractAnswer('How long does express shipping take?', [shipping], { express: 2, shipping: 2 })).not.toBeNull();
    expect(extractAnswer('How long does express shipping cost?', [shipping], { express: 2, shipping: 2, cost: 0 })).toBeNull();
    const auth = passage('Authentication', 'Authentication uses single sign-on with your company account.', 'https://docs.example/auth', 4);
    expect(extractAnswer('How does auth work for the company?', [auth], { auth: 0, company: 2 })).not.toBeNull();
  });

  it('stems word forms alike', () => {
    for (const [a, b] of [
      ['shipping', 'ship'],
      ['prices', 'price'],
      ['cancelled', 'cancel'],
      ['policies', 'policy'],
      ['returned', 'return'],
    ])
      expect(stem(a), `${a}/${b}`).toBe(stem(b));
    expect(termGroups('Can you help me with the refund question?').map((g) => g[0])).toEqual([stem('refund')]);
  });
});

describe('offlineReply', () => {
  const bot = {
    name: 'Shop',
    model: 'x',
    temperature: 7,
    maxTokens: 100,
    systemPrompt: 'Help.',
    welcomeMessage: 'Welcome to the shop!',
    fallbackMessage: 'I do not know that yet.',
  };
  const ask = (visibleQuestion: string, passages: Passage[] = [returns]) => offlineReply({ bot, history: [], visibleQuestion, passages });

  it('greets with the welcome message and thanks politely', () => {
    expect(ask('Hello!').text).toBe('Welcome to the shop!');
    expect(ask('good morning there').text).toBe('Welcome to the shop!');
    expect(ask('Thank you!').text).toMatch(/^You're welcome/);
  });

  it('answers a question that starts with a greeting', () => {
    expect(ask('Hi, can I return an item after 10 days?').text).toContain('within 14 days');
  });

  it("answers with the owner's Q&A word for word when it matches, citing nothing (its question may be a visitor's words)", () => {
    const qa: Passage = {
      ...passage('Can I return a gift?', 'Yes. Gifts can be returned for store credit within 60 days.\n- Bring the gift receipt'),
      savedAnswer: true,
      qa: { question: 'Can I return a gift?', variants: ['gift returns'] },
    };
    expect(ask('How do gift returns work?', [qa, returns])).toEqual({
      text: 'Yes. Gifts can be returned for store credit within 60 days.\n- Bring the gift receipt',
      sources: [],
    });
    // A Q&A that does not match the question: the usual extraction decides.
    expect(ask('How many days do I have to return an item?', [qa, returns])).toMatchObject({
      text: expect.stringContaining('within 14 days'),
      sources: [{ title: 'Returns', url: 'https://shop.example/returns' }],
    });
  });

  it('never quotes a saved answer that does not match the question, however well it ranks', () => {
    const pickup: Passage = {
      ...passage('Can I pick up my order in the store?', 'Yes: choose "Pick up in store" at checkout and collect your order from our store the next day.'),
      savedAnswer: true,
    };
    const store = passage('Our store', 'Visit our store at Coolsingel 42, Rotterdam. It is open Monday to Saturday 10:00-18:00.');
    expect(ask('Where is your store?', [pickup, store])).toMatchObject({ text: expect.stringContaining('Coolsingel 42'), sources: [{ title: 'Our store' }] });
    // With only the saved answer to go on, the bot says it does not know.
    expect(ask('Where is your store?', [pickup])).toMatchObject({ text: 'I do not know that yet.', sources: [] });
  });

  it('flags greetings, thanks and goodbyes as small talk, and answers as none', () => {
    expect(ask('Thanks!')).toMatchObject({ smallTalk: true });
    expect(ask('Hello!')).toMatchObject({ smallTalk: true });
    expect(ask('Hi, can I return an item after 10 days?').smallTalk).toBeUndefined();
  });

  it('falls back with a way to reach a person', () => {
    expect(ask('Who is the president?')).toEqual({ text: 'I do not know that yet.', sources: [], quickReplies: ['Request Live Agent'] });
  });
});
