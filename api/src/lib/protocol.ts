/** The chat wire protocol lives in the widget package; the API uses the same schemas. */
export * from '../../../sdk/src/protocol';
