import { Copy, Eye, RotateCcw, Save } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Textarea } from '../../components/Input';
import { copyText } from '../../lib/copyText';
import { toast } from '../toast/toastStore';
import { INVALID_JSON_MESSAGE } from './checkDraft';
import type { UiDesignerState } from './useUiDesigner';

/**
 * The Code tab: the design as JSON. Edits stay in the text until Apply to Preview (or Apply &
 * Save); JSON that does not parse or is not a valid home screen is refused with the reason
 * under the text, which is kept as typed.
 */
export function CodeTab({ designer }: { designer: UiDesignerState }) {
  const { current, draft, hasDraftChanges, problems, saving } = designer;

  async function copy() {
    if (await copyText(draft)) toast({ variant: 'success', title: 'Copied!', description: 'The configuration is on your clipboard.' });
  }

  function applyToPreview() {
    if (designer.applyDraft()) toast({ variant: 'success', title: 'Applied!', description: 'The configuration is in the preview. Save to make it live.' });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">Configuration</h2>
        {hasDraftChanges && <Badge tone="amber">Unsaved Changes</Badge>}
      </div>
      {current ? (
        <div className="space-y-1.5">
          <label htmlFor="ui-designer-json" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Configuration JSON
          </label>
          <Textarea
            id="ui-designer-json"
            value={draft}
            onChange={(e) => designer.editDraft(e.target.value)}
            invalid={!!problems}
            aria-describedby={problems ? 'ui-designer-json-problems' : undefined}
            spellCheck={false}
            rows={22}
            className="resize-y font-mono text-xs leading-5"
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No configuration generated yet
        </p>
      )}
      {problems && (
        <div id="ui-designer-json-problems" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problems.kind === 'json' ? (
            <p>Invalid JSON: {INVALID_JSON_MESSAGE}</p>
          ) : (
            <>
              <p>Invalid configuration: {problems.problems[0]}</p>
              {problems.problems.length > 1 && (
                <ul className="mt-1 list-disc pl-5">
                  {problems.problems.slice(1).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy} disabled={!current}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={designer.resetDraft} disabled={!hasDraftChanges}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset
        </Button>
        <Button variant="secondary" size="sm" onClick={applyToPreview} disabled={!hasDraftChanges}>
          <Eye className="h-4 w-4" aria-hidden /> Apply to Preview
        </Button>
        <Button size="sm" onClick={designer.applyAndSave} disabled={!hasDraftChanges || saving}>
          <Save className="h-4 w-4" aria-hidden /> Apply &amp; Save
        </Button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Press <kbd className="rounded border border-slate-300 px-1 dark:border-slate-700">Ctrl</kbd>+
        <kbd className="rounded border border-slate-300 px-1 dark:border-slate-700">S</kbd> (
        <kbd className="rounded border border-slate-300 px-1 dark:border-slate-700">⌘</kbd>+
        <kbd className="rounded border border-slate-300 px-1 dark:border-slate-700">S</kbd> on a Mac) to save.
      </p>
    </div>
  );
}
