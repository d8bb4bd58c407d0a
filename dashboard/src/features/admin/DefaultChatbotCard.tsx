import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField, TextField } from '../../components/Field';
import { useAdminChatbots, useSetDefaultChatbot, type AdminChatbot } from './useAdmin';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The bot on Parley's own pages: the current one, and a searchable choice of the active bots of
 * every account (admin-disabled ones are never offered).
 */
export function DefaultChatbotCard() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const current = useAdminChatbots('').data?.find((bot) => bot.isPublicDefault);
  const bots = useAdminChatbots(term);
  const choices = (bots.data ?? []).filter((bot) => bot.isActive && !bot.disabledByAdminAt);
  const [chosen, setChosen] = useState('');
  const save = useSetDefaultChatbot();
  const selected = choices.some((bot) => bot.guid === chosen) ? chosen : '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (selected) save.mutate(selected, { onSuccess: () => setChosen('') });
  }

  return (
    <Card className="p-6" data-testid="default-chatbot">
      <h2 className="text-lg font-semibold">Default public chatbot</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">The chatbot that answers visitors on Parley's own pages (home, pricing, docs).</p>
      <p className="mt-4 text-sm" data-testid="current-default">
        Current: {current ? <CurrentBot bot={current} /> : <span className="text-slate-500 dark:text-slate-400">none (the site shows no chatbot)</span>}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end" aria-label="Default public chatbot">
        <TextField label="Search chatbots" type="search" placeholder="Name or owner email" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="New default" value={selected} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{choices.length ? 'Choose an active chatbot' : 'No active chatbot matches'}</option>
          {choices.map((bot) => (
            <option key={bot.guid} value={bot.guid} disabled={bot.isPublicDefault}>
              {bot.name} ({ownerText(bot)}){bot.isPublicDefault ? ', current' : ''}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!selected || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </Card>
  );
}

function CurrentBot({ bot }: { bot: AdminChatbot }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-medium">{bot.name}</span>
      <span className="text-slate-500 dark:text-slate-400">{ownerText(bot)}</span>
      {!bot.isActive && <Badge tone="red">Inactive</Badge>}
    </span>
  );
}

/** The seeded bot's owner is the system user: named as Parley rather than by its placeholder address. */
function ownerText(bot: Pick<AdminChatbot, 'ownerId' | 'ownerEmail'>): string {
  return bot.ownerId === 'system' ? 'Parley' : bot.ownerEmail;
}
