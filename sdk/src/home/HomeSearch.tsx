import type { HomeTopic } from '@parley/contracts';

/** Said when a search finds no topic; the visitor can send the words to the chat instead. */
const NO_MATCHING_TOPICS = 'No matching topics';

/**
 * The home's search box. Enter with no match asks the query in the chat; Escape clears a
 * query (and only then, so an empty box lets Escape close the panel as usual).
 */
export function HomeSearch({ query, onQuery, noMatch, onAsk }: { query: string; onQuery: (q: string) => void; noMatch: boolean; onAsk: () => void }) {
  return (
    <div className="cw-home-section">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (noMatch) onAsk();
        }}
      >
        <input
          type="search"
          className="cw-search"
          aria-label="Search topics"
          placeholder="Search topics..."
          value={query}
          onChange={(e) => onQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) {
              e.stopPropagation();
              onQuery('');
            }
          }}
        />
      </form>
      {noMatch ? (
        <div className="cw-no-match" role="status">
          <p className="cw-muted">{NO_MATCHING_TOPICS}</p>
          <button type="button" className="cw-chip" onClick={onAsk}>
            Ask: {query.trim()}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The item an "Ask: …" button sends: the query itself, as a message. */
export function askItem(query: string): HomeTopic {
  const text = query.trim();
  return { id: 'search-ask', title: text, message: text, actionType: 'message' };
}
