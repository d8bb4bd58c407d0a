import { SURVEY_AUTOSAVE_MS, SURVEY_DEFAULTS, SURVEY_MESSAGES, type SurveyConfig, type SurveyStatus, type SurveyWithCounts } from '@parley/contracts';
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
  /** Saves on their way, each settling once its PATCH has landed (or failed). */
  const inFlight = useRef(new Map<number, Promise<unknown>>());
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
    schedule(id);
    rerender();
  }

  /** (Re)starts the survey's auto-save countdown. */
  function schedule(id: number) {
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => void save(id), SURVEY_AUTOSAVE_MS),
    );
  }

  /** Why the server would refuse the survey's draft, judged with its current status. */
  function problemsOf(id: number, draft: SurveyDraft): string[] {
    return draftProblems(draft, surveysRef.current?.find((s) => s.id === id)?.status);
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
    if (problemsOf(id, entry.draft).length) return false;
    if (inFlight.current.has(id)) {
      again.current.add(id);
      return false;
    }
    const sent = entry.draft;
    const saved = patchSurvey(queryClient, guid, id, sent, keepalive).then(
      (updated) => {
        const current = entries.current.get(id);
        if (current) entries.current.set(id, { ...current, base: sent, syncedAt: updated.updatedAt });
        return true;
      },
      (error: unknown) => {
        if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.updateFailed) });
        return false;
      },
    );
    return track(id, saved);
  }

  /**
   * Marks `request` as the survey's save on its way ("Saving...", waited for by a status change);
   * once it lands, an edit made meanwhile is saved in turn.
   */
  function track<T>(id: number, request: Promise<T>): Promise<T> {
    const done = request.finally(() => {
      inFlight.current.delete(id);
      if (again.current.delete(id)) void save(id);
      rerender();
    });
    inFlight.current.set(
      id,
      done.catch(() => {}),
    );
    rerender();
    return done;
  }

  /** Resolves once no save of the survey is on its way, the one an edit queued meanwhile included. */
  async function settled(id: number) {
    for (let pending = inFlight.current.get(id); pending; pending = inFlight.current.get(id)) await pending;
  }

  /** Save Details: at once, saying so; a draft that cannot be sent names its first problem. */
  async function saveNow(id: number) {
    const entry = entries.current.get(id);
    const problems = entry ? problemsOf(id, entry.draft) : [];
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
   * server when the activation is checked. A save on its way may carry such an edit, so the
   * status waits for it first, then takes along whatever is still unsaved. When a status change
   * carrying edits fails, their auto-save countdown starts again so they are not left unsaved.
   */
  async function setStatus(survey: SurveyWithCounts, status: SurveyStatus) {
    const id = survey.id;
    if (status === survey.status || statusPending !== null) return;
    if (status === 'active' && draftOf(survey).surveyConfig.questions.length === 0) {
      toast({ variant: 'destructive', title: 'Error', description: SURVEY_MESSAGES.activateNeedsQuestion });
      return;
    }
    setStatusPending(id);
    let sent: SurveyDraft | null = null;
    try {
      await settled(id);
      const entry = entries.current.get(id);
      // Judged with the status it will have: deactivating may take the last question's removal along.
      if (entry && isDirty(entry) && draftProblems(entry.draft, status).length === 0) sent = entry.draft;
      const carried = sent;
      const request = patchSurvey(queryClient, guid, id, carried ? { ...carried, status } : { status }).then((updated) => {
        const current = entries.current.get(id);
        if (current) entries.current.set(id, { ...current, ...(carried && { base: carried }), syncedAt: updated.updatedAt });
      });
      if (carried) {
        clearTimeout(timers.current.get(id));
        timers.current.delete(id);
        track(id, request).catch(() => {});
      }
      await request;
    } catch (error) {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.updateFailed) });
      if (sent) schedule(id);
    } finally {
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
 * problems name the question (and option) by its number as the owner sees it. An active survey
 * keeps at least one question, so removing the last one is caught here before anything is sent.
 */
export function draftProblems(draft: SurveyDraft, status?: SurveyStatus): string[] {
  const result = updateSurveyRequestSchema.safeParse(draft);
  const problems = result.success ? [] : result.error.issues.map(problemLine);
  if (status === 'active' && draft.surveyConfig.questions.length === 0) problems.push(SURVEY_MESSAGES.activeNeedsQuestion);
  return [...new Set(problems)];
}

/**
 * The draft with a new name. Visitors read the config's title, not the name, so a title still
 * following the name (the same as the old name, or the default of a new survey) follows it to
 * the new one in the same change; a title the owner wrote on its own stays.
 */
export function renamed(draft: SurveyDraft, name: string): SurveyDraft {
  const title = draft.surveyConfig.title.trim();
  if (title !== draft.name.trim() && title !== SURVEY_DEFAULTS.title) return { ...draft, name };
  return { ...draft, name, surveyConfig: { ...draft.surveyConfig, title: name } };
}

/**
 * The assistant's config replaces the draft's (under the survey's own config id); a survey
 * still named like a new one takes the config's title as its name.
 */
export function appliedConfig(draft: SurveyDraft, proposed: SurveyConfig): SurveyDraft {
  const surveyConfig = { ...proposed, id: draft.surveyConfig.id };
  const name = draft.name.trim() === SURVEY_DEFAULTS.title && proposed.title.trim() ? proposed.title.trim() : draft.name;
  return { ...draft, name, surveyConfig };
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
