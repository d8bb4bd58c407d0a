import { describe, expect, it } from 'vitest';
import { rerankPassages } from './rerankPassages';
import type { Passage } from './retrieve';

let id = 0;
const passage = (p: Partial<Passage> & { content: string }): Passage => ({
  chunkId: ++id,
  title: null,
  url: `https://docs.test/${id}`,
  heading: null,
  sourceId: 1,
  score: 1,
  ...p,
});
const titles = (list: Passage[]) => list.map((p) => p.title);

describe('rerankPassages', () => {
  it('puts the passage covering every topic of the question above one repeating a single word', () => {
    const repeats = passage({ title: 'Timeouts', content: 'Timeout timeout timeout: the timeout of a timeout.', score: 9 });
    const covers = passage({ title: 'Statement limits', content: 'A statement that runs longer than the timeout is cancelled by the server.', score: 3 });
    expect(titles(rerankPassages('Does the server cancel a statement after a timeout?', [repeats, covers], 2))).toEqual(['Statement limits', 'Timeouts']);
  });

  it('prefers the page named after the topic to one that only mentions it in its name', () => {
    const drop = passage({ title: 'DROP TABLESPACE', content: 'DROP TABLESPACE removes a tablespace from the system.', score: 5 });
    const concept = passage({ title: 'Tablespaces', content: 'Tablespaces allow administrators to define locations where the files of a tablespace are stored.', score: 4 });
    expect(titles(rerankPassages('What is a tablespace?', [drop, concept], 2))).toEqual(['Tablespaces', 'DROP TABLESPACE']);
  });

  it("counts a passage's page: one of several passages of a page that together cover the question rises", () => {
    const url = 'https://docs.test/backup';
    const lone = passage({ title: 'Archive', content: 'Copies of the data directory are made nightly.', score: 2 });
    const part = passage({ title: 'Backups', url, content: 'Copies of the data directory are made nightly.', score: 2 });
    const sibling = passage({ title: 'Backups', url, heading: 'Restoring', content: 'To restore, stop the server first.', score: 1 });
    expect(rerankPassages('How do I restore nightly copies?', [lone, part, sibling], 3)[0]?.chunkId).toBe(part.chunkId);
  });

  it('prefers the passage where the question\'s neighbouring words stand together', () => {
    const apart = passage({ title: 'Settings', content: 'The plan is chosen by the planner; execution follows the plan for each query.', score: 2 });
    const together = passage({ title: 'EXPLAIN', content: 'EXPLAIN shows the execution plan of a query.', score: 2 });
    expect(titles(rerankPassages('How can I see the execution plan of a query?', [apart, together], 2))).toEqual(['EXPLAIN', 'Settings']);
  });

  it('weighs rare words above common ones when given their weights', () => {
    const common = passage({ title: 'A', content: 'The database server stores data.', score: 2 });
    const rare = passage({ title: 'B', content: 'Checksums detect corruption.', score: 2 });
    const weights: Record<string, number> = { database: 0.1, server: 0.1, checksums: 3 };
    const ranked = rerankPassages('database server checksums', [common, rare], 2, (w) => weights[w] ?? 1);
    expect(titles(ranked)).toEqual(['B', 'A']);
  });

  it('keeps BM25 order when the question has no searchable word, and cuts to the limit', () => {
    const a = passage({ title: 'A', content: 'x' });
    const b = passage({ title: 'B', content: 'y' });
    expect(titles(rerankPassages('how is it?', [a, b], 1))).toEqual(['A']);
  });
});
