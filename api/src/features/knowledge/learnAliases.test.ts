import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { aliasesIn, learnAliases } from './learnAliases';
import { retrieve } from './retrieve';

let botId: number;

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  await addTextSource(botId, {
    title: 'Reliability',
    textContent:
      'Write-Ahead Logging (WAL) is a standard method for ensuring data integrity. Our Service Level Agreement (SLA) promises 99.9% uptime. See the notes (below) and the (IMPORTANT) box.',
  });
  await addTextSource(botId, { title: 'Crash recovery', textContent: 'After a crash the server replays the WAL from the last checkpoint, so no committed change is lost.' });
  await addTextSource(botId, { title: 'Uptime', textContent: 'Contracts list the guaranteed uptime of each service level agreement tier.' });
  await waitForIdle();
});

describe('learnAliases', () => {
  it("learns the abbreviations the bot's own content spells out, letter by letter", async () => {
    expect((await learnAliases(botId)).sort((a, b) => a.short.localeCompare(b.short))).toEqual([
      { short: 'sla', long: 'service level agreement' },
      { short: 'wal', long: 'write ahead logging' },
    ]);
  });

  it('finds the other form of each one a question uses', async () => {
    const aliases = await learnAliases(botId);
    expect(aliasesIn('What is the WAL for?', aliases)).toEqual(['write ahead logging']);
    expect(aliasesIn('How does write-ahead logging work?', aliases)).toEqual(['wal']);
    expect(aliasesIn('How do I log slow queries?', aliases)).toEqual([]);
  });

  it('lets a question in one form find the page that only uses the other', async () => {
    const found = await retrieve(botId, 'How does write-ahead logging help after a crash?');
    expect(found[0]?.title).toBe('Crash recovery');
    const sla = await retrieve(botId, 'What does the SLA promise?');
    expect(sla.map((p) => p.title)).toContain('Uptime');
  });
});
