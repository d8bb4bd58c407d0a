import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { AvatarField } from './AvatarField';
import { DAILY_MESSAGE_LIMIT_MAX, MODELS, UNREADABLE_NUMBER, type ChatbotFormErrors, type ChatbotFormValues } from './chatbotForm';

type Props = {
  mode: 'create' | 'edit';
  values: ChatbotFormValues;
  errors: ChatbotFormErrors;
  onChange: (patch: Partial<ChatbotFormValues>) => void;
};

/** The sections of the create and edit forms; the email section exists only when editing. */
export function ChatbotForm({ mode, values, errors, onChange }: Props) {
  const text = (key: keyof ChatbotFormValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange({ [key]: e.target.value } as Partial<ChatbotFormValues>);

  return (
    <div className="space-y-6">
      <FormSection title="Basic Information" description="How your chatbot introduces itself to visitors.">
        <TextField label="Name" value={values.name} onChange={text('name')} error={errors.name} placeholder="Acme Support" />
        <TextAreaField label="Description" rows={2} value={values.description} onChange={text('description')} placeholder="What this chatbot helps with" />
        <AvatarField value={values.avatarUrl} onChange={(avatarUrl) => onChange({ avatarUrl })} />
        <label className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <span>
            <span className="block text-sm font-medium">Active</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">Inactive chatbots are hidden from visitors and do not respond.</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={values.isActive}
            onChange={(e) => onChange({ isActive: e.target.checked })}
            className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-600 checked:before:translate-x-[1.375rem] dark:bg-slate-700"
          />
        </label>
      </FormSection>

      <FormSection title="AI Configuration" description="The model, its instructions, how creative its answers are and how many it gives a day.">
        <TextAreaField
          label="System Prompt"
          rows={6}
          value={values.systemPrompt}
          onChange={text('systemPrompt')}
          error={errors.systemPrompt}
          hint="Who the bot is, its tone and what it must not do."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Model" value={values.model} onChange={text('model')} error={errors.model}>
            {MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <TextField label="Max Tokens" type="number" min={100} max={4000} value={values.maxTokens} onChange={text('maxTokens')} error={errors.maxTokens} hint="100-4000" />
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <label htmlFor="temperature" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Temperature
            </label>
            <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-sm dark:bg-slate-800">{(Number(values.temperature) / 10).toFixed(1)}</span>
          </div>
          <input id="temperature" type="range" min={0} max={10} step={1} value={values.temperature} onChange={text('temperature')} className="w-full accent-blue-600" />
          <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
            <span>0.0 Focused</span>
            <span>1.0 Creative</span>
          </div>
          {errors.temperature && <p className="text-sm text-red-600 dark:text-red-400">{errors.temperature}</p>}
        </div>
        <TextField
          label="Daily Message Limit"
          type="number"
          min={1}
          max={DAILY_MESSAGE_LIMIT_MAX}
          step={1}
          inputMode="numeric"
          placeholder="No daily cap"
          className="sm:max-w-xs"
          value={values.dailyMessageLimit === UNREADABLE_NUMBER ? '' : values.dailyMessageLimit}
          onChange={(e) => onChange({ dailyMessageLimit: e.target.validity.badInput ? UNREADABLE_NUMBER : e.target.value })}
          error={errors.dailyMessageLimit}
          hint="Most visitor messages this bot answers per day (UTC). Leave empty for no daily cap. Visitors over the cap are asked to try again tomorrow; your monthly quota is kept."
        />
      </FormSection>

      <FormSection title="Message Configuration" description="What visitors see first, and what the bot says when it is unsure.">
        <TextAreaField label="Welcome Message" rows={2} value={values.welcomeMessage} onChange={text('welcomeMessage')} />
        <TextAreaField label="Fallback Message" rows={2} value={values.fallbackMessage} onChange={text('fallbackMessage')} />
        <InitialMessages messages={values.initialMessages} onChange={(initialMessages) => onChange({ initialMessages })} />
      </FormSection>

      {mode === 'edit' && (
        <FormSection title="Email Configuration" description="Where contact forms submitted in the chat are sent.">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Recipient Email" type="email" value={values.formRecipientEmail} onChange={text('formRecipientEmail')} error={errors.formRecipientEmail} />
            <TextField label="Recipient Name" value={values.formRecipientName} onChange={text('formRecipientName')} />
          </div>
          <TextAreaField
            label="Confirmation Message"
            rows={2}
            value={values.formConfirmationMessage}
            onChange={text('formConfirmationMessage')}
            hint="Shown to the visitor after a form is sent."
          />
        </FormSection>
      )}
    </div>
  );
}

function FormSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>
      <div className="mt-5 space-y-5">{children}</div>
    </Card>
  );
}

function InitialMessages({ messages, onChange }: { messages: string[]; onChange: (messages: string[]) => void }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Initial Pop-up Messages</p>
      {messages.map((message, i) => (
        <div key={i} className="flex gap-2">
          <input
            aria-label={`Initial message ${i + 1}`}
            value={message}
            onChange={(e) => onChange(messages.map((m, j) => (j === i ? e.target.value : m)))}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          <Button variant="ghost" size="md" aria-label={`Remove initial message ${i + 1}`} onClick={() => onChange(messages.filter((_, j) => j !== i))}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ))}
      {messages.length < 10 && (
        <Button variant="outline" size="sm" onClick={() => onChange([...messages, ''])}>
          <Plus className="h-4 w-4" aria-hidden /> Add message
        </Button>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">Bubbles that pop up one at a time while the widget is closed.</p>
    </div>
  );
}
