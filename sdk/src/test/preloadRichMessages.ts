import { loadRichMessages } from '../messages/useRichMessages';

// The rich message components are a lazily fetched chunk in the widget; component tests render
// them at once, as a widget that has already fetched them does. useRichMessages.test.tsx covers
// the first fetch itself.
await loadRichMessages();
