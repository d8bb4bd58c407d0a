/** A chatbot as `GET /api/chatbots/{guid}` answers it, for page tests; `overrides` sets what a test is about. */
export function chatbotFixture<T extends Record<string, unknown>>(guid: string, overrides: T = {} as T) {
  return {
    id: 1,
    guid,
    name: 'Harbor Help',
    description: null as string | null,
    avatarUrl: null as string | null,
    systemPrompt: 'Be helpful.',
    model: 'gpt-4o',
    temperature: 7,
    maxTokens: 1000,
    welcomeMessage: null as string | null,
    fallbackMessage: null as string | null,
    initialMessages: [] as string[],
    isActive: true,
    formRecipientEmail: null as string | null,
    formRecipientName: null as string | null,
    formConfirmationMessage: null as string | null,
    dailyMessageLimit: null as number | null,
    allowedDomains: [] as string[],
    ...overrides,
  };
}
