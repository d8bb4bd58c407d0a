import { SURVEY_LIMITS, type SurveyConfig, type SurveySettings } from '@parley/contracts';
import { TextAreaField, TextField } from '../../components/Field';
import { Switch } from '../../components/Switch';

type Props = {
  config: SurveyConfig;
  onChange: (patch: Partial<SurveyConfig>) => void;
};

const SWITCHES: readonly { key: keyof SurveySettings; label: string; explanation: string }[] = [
  { key: 'allowBackNavigation', label: 'Allow back navigation', explanation: 'Visitors can go back to the previous question and change their answer.' },
  { key: 'showProgress', label: 'Show progress', explanation: 'Each question shows how far the visitor is, e.g. "Question 2 of 5".' },
  {
    key: 'savePartialResponses',
    label: 'Save partial responses',
    explanation: 'Unfinished responses count in Survey Analytics too, not only completed ones.',
  },
];

/** What visitors read around the questions (title, description, completion message), the tone for the model, and how the survey runs. */
export function SurveySettingsTab({ config, onChange }: Props) {
  return (
    <div className="space-y-5">
      <TextField
        label="Title"
        value={config.title}
        maxLength={200}
        hint="Shown to visitors when the survey starts."
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <TextAreaField
        label="Description for visitors"
        rows={2}
        value={config.description}
        maxLength={SURVEY_LIMITS.longTextLength}
        hint="Shown under the title when the survey starts."
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <TextAreaField
        label="Completion message"
        rows={2}
        value={config.completionMessage}
        maxLength={SURVEY_LIMITS.longTextLength}
        hint="The bot's last message, once the visitor has answered every question."
        onChange={(e) => onChange({ completionMessage: e.target.value })}
      />
      <TextAreaField
        label="AI instructions"
        rows={3}
        value={config.aiInstructions}
        maxLength={SURVEY_LIMITS.longTextLength}
        hint="With an AI model configured, the bot words each question in this tone. Answers are always recorded exactly as chosen."
        onChange={(e) => onChange({ aiInstructions: e.target.value })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Survey settings</legend>
        {SWITCHES.map(({ key, label, explanation }) => (
          <Switch
            key={key}
            label={label}
            hint={explanation}
            checked={config.settings[key]}
            onChange={(e) => onChange({ settings: { ...config.settings, [key]: e.target.checked } })}
          />
        ))}
      </fieldset>
    </div>
  );
}
