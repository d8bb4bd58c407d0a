import { DAILY_MESSAGE_LIMIT_RANGE, MAX_INITIAL_MESSAGES, MAX_TOKENS_RANGE, MODELS, TEMPERATURE_RANGE } from '@parley/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { Input } from '../../components/Input';
import { Switch } from '../../components/Switch';
import { PromptAssistant } from '../promptAssistant/PromptAssistant';
import { AllowedDomainsField } from './AllowedDomainsField';
import { AvatarField } from './AvatarField';
import { UNREADABLE_NUMBER, type ChatbotFormValues } from './chatbotFormValues';
import { FormModelNotice } from './ModelNotice';

/**
 * The sections of the create and edit forms, inside the editor's form context; the email section
 * exists only when editing.
 */
export function ChatbotForm({ mode }: { mode: 'create' | 'edit' }) {
  const { control, register, formState } = useFormContext<ChatbotFormValues>();
  const [temperature, isActive] = useWatch({ control, name: ['temperature', 'isActive'] });
  const errors = formState.errors;

  return (
    <div className="space-y-6">
      <FormSection title="Basic Information" description="How your chatbot introduces itself to visitors.">
        <TextField label="Name" {...register('name')} error={errors.name?.message} placeholder="Acme Support" />
        <TextAreaField label="Description" rows={2} {...register('description')} error={errors.description?.message} placeholder="What this chatbot helps with" />
        <Controller
          control={control}
          name="avatarUrl"
          render={({ field, fieldState }) => <AvatarField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <Switch label="Active" hint="Inactive chatbots are hidden from visitors and do not respond." aria-checked={isActive} {...register('isActive')} />
        {mode === 'edit' && <AllowedDomainsField />}
      </FormSection>

      <FormSection title="AI Configuration" description="The model, its instructions, how creative its answers are and how many it gives a day.">
        <TextAreaField
          label="System Prompt"
          rows={6}
          {...register('systemPrompt')}
          error={errors.systemPrompt?.message}
          hint="Who the bot is, its tone and what it must not do."
        />
        <PromptAssistant />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Model" {...register('model')} error={errors.model?.message}>
            {MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Max Tokens"
            type="number"
            min={MAX_TOKENS_RANGE.min}
            max={MAX_TOKENS_RANGE.max}
            {...register('maxTokens')}
            error={errors.maxTokens?.message}
            hint={`${MAX_TOKENS_RANGE.min}-${MAX_TOKENS_RANGE.max}`}
          />
        </div>
        <FormModelNotice />
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <label htmlFor="temperature" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Temperature
            </label>
            <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-sm dark:bg-slate-800">{(Number(temperature) / 10).toFixed(1)}</span>
          </div>
          <input
            id="temperature"
            type="range"
            min={TEMPERATURE_RANGE.min}
            max={TEMPERATURE_RANGE.max}
            step={1}
            {...register('temperature')}
            className="w-full accent-blue-600"
          />
          <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
            <span>0.0 Focused</span>
            <span>1.0 Creative</span>
          </div>
          {errors.temperature && <p className="text-sm text-red-600 dark:text-red-400">{errors.temperature.message}</p>}
        </div>
        <Controller
          control={control}
          name="dailyMessageLimit"
          render={({ field, fieldState }) => (
            <TextField
              label="Daily Message Limit"
              type="number"
              min={DAILY_MESSAGE_LIMIT_RANGE.min}
              max={DAILY_MESSAGE_LIMIT_RANGE.max}
              step={1}
              inputMode="numeric"
              placeholder="No daily cap"
              className="sm:max-w-xs"
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value === UNREADABLE_NUMBER ? '' : field.value}
              onChange={(e) => field.onChange(e.target.validity.badInput ? UNREADABLE_NUMBER : e.target.value)}
              error={fieldState.error?.message}
              hint="Most visitor messages this bot answers per day (UTC). Leave empty for no daily cap. Visitors over the cap are asked to try again tomorrow; your monthly quota is kept."
            />
          )}
        />
      </FormSection>

      <FormSection title="Message Configuration" description="What visitors see first, and what the bot says when it is unsure.">
        <TextAreaField label="Welcome Message" rows={2} {...register('welcomeMessage')} error={errors.welcomeMessage?.message} />
        <TextAreaField label="Fallback Message" rows={2} {...register('fallbackMessage')} error={errors.fallbackMessage?.message} />
        <Controller control={control} name="initialMessages" render={({ field }) => <InitialMessages messages={field.value} onChange={field.onChange} />} />
      </FormSection>

      {mode === 'edit' && (
        <FormSection title="Email Configuration" description="Where contact forms submitted in the chat are sent.">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Recipient Email" type="email" {...register('formRecipientEmail')} error={errors.formRecipientEmail?.message} />
            <TextField label="Recipient Name" {...register('formRecipientName')} error={errors.formRecipientName?.message} />
          </div>
          <TextAreaField
            label="Confirmation Message"
            rows={2}
            {...register('formConfirmationMessage')}
            error={errors.formConfirmationMessage?.message}
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
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs named by position ("Initial message 2"); the values are the state
        <div key={i} className="flex gap-2">
          <Input aria-label={`Initial message ${i + 1}`} value={message} onChange={(e) => onChange(messages.map((m, j) => (j === i ? e.target.value : m)))} />
          <Button variant="ghost" size="md" aria-label={`Remove initial message ${i + 1}`} onClick={() => onChange(messages.filter((_, j) => j !== i))}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ))}
      {messages.length < MAX_INITIAL_MESSAGES && (
        <Button variant="outline" size="sm" onClick={() => onChange([...messages, ''])}>
          <Plus className="h-4 w-4" aria-hidden /> Add message
        </Button>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">Bubbles that pop up one at a time while the widget is closed.</p>
    </div>
  );
}
