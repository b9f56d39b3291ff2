import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { siteEditorText } from '../../content/admin-site';
import { partOf } from '../../content/site-parts';
import { ApiError, siteApi } from '../api';
import {
  applyDraftPatch,
  draftPatches,
  type DraftConflictError,
  type SiteFields,
  type SiteOverview,
} from '../site-contract';
import { reasonOf } from './publish/errors';
import { addItem, moveItem, newItemId, removeItem, setValue } from './draft/copy-edits';
import type { EditorActions } from './draft/editor-context';
import { workingCopies } from './draft/part-content';
import { draftFields, type WorkingCopy } from './draft/working-copy';

const text = siteEditorText.editor;

type Draft = SiteOverview['draft'];

export interface DraftState {
  revision: number;
  /** The draft's fields as last loaded or saved. */
  fields: SiteFields;
  copies: Record<string, WorkingCopy>;
  /** Parts edited since the last save. */
  edited: readonly string[];
}

export type SaveState =
  | { status: 'idle'; message?: string }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'failed'; reason: string }
  | { status: 'conflict'; current: Draft };

function fromDraft(draft: Draft): DraftState {
  return {
    revision: draft.revision,
    fields: draft.fields,
    copies: workingCopies(draft.fields),
    edited: [],
  };
}

/** The fields to send: `base` with what the edits changed since the draft was loaded. */
function fieldsToSave(state: DraftState, base: SiteFields): SiteFields {
  const edited = state.edited.flatMap((id) => {
    const part = partOf(id);
    const copy = state.copies[id];
    return part && copy ? [{ part, copy }] : [];
  });
  return draftFields(edited, state.fields, base);
}

/** The edits the fields make, each on the latest state (typing fast loses nothing). */
function useActions(update: (change: (state: DraftState) => DraftState) => void): EditorActions {
  return useMemo(() => {
    const edit = (partId: string, change: (copy: WorkingCopy) => WorkingCopy) =>
      update((state) => {
        const copy = state.copies[partId];
        if (!copy) return state;
        const edited = state.edited.includes(partId) ? state.edited : [...state.edited, partId];
        return { ...state, copies: { ...state.copies, [partId]: change(copy) }, edited };
      });
    return {
      set: (partId, path, value) => edit(partId, (copy) => setValue(copy, path, value)),
      add: (partId, path, item) => {
        const id = newItemId();
        edit(partId, (copy) => addItem(copy, path, item, id));
        return id;
      },
      remove: (partId, path, index) => edit(partId, (copy) => removeItem(copy, path, index)),
      move: (partId, path, from, to) => edit(partId, (copy) => moveItem(copy, path, from, to)),
    };
  }, [update]);
}

/**
 * The part editor's draft: the working copies, the edits, and their save to the shared draft with
 * the revision it was loaded at (a 409 keeps the edits and offers to load theirs or overwrite).
 */
export function useDraft(initial: Draft) {
  const [state, setState] = useState(() => fromDraft(initial));
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const latestRef = useRef(state);
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  useLayoutEffect(() => {
    latestRef.current = state;
  }, [state]);

  const update = useCallback((change: (state: DraftState) => DraftState) => {
    setState(change);
    setSave((current) => (current.status === 'saved' ? { status: 'idle' } : current));
  }, []);
  const actions = useActions(update);

  /**
   * Saves over `base` at `revision`, sending only what changed (patches, each over the revision
   * the one before made); the revision saved, or undefined when it was not all saved.
   */
  const send = useCallback(async (base: SiteFields, revision: number, rebuild: boolean) => {
    const sent = latestRef.current;
    const fields = fieldsToSave(sent, base);
    setSave({ status: 'saving' });
    let saved = { revision, fields: base };
    // What the server holds after each patch, at once (a save queued behind this one reads it).
    const hold = (at: typeof saved) => {
      saved = at;
      latestRef.current = { ...latestRef.current, ...at };
    };
    try {
      for (const patch of draftPatches(base, fields)) {
        const answer = await siteApi.patchDraft({ revision: saved.revision, ...patch });
        hold({ revision: answer.revision, fields: applyDraftPatch(saved.fields, patch) });
      }
      setState((now) => ({
        revision: saved.revision,
        fields,
        copies: rebuild ? workingCopies(fields) : now.copies,
        // A part edited again while the save was on its way is still to save.
        edited: now.edited.filter((id) => now.copies[id] !== sent.copies[id]),
      }));
      setSave({ status: 'saved' });
      return saved.revision;
    } catch (error) {
      // The patches that went through are the draft's: the next save sends only the rest.
      setState((now) => ({ ...now, revision: saved.revision, fields: saved.fields }));
      const current = error instanceof ApiError && (error.body as Partial<DraftConflictError>);
      if (current && error.status === 409 && current.current) {
        setSave({ status: 'conflict', current: current.current });
      } else setSave({ status: 'failed', reason: reasonOf(error) });
      return undefined;
    }
  }, []);

  /** Saves one after another: a second save waits for the first and sends its revision. */
  const saveDraft = useCallback(() => {
    const run = queueRef.current.then(() =>
      send(latestRef.current.fields, latestRef.current.revision, false),
    );
    queueRef.current = run;
    return run;
  }, [send]);
  /** The saved revision to preview or publish: saves first when there are edits. */
  const savedRevision = useCallback(
    async () => (latestRef.current.edited.length > 0 ? saveDraft() : latestRef.current.revision),
    [saveDraft],
  );
  const loadTheirs = (current: Draft) => {
    setState(fromDraft(current));
    setSave({ status: 'idle', message: text.loadedTheirs });
  };
  const saveMine = (current: Draft) => void send(current.fields, current.revision, true);

  return { state, actions, save, saveDraft, savedRevision, loadTheirs, saveMine };
}
