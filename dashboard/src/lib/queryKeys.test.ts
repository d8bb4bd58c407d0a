import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';

describe('queryKeys', () => {
  it('invalidating a prefix reaches the keys nested under it, and only those', async () => {
    const client = new QueryClient();
    const guid = 'b1';
    const keys = [
      queryKeys.chatbots.all,
      queryKeys.chatbots.detail(guid),
      queryKeys.chatbots.sources(guid),
      queryKeys.chatbots.sessions(guid, 1),
      queryKeys.chatbots.sessions(guid, 2),
      queryKeys.chatbots.detail('other'),
      queryKeys.chat.messages('s1'),
      queryKeys.subscription.current,
      queryKeys.subscription.plans,
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));

    await client.invalidateQueries({ queryKey: queryKeys.chatbots.sessions(guid) });
    expect(stale()).toEqual(['/api/chatbots/b1/sessions/1', '/api/chatbots/b1/sessions/2']);

    await client.invalidateQueries({ queryKey: queryKeys.chatbots.detail(guid) });
    expect(stale()).toEqual(['/api/chatbots/b1', '/api/chatbots/b1/website-sources', '/api/chatbots/b1/sessions/1', '/api/chatbots/b1/sessions/2']);

    client.removeQueries({ queryKey: queryKeys.chat.session('s1') });
    expect(client.getQueryData(queryKeys.chat.messages('s1'))).toBeUndefined();

    await client.invalidateQueries({ queryKey: queryKeys.subscription.current });
    expect(client.getQueryState(queryKeys.subscription.plans)?.isInvalidated).toBe(false);
  });
});
