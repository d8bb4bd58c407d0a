import { SURVEY_AUTOSAVE_MS, SURVEY_MESSAGES, type SurveyConfig, type SurveyStatus, type SurveyWithCounts, type UpdateSurveyRequest } from '@parley/contracts';
import { issueLine, updateSurveyRequestSchema } from '@parley/contracts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { serverMessage } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { patchSurvey } from './useSurveys';

/** What the owner edits of a survey: the details and the config (status saves on its own). */
export type SurveyDraft = { name: string; description: string; surveyConfig: SurveyConfig };

export type SaveState = 'saved' | 'unsaved' | 'saving';

/**
 * A local edit of one survey: `draft` is what the owner sees, `base` what the server last
 * confirmed (what the draft started from, or what was last saved), `syncedAt` the server's
 * `updatedAt` of that version.
 */
type Entry = { draft: SurveyDraft; base: SurveyDraft; syncedAt: string };

/**
 * Local drafts of a bot's surveys with auto-save. An edit changes the draft at once and saves
 * it `SURVEY_AUTOSAVE_MS` after the last change; Save Details saves at once; switching survey,
 * leaving the page or closing the tab saves first (closing with unsaved changes also warns).
 * A draft the schema refuses is never sent: its problems are shown and it stays unsaved, kept
 * in memory with every other draft, so no edit is lost by switching survey or by a failed save.
 * A refetched list never replaces a draft with unsaved changes; an unchanged draft follows the
 * server when someone else saved the survey meanwhile.
 */
export function useSurveyDraft(guid: string, surveys: readonly SurveyWithCounts[] | undefined) {
  const queryClient = useQueryClient();
  const entries = useRef(new Map<number, Entry>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<number>());
  /** Surveys edited again while their save was on its way: saved once more when it lands. */
  const again = useRef(new Set<number>());
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const surveysRef = useRef(surveys);
  surveysRef.current = surveys;

  // An unchanged draft gives way to a newer server copy; one of a deleted survey goes.
  useEffect(() => {
    if (!surveys) return;
    let changed = false;
    for (const [id, entry] of entries.current) {
      const survey = surveys.find((s) => s.id === id);
      if (survey && (isDirty(entry) || inFlight.current.has(id) || survey.updatedAt === entry.syncedAt)) continue;
      entries.current.delete(id);
      changed = true;
    }
    if (changed) rerender();
  }, [surveys]);

  function draftOf(survey: SurveyWithCounts): SurveyDraft {
    return entries.current.get(survey.id)?.draft ?? fieldsOf(survey);
  }

  function dirty(id: number): boolean {
    const entry = entries.current.get(id);
    return !!entry && isDirty(entry);
  }

  function saveState(id: number): SaveState {
    if (inFlight.current.has(id)) return 'saving';
    return dirty(id) ? 'unsaved' : 'saved';
  }

  /** Applies `change` to the survey's draft and (re)starts its auto-save countdown. */
  function edit(id: number, change: (draft: SurveyDraft) => SurveyDraft) {
    const survey = surveysRef.current?.find((s) => s.id === id);
    const entry = entries.current.get(id) ?? (survey && { draft: fieldsOf(survey), base: fieldsOf(survey), syncedAt: survey.updatedAt });
    if (!entry) return;
    entries.current.set(id, { ...entry, draft: change(entry.draft) });
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => void save(id), SURVEY_AUTOSAVE_MS),
    );
    rerender();
  }

  /**
   * Sends the survey's draft when it has valid unsaved changes; resolves true once nothing is
   * left unsaved. `keepalive` lets the request outlive a closing tab.
   */
  async function save(id: number, keepalive = false): Promise<boolean> {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    const entry = entries.current.get(id);
    if (!entry || !isDirty(entry)) return true;
    if (draftProblems(entry.draft).length) return false;
    if (inFlight.current.has(id)) {
      again.current.add(id);
      return false;
    }
    const sent = entry.draft;
    inFlight.current.add(id);
    rerender();
    try {
      const updated = await patchSurvey(queryClient, guid, id, sent, keepalive);
      const current = entries.current.get(id);
      if (current) entries.current.set(id, { ...current, base: sent, syncedAt: updated.updatedAt });
      return true;
    } catch (error) {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.updateFailed) });
      return false;
    } finally {
      inFlight.current.delete(id);
      if (again.current.delete(id)) void save(id);
      rerender();
    }
  }

  /** Save Details: at once, saying so; a draft that cannot be sent names its first problem. */
  async function saveNow(id: number) {
    const entry = entries.current.get(id);
    const problems = entry ? draftProblems(entry.draft) : [];
    if (entry && isDirty(entry) && problems.length) {
      toast({ variant: 'destructive', title: 'Error', description: problems[0] });
      return;
    }
    if (inFlight.current.has(id)) {
      again.current.add(id);
      return;
    }
    if (await save(id)) toast({ variant: 'success', title: 'Survey saved', description: 'All changes are saved.' });
  }

  /**
   * The status dropdown and Activate/Deactivate save at once. Valid unsaved edits travel with
   * the status, so a survey activated right after its first question was added has it on the
   * server when the activation is checked.
   */
  async function setStatus(survey: SurveyWithCounts, status: SurveyStatus) {
    const id = survey.id;
    if (status === survey.status || statusPending !== null) return;
    const entry = entries.current.get(id);
    const draft = entry?.draft ?? fieldsOf(survey);
    if (status === 'active' && draft.surveyConfig.questions.length === 0) {
      toast({ variant: 'destructive', title: 'Error', description: SURVEY_MESSAGES.activateNeedsQuestion });
      return;
    }
    const withDraft = !!entry && isDirty(entry) && !inFlight.current.has(id) && draftProblems(entry.draft).length === 0;
    const body: UpdateSurveyRequest = withDraft ? { ...entry.draft, status } : { status };
    if (withDraft) {
      clearTimeout(timers.current.get(id));
      inFlight.current.add(id);
    }
    setStatusPending(id);
    try {
      const updated = await patchSurvey(queryClient, guid, id, body);
      const current = entries.current.get(id);
      if (withDraft && current) entries.current.set(id, { ...current, base: entry.draft, syncedAt: updated.updatedAt });
      else if (current) entries.current.set(id, { ...current, syncedAt: updated.updatedAt });
    } catch (error) {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.updateFailed) });
    } finally {
      if (withDraft) {
        inFlight.current.delete(id);
        if (again.current.delete(id)) void save(id);
      }
      setStatusPending(null);
    }
  }

  /** Forgets a deleted survey's draft. */
  function discard(id: number) {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    entries.current.delete(id);
    rerender();
  }

  /** Saves every draft with unsaved changes now (leaving the page or the tab). */
  const saveAll = useRef<(keepalive: boolean) => void>(() => {});
  saveAll.current = (keepalive) => {
    for (const id of entries.current.keys()) void save(id, keepalive);
  };

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const unsaved = [...entries.current.entries()].some(([id, entry]) => isDirty(entry) || inFlight.current.has(id));
      if (!unsaved) return;
      saveAll.current(true);
      e.preventDefault();
      // Older browsers ask for a returnValue before they show their "leave site?" dialog.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const pending = timers.current;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      saveAll.current(false);
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { draftOf, dirty, saveState, edit, save, saveNow, setStatus, statusPending, discard };
}

export type SurveyDrafts = ReturnType<typeof useSurveyDraft>;

/** The editable fields of a survey as the server has them. */
function fieldsOf(survey: SurveyWithCounts): SurveyDraft {
  return { name: survey.name, description: survey.description ?? '', surveyConfig: survey.surveyConfig };
}

function isDirty(entry: Entry): boolean {
  return !sameValue(entry.draft, entry.base);
}

/**
 * Why the server would refuse this draft, one line each (the same schema checks it): question
 * problems name the question (and option) by its number as the owner sees it.
 */
export function draftProblems(draft: SurveyDraft): string[] {
  const result = updateSurveyRequestSchema.safeParse(draft);
  if (result.success) return [];
  return [...new Set(result.error.issues.map(problemLine))];
}

/** The labels of the Settings tab, for problems whose message does not name its field. */
const CONFIG_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  completionMessage: 'Completion message',
  aiInstructions: 'AI instructions',
  questions: 'Questions',
};

function problemLine(issue: { path: readonly PropertyKey[]; message: string }): string {
  const [field, list, index, ...rest] = issue.path;
  if (field !== 'surveyConfig') return issue.message;
  if (list !== 'questions' || typeof index !== 'number') {
    const label = typeof list === 'string' ? CONFIG_FIELD_LABELS[list] : undefined;
    if (!label) return issueLine({ path: issue.path.slice(1), message: issue.message });
    return issue.message.startsWith(label) ? issue.message : `${label}: ${issue.message}`;
  }
  const [sub, optionIndex] = rest;
  const where = sub === 'options' && typeof optionIndex === 'number' ? `Question ${index + 1}, option ${optionIndex + 1}` : `Question ${index + 1}`;
  return `${where}: ${issue.message}`;
}

/** Deep equality of JSON values, whatever the order of object keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameValue(v, (b as unknown[])[i]));
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return keysA.length === keysB.length && keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
