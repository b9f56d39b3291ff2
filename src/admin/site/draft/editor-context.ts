import { createContext, useContext } from 'react';
import type { WorkingCopy } from './working-copy';

/** What a field does to the working copies: the part editor's, shared down its tree of fields. */
export interface EditorActions {
  set(partId: string, path: readonly string[], value: unknown): void;
  /** Adds `item` at the end of the list; returns the new item's id. */
  add(partId: string, path: readonly string[], item: unknown): string;
  remove(partId: string, path: readonly string[], index: number): void;
  move(partId: string, path: readonly string[], from: number, to: number): void;
}

export const EditorActionsContext = createContext<EditorActions | null>(null);

/** Every part's working copy: a list's item ids, a photo's alt text kept in another part. */
export const CopiesContext = createContext<Record<string, WorkingCopy>>({});

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error('A site field is drawn outside the part editor');
  return actions;
}

/** A dotted path ('' for the part's root) as its keys. */
export const pathKeys = (path: string): string[] => (path ? path.split('.') : []);
export const childPath = (path: string, key: string | number) =>
  path ? `${path}.${key}` : String(key);
