/**
 * `@parley/contracts/schemas`: the zod schemas of every shared rule, for the API (request
 * validation) and the dashboard (form resolvers). Each schema's output type matches the plain
 * type of the same name in `@parley/contracts`.
 * @packageDocumentation
 */
export * from './text.schemas';
export * from './chat.schemas';
export * from './homeScreen.schemas';
export * from './survey.schemas';
export * from './chatbot.schemas';
export * from './sources.schemas';
export * from './unanswered.schemas';
export * from './contact.schemas';
export * from './history.schemas';
export * from './promptAssistant.schemas';
export * from './account.schemas';
export * from './dates.schemas';
export * from './analytics.schemas';
export * from './admin.schemas';
export * from './billing.schemas';
export * from './identity.schemas';
