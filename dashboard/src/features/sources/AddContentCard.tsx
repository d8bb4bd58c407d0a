import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { FileSourceForm } from './FileSourceForm';
import { TextSourceForm } from './TextSourceForm';
import type { useSourceActions } from './useSources';
import { WebsiteSourceForm } from './WebsiteSourceForm';

type Tab = 'website' | 'text' | 'file';

const TABS: readonly (readonly [Tab, string])[] = [
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
        <CardDescription>Scan a website, paste text or upload a text, PDF or Word file.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Tabs id="add-content" label="Content type" tabs={TABS} selected={tab} onSelect={setTab} />
        <div {...tabPanelProps('add-content', tab, tab)}>
          {tab === 'website' && <WebsiteSourceForm mutation={actions.addWebsite} />}
          {tab === 'text' && <TextSourceForm mutation={actions.addText} />}
          {tab === 'file' && <FileSourceForm mutation={actions.upload} />}
        </div>
      </CardContent>
    </Card>
  );
}
