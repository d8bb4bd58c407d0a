/**
 * Every TanStack Query key of the dashboard. Keys nest like the API paths they cache, so
 * invalidating a prefix reaches everything under it: `chatbots.all` also refreshes each bot's
 * detail, sources and sessions. The parts spell the API path each key caches, so a key is
 * recognisable in the devtools.
 */
export const queryKeys = {
  auth: {
    user: ['/api/auth/user'] as const,
    adminStatus: ['/api/auth/admin-status'] as const,
    options: ['/api/auth/options'] as const,
  },
  chatbots: {
    /** The owner's bot list, and the prefix of every per-bot key below. */
    all: ['/api/chatbots'] as const,
    detail: (guid: string) => ['/api/chatbots', guid] as const,
    sources: (guid: string) => ['/api/chatbots', guid, 'website-sources'] as const,
    /** One source's pages with their reasons; under `sources`, so refreshing the list refreshes these. */
    sourcePages: (guid: string, sourceId: number) => ['/api/chatbots', guid, 'website-sources', sourceId, 'pages'] as const,
    /**
     * One page of a bot's conversations, under the history filters when `filters` (their query
     * string) is given; without `page`, the prefix of all its pages.
     */
    sessions: (guid: string, page?: number, filters?: string) =>
      page === undefined
        ? (['/api/chatbots', guid, 'sessions'] as const)
        : filters
          ? (['/api/chatbots', guid, 'sessions', page, filters] as const)
          : (['/api/chatbots', guid, 'sessions', page] as const),
    /** One page of a bot's leads; without `page`, the prefix of all its pages. */
    leads: (guid: string, page?: number) =>
      page === undefined ? (['/api/chatbots', guid, 'leads'] as const) : (['/api/chatbots', guid, 'leads', page] as const),
    /** The bot's Unanswered inbox (grouped questions). */
    unanswered: (guid: string) => ['/api/chatbots', guid, 'unanswered'] as const,
    /** The bot's Q&A sources with their wordings and answers. */
    qa: (guid: string) => ['/api/chatbots', guid, 'qa'] as const,
    /** The Test page's token that marks its chats as tests. */
    testToken: (guid: string) => ['/api/chatbots', guid, 'test-token'] as const,
    /** The bot's identity secret (verified identity), on the Embed page. */
    identitySecret: (guid: string) => ['/api/chatbots', guid, 'identity-secret'] as const,
    /** The bot's analytics over one period of days in one time zone. */
    analytics: (guid: string, period: { from: string; to: string; tz: string }) => ['/api/chatbots', guid, 'analytics', period] as const,
    /** The bot's surveys with their response counts (the survey builder's list). */
    surveys: (guid: string) => ['/api/chatbots', guid, 'surveys'] as const,
    /**
     * The bot's survey figures (the survey analytics page). Nested under `surveys`, so refreshing
     * the survey list after an edit refreshes these too.
     */
    surveyAnalytics: (guid: string) => ['/api/chatbots', guid, 'surveys', 'analytics'] as const,
    /** The bot's survey totals without the per-survey breakdown (the dashboard's card), refreshed with the figures. */
    surveyTotals: (guid: string) => ['/api/chatbots', guid, 'surveys', 'analytics', 'totals'] as const,
  },
  chat: {
    /** The prefix of everything cached about one conversation. */
    session: (sessionId: string) => ['/api/chat', sessionId] as const,
    messages: (sessionId: string) => ['/api/chat', sessionId, 'messages'] as const,
    conversationCount: ['/api/chat/conversations/count'] as const,
  },
  leads: {
    /** Every lead query across bots (pages and the dashboard's unread count). */
    all: ['/api/leads'] as const,
    page: (page: number) => ['/api/leads', page] as const,
    summary: ['/api/leads', 'summary'] as const,
  },
  subscription: {
    current: ['/api/subscription/current'] as const,
    plans: ['/api/subscription/plans'] as const,
  },
  system: {
    status: ['/api/system/status'] as const,
  },
  public: {
    defaultChatbot: ['/api/public/default-chatbot'] as const,
  },
  admin: {
    /** Everything the admin page caches: refreshed together after any admin action. */
    all: ['/api/admin'] as const,
    accounts: (search: string, page: number) => ['/api/admin', 'accounts', search, page] as const,
    accountChatbots: (userId: string) => ['/api/admin', 'accounts', userId, 'chatbots'] as const,
    chatbots: (search: string) => ['/api/admin', 'chatbots', search] as const,
    actions: (page: number) => ['/api/admin', 'actions', page] as const,
  },
};
