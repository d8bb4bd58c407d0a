import { describe, expect, it } from 'vitest';
import { termGroups } from './extractAnswer';
import { pickSentences } from './pickSentences';

const page = (title: string, content: string, heading: string | null = null) => ({ title, heading, content });
const pick = (question: string, passage: ReturnType<typeof page>, others: ReturnType<typeof page>[] = []) =>
  pickSentences(question, passage, termGroups(question), [passage, ...others]);

describe('pickSentences: only sentences about the question', () => {
  it('leaves out a sentence that shares only the page subject with the question', () => {
    const returns = page('Returns', 'Items can be returned within 14 days. Returned items are refunded to the card you paid with. We inspect every return on arrival.');
    expect(pick('How many days do I have to return a coat?', returns)).toBe('Items can be returned within 14 days.');
  });

  it("leaves out a sentence that shares only the site's own subject, named on most pages found", () => {
    const charging = page('Charging', 'Charge the headphones with the USB-C cable in the box. The headphones come in three colours.');
    const others = [
      page('Specs', 'The headphones weigh 250 g.'),
      page('Pairing', 'Pair the headphones with your phone.'),
      page('Care', 'Keep the headphones dry.'),
    ];
    expect(pick('How do I charge the headphones?', charging, others)).toBe('Charge the headphones with the USB-C cable in the box.');
    // the same sentence joins where nothing says the headphones are what every page is about
    expect(pick('How do I charge the headphones?', charging)).toContain('three colours');
  });

  it('adds the next sentence to a short one only when it goes on about it', () => {
    const warranty = page('Care', 'Every kettle has a two-year warranty. Descale it monthly with vinegar.');
    expect(pick('How long is the warranty?', warranty)).toBe('Every kettle has a two-year warranty.');
    const covered = page('Care', 'Every kettle has a two-year warranty. It covers the element and the lid.');
    expect(pick('How long is the warranty?', covered)).toBe('Every kettle has a two-year warranty. It covers the element and the lid.');
    const listed = page('Care', 'Every kettle has a two-year warranty:\nregister it within a month of purchase.');
    expect(pick('How long is the warranty?', listed)).toContain('register it within a month');
  });

  it('brings the sentence a pronoun in the best one refers to', () => {
    const plans = page('Plans', 'Our most popular plan is Pro. It includes 5,000 messages a month. Support answers within a day.');
    expect(pick('How many messages are included?', plans)).toBe('Our most popular plan is Pro. It includes 5,000 messages a month.');
  });
});

describe('pickSentences: the sentence that states the fact', () => {
  it('prefers the sentence with the figure for "how much", "what port" and "what is the default"', () => {
    const server = page('Server', 'You can change the port the server listens on. The port is 8080 unless you set PORT.');
    expect(pick('What port does the server use?', server)).toBe('The port is 8080 unless you set PORT.');
    const timeout = page('Settings', 'Every request has a timeout. A timeout that is too short drops slow clients. The default timeout is 30 seconds.');
    expect(pick('What is the default timeout?', timeout)).toBe('The default timeout is 30 seconds.');
    const shipping = page('Delivery', 'Shipping to Canada is tracked. Shipping to Canada costs $14.');
    expect(pick('How much is shipping to Canada?', shipping)).toBe('Shipping to Canada costs $14.');
  });

  it('prefers a sentence naming someone for "who", with what its "It" refers to', () => {
    const story = page('Our story', 'Brightleaf was founded in 2009 in a garage in Portland. Our founder Maria Lopez still tastes every roast. We roast on Mondays.');
    expect(pick('Who founded Brightleaf?', story)).toBe('Our founder Maria Lopez still tastes every roast.');
    const about = page('About', 'Our shop was founded to sell good tea. It was founded by Maria Lopez in 1998. We ship worldwide.');
    expect(pick('Who founded the shop?', about)).toBe('Our shop was founded to sell good tea. It was founded by Maria Lopez in 1998.');
  });
});

describe('pickSentences: code only when asked how', () => {
  const install = page(
    'Install',
    'The widget shows a chat button on every page.\nTo add the widget to your site, paste this snippet:\n```\n<script src="https://x.test/embed.js"></script>\n```\n$ npm install widget\nThe widget loads after the page.',
  );

  it('includes a short snippet a chosen sentence introduces when the question asks how', () => {
    const answer = pick('How do I add the widget to my site?', install);
    expect(answer).toContain('paste this snippet:\n```\n<script src="https://x.test/embed.js"></script>\n```');
    expect(answer).not.toContain('npm install');
  });

  it('leaves code and its introduction out of an answer to anything else', () => {
    const answer = pick('Does the widget work on my site?', install);
    expect(answer).not.toContain('```');
    expect(answer).not.toContain('embed.js');
    expect(answer).not.toContain('npm');
    expect(answer).not.toContain('paste this snippet');
    expect(pick('What does the widget install?', page('Install', '$ npm install widget && npm run build'))).toBeNull();
  });

  it('leaves out a snippet longer than a few lines', () => {
    const long = page('Setup', `To set up the widget, use this config:\n\`\`\`\n${Array.from({ length: 12 }, (_, i) => `option${i}: ${i}`).join('\n')}\n\`\`\``);
    expect(pick('How do I set up the widget?', long)).toBe('To set up the widget, use this config:');
  });
});

describe('pickSentences: steps', () => {
  const pairing = page(
    'Pairing',
    "Follow these steps to put them in pairing mode.\n1. Turn the headphones off.\n2. Press and hold the power button for 7 seconds.\n3. Pick 'Parley Buds' on your phone.\nThey stay paired after that.",
  );

  it('answers "how do I" with the whole procedure the best sentence leads into, in order', () => {
    expect(pick('How do I put them in pairing mode?', pairing)).toBe(
      "Follow these steps to put them in pairing mode.\n1. Turn the headphones off.\n2. Press and hold the power button for 7 seconds.\n3. Pick 'Parley Buds' on your phone.",
    );
  });

  it('answers with the whole procedure when the best match is one of its steps', () => {
    const reset = page('Reset', 'A reset clears all settings.\n1. Put both earbuds in the case.\n2. Hold the case button for 15 seconds.\n3. Pair them again.');
    expect(pick('How do I hold the case button?', reset)).toBe('1. Put both earbuds in the case.\n2. Hold the case button for 15 seconds.\n3. Pair them again.');
    // asked something else, one step is the answer
    expect(pick('How long should the case button be held?', reset)).toBe('2. Hold the case button for 15 seconds.');
  });

  it('keeps to the one item of a plain bulleted list that is not a procedure', () => {
    const controls = page('Controls', 'Both earbuds have a touch surface.\n- Tap once to play or pause.\n- Tap twice to skip a track.\n- Hold to switch noise cancelling.');
    expect(pick('How do I skip a track?', controls)).toBe('- Tap twice to skip a track.');
  });

  it('reads a procedure of more than 8 steps as 8, the best one among them', () => {
    const long = page('Setup', Array.from({ length: 12 }, (_, i) => `${i + 1}. Step ${i + 1} of the setup${i === 10 ? ' connects the router' : ''}.`).join('\n'));
    const answer = pick('How do I connect the router?', long)?.split('\n') ?? [];
    expect(answer).toHaveLength(8);
    expect(answer[7]).toBe('11. Step 11 of the setup connects the router.');
  });
});
