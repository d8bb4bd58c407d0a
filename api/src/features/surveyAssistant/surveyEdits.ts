import { SURVEY_LIMITS, type SurveyConfig, type SurveySettings } from '@parley/contracts';
import { shorten } from '../../lib/shorten';
import { capitalise } from './questionDrafts';
import { TONES } from './surveyVocabulary';

/** What one of the owner's requests did to the survey: the new config and, in words, what changed or could not. */
export type EditResult = { config: SurveyConfig; done: string[]; problems: string[] };

/**
 * A change to the survey as a whole, read from one clause of the owner's words: its title,
 * description, completion message, AI instructions or tone, and its three settings. Null
 * when the clause asks for none of these.
 */
export function surveyEdit(clause: string, config: SurveyConfig): EditResult | null {
  for (const read of [rename, describe, completion, instructions, tone, settings]) {
    const result = read(clause, config);
    if (result) return result;
  }
  return null;
}

const RENAME = [
  /\b(?:rename|retitle)\s+(?:the\s+|this\s+|my\s+|our\s+)?(?:survey|it|questionnaire|form)?\s*(?:to|as|into)\s+(.+)$/i,
  /\b(?:call|name|title)\s+(?:it|the survey|this survey|the questionnaire)\s+(.+)$/i,
  /\b(?:change|set|make|update|switch)\s+(?:the\s+)?(?:survey(?:'s)?\s+)?(?:title|name)\s+(?:to|as|into)\s*(.+)$/i,
  /^(?:the\s+)?(?:survey\s+)?(?:title|name)\s*(?:[:=]|should be|is)\s*(.+)$/i,
];

function rename(clause: string, config: SurveyConfig): EditResult | null {
  const match = RENAME.map((r) => r.exec(clause)).find(Boolean);
  const title = match ? quoted(match[1]) : '';
  if (!title) return null;
  const value = shorten(title, 200);
  return { config: { ...config, title: value }, done: [`Renamed the survey to "${value}".`], problems: [] };
}

function describe(clause: string, config: SurveyConfig): EditResult | null {
  const match =
    /\b(?:change|set|update|make|rewrite)\s+(?:the\s+)?(?:survey(?:'s)?\s+)?description\s+(?:to|as|into)\s*(.+)$/i.exec(clause) ??
    /^(?:the\s+)?(?:survey\s+)?description\s*(?:[:=]|should be|should say)\s*(.+)$/i.exec(clause);
  const description = match ? quoted(match[1]) : '';
  if (!description) return null;
  return { config: { ...config, description: sentence(description) }, done: ['Updated the description.'], problems: [] };
}

function completion(clause: string, config: SurveyConfig): EditResult | null {
  const match =
    /\b(?:completion|thank[- ]?you|thanks|closing|final|end(?:ing)?|goodbye|finish(?:ing)?)\s+(?:message|text|note|screen)\s*(?:to|as|into|:|=|should be|should say|to say|says?)\s*:?\s*(.+)$/i.exec(clause) ??
    /\b(?:at the end|when (?:they|visitors|people) finish),?\s+(?:say|show|tell (?:them|visitors))\s*:?\s*(.+)$/i.exec(clause);
  const message = match ? quoted(match[1]) : '';
  if (!message) return null;
  const value = sentence(message);
  return { config: { ...config, completionMessage: value }, done: [`Set the completion message to "${value}".`], problems: [] };
}

function instructions(clause: string, config: SurveyConfig): EditResult | null {
  const match = /^(?:please\s+)?(?:(?:set|change|update|make|replace|use)\s+)?(?:the\s+)?(?:ai\s+)?instructions?\s*(?:to|:|=|should be|should say)\s*(.+)$/i.exec(clause);
  const value = match ? quoted(match[1]) : '';
  if (!value) return null;
  return { config: { ...config, aiInstructions: sentence(value) }, done: ['Updated the AI instructions.'], problems: [] };
}

function tone(clause: string, config: SurveyConfig): EditResult | null {
  const mentionsTone = /\b(tone|voice|sound|style|vibe)\b/i.test(clause);
  const found = TONES.find((t) => t.when.test(clause));
  const asked = mentionsTone || /\b(more|less|be|make it|make the survey|keep it|sound)\b/i.test(clause) || clause.trim().split(/\s+/).length <= 3;
  if (found && asked) {
    return { config: { ...config, aiInstructions: found.instructions }, done: [`The survey will now be conducted in a ${found.label} tone (AI instructions updated).`], problems: [] };
  }
  if (mentionsTone && /\b(make|set|change|use|switch)\b/i.test(clause)) {
    return { config, done: [], problems: [`I don't know that tone. Try one of: ${TONES.map((t) => t.label).join(', ')}.`] };
  }
  return null;
}

const OFF = '(?:turn off|switch off|disable|hide|remove|no|don\'t|do not|never|stop|without|disallow|prevent|block|can\'t|cannot|no longer|not)';
const ON = '(?:turn on|switch on|enable|show|display|add|with|keep|allow|let|save|store|count|include)';
const SETTINGS: { key: keyof SurveySettings; word: string; on: string; off: string }[] = [
  { key: 'showProgress', word: 'progress(?: bar| indicator)?', on: 'Progress ("Question 2 of 5") is now shown.', off: 'Progress is no longer shown.' },
  {
    key: 'allowBackNavigation',
    word: '(?:back(?:wards)?(?: navigation| button)?|go(?:ing)? back|previous questions?|change (?:their|earlier) answers)',
    on: 'Visitors can now go back to earlier questions.',
    off: 'Visitors can no longer go back to earlier questions.',
  },
  {
    key: 'savePartialResponses',
    word: '(?:partial(?:ly)?(?: responses| answers)?|unfinished(?: responses)?|incomplete(?: responses)?)',
    on: 'Unfinished responses are now saved and counted.',
    off: 'Only completed responses are now saved and counted.',
  },
];

function settings(clause: string, config: SurveyConfig): EditResult | null {
  // "add a question about going back to the shop" is about a question, not the Back setting.
  if (/\bquestions?\b/i.test(clause) && /^(?:please\s+)?(?:add|ask|include|insert)\b/i.test(clause)) return null;
  const next = { ...config.settings };
  const done: string[] = [];
  for (const s of SETTINGS) {
    if (!new RegExp(`\\b${s.word}\\b`, 'i').test(clause)) continue;
    const off = new RegExp(`\\b${OFF}\\b[^.]*\\b${s.word}\\b`, 'i').test(clause) || new RegExp(`\\b${s.word}\\b[^.]*\\b(off|hidden|disabled)\\b`, 'i').test(clause);
    const on = new RegExp(`\\b${ON}\\b[^.]*\\b${s.word}\\b`, 'i').test(clause) || new RegExp(`\\b${s.word}\\b[^.]*\\b(on|visible|enabled)\\b`, 'i').test(clause);
    if (!off && !on) continue;
    next[s.key] = !off;
    done.push(off ? s.off : s.on);
  }
  if (/\bonly (?:save|keep|count|store) (?:complete|completed|finished|full)\b/i.test(clause) && !done.length) {
    next.savePartialResponses = false;
    done.push(SETTINGS[2].off);
  }
  return done.length ? { config: { ...config, settings: next }, done, problems: [] } : null;
}

/** The owner's value without quotes or a trailing full stop. */
function quoted(text: string): string {
  return text
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .replace(/^["“'‘](.*)["”'’][.!]?$/, '$1')
    .replace(/\.$/, '')
    .trim();
}

function sentence(text: string): string {
  const t = capitalise(text.replace(/\s+/g, ' ').trim());
  return shorten(/[.!?]$/.test(t) ? t : `${t}.`, SURVEY_LIMITS.longTextLength);
}
