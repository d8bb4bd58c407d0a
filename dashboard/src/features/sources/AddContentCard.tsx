import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { cn } from '../../lib/cn';
import { FileSourceForm } from './FileSourceForm';
import { TextSourceForm } from './TextSourceForm';
import type { useSourceActions } from './useSources';
import { WebsiteSourceForm } from './WebsiteSourceForm';

type Tab = 'website' | 'text' | 'file';

const TABS: [Tab, string][] = [
  ['website', 'Website'],
  ['text', 'Text'],
  ['file', 'File'],
];

/** The "Add Content" card: one form per kind of source, Website first. */
export function AddContentCard({ actions }: { actions: ReturnType<typeof useSourceActions> }) {
  const [tab, setTab] = useState<Tab>('website');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Content</CardTitle>
        <CardDescription>Scan a website, paste text or upload a text file.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div role="tablist" aria-label="Content type" className="grid grid-cols-3 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {TABS.map(([value, label]) => (
            <button
              key={value}
              id={`add-content-tab-${value}`}
              role="tab"
              type="button"
              aria-selected={tab === value}
              aria-controls="add-content-panel"
              onClick={() => setTab(value)}
              className={cn('rounded-md px-4 py-1.5 text-sm font-medium', tab === value ? 'bg-white shadow-sm dark:bg-slate-950' : 'text-slate-600 dark:text-slate-400')}
            >
              {label}
            </button>
          ))}
        </div>
        <div id="add-content-panel" role="tabpanel" aria-labelledby={`add-content-tab-${tab}`}>
          {tab === 'website' && <WebsiteSourceForm mutation={actions.addWebsite} />}
          {tab === 'text' && <TextSourceForm mutation={actions.addText} />}
          {tab === 'file' && <FileSourceForm mutation={actions.upload} />}
        </div>
      </CardContent>
    </Card>
  );
}
