import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { chatbots } from '../../db/schema';
import { client, createUserAndCookie, newBot, untyped } from '../../../test/helpers';

/** Stores a home screen as an older version (or a hand-edited database) may have left it. */
async function storeRaw(botId: number, homeScreenConfig: unknown) {
  await db.update(chatbots).set({ homeScreenConfig: untyped(homeScreenConfig) }).where(eq(chatbots.id, botId));
}

const publicConfig = async (guid: string) => (await client.api.public.chatbots[':ref'].$get({ param: { ref: guid } })).json();

describe("the widget's view of a stored home screen", () => {
  it('drops a component it cannot read and keeps the valid ones and the theme', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    await storeRaw(bot.id, {
      version: 1,
      components: [
        { id: 'slides', type: 'carousel', props: { slides: [] } },
        { id: 'hello', type: 'header', order: 1, visible: true, props: { title: 'Hello' } },
        { id: 'grid', type: 'topic_grid', props: { topics: [{ id: 't' }] } },
      ],
      theme: { primaryColor: '#0f766e', textColor: '#111827' },
    });
    const config = await publicConfig(bot.guid);
    expect(config.homeScreenConfig).toEqual({
      version: 1,
      components: [{ id: 'hello', type: 'header', order: 1, visible: true, props: { title: 'Hello' } }],
      theme: { primaryColor: '#0f766e', textColor: '#111827' },
    });
    expect(config.theme).toEqual({ chat: { primary: '#0f766e' } });
  });

  it('falls back to the default primary colour when the stored theme is broken, and to null for a non-config', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    await storeRaw(bot.id, { components: [{ id: 'hello', type: 'header' }], theme: { primaryColor: 'teal' } });
    const config = await publicConfig(bot.guid);
    expect(config.homeScreenConfig).toEqual({ components: [{ id: 'hello', type: 'header', props: {} }] });
    expect(config.theme).toEqual({ chat: { primary: '#2563eb' } });
    await storeRaw(bot.id, ['not', 'a', 'config']);
    expect((await publicConfig(bot.guid)).homeScreenConfig).toBeNull();
  });
});
