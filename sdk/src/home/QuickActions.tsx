import type { HomeTopic } from '@parley/contracts';
import { itemsOf } from './homeTypes';
import { TopicGrid } from './TopicGrid';

/** Prominent actions (start a chat, ask for an agent, start a survey, open a link). */
export function QuickActions({ props, onSelect, apiUrl }: { props: Record<string, unknown>; onSelect: (item: HomeTopic) => void; apiUrl?: string }) {
  return <TopicGrid props={props} items={itemsOf(props.actions)} onSelect={onSelect} variant="list" apiUrl={apiUrl} />;
}
