import { useFormContext, useWatch } from 'react-hook-form';
import { useSystemStatus } from '../../lib/useSystemStatus';
import type { ChatbotFormValues } from './chatbotFormValues';

const OFFLINE = 'Offline answers (no model configured)';
const howTo = (model: string) => `Set OPENAI_API_KEY on the server to use ${model}.`;

/**
 * Under a bot's model setting: without a model key the install answers offline from the bot's
 * content whatever model is picked, so it says so, with the one step that changes it. Only when
 * the server said so: nothing while the status loads, when it could not be read, or with a model.
 */
export function ModelNotice({ model }: { model: string }) {
  const { modelConfigured } = useSystemStatus();
  if (modelConfigured !== false) return null;
  return (
    <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" data-testid="model-notice">
      <span className="font-medium">{OFFLINE}</span>
      <span className="block text-xs text-amber-800 dark:text-amber-300">{howTo(model)}</span>
    </p>
  );
}

/** `ModelNotice` for the model picked in the bot form. */
export function FormModelNotice() {
  const model = useWatch({ control: useFormContext<ChatbotFormValues>().control, name: 'model' });
  return <ModelNotice model={model} />;
}

/** Where a bot's model is named in passing (the dashboard cards): the model, or the offline notice with its how-to. */
export function ModelName({ model }: { model: string }) {
  const { modelConfigured } = useSystemStatus();
  if (modelConfigured !== false) return <span className="font-medium text-slate-700 dark:text-slate-300">{model}</span>;
  return (
    <span className="text-amber-800 dark:text-amber-300">
      <span className="font-medium">{OFFLINE}</span>
      <span className="block">{howTo(model)}</span>
    </span>
  );
}
