import { useCallback, useRef, useState } from 'react';
import type { TFormElementData, TFormElementDefinition, TFormSectionDefinition } from '@portal/contract';

/**
 * The editor's state in one reducer with typed actions and undo: the definition (the list of sections)
 * and its history. Ids are made by whoever creates the action (never here), so the reducer stays pure
 * and an element keeps its id through every rename, move and undo. Typing in one setting of one element
 * is one step of undo, not one per key.
 */

export type EditorAction =
  | { type: 'addSection'; section: TFormSectionDefinition }
  | { type: 'renameSection'; sectionId: string; label: string }
  | { type: 'removeSection'; sectionId: string }
  | { type: 'moveSection'; sectionId: string; to: number }
  | { type: 'addElement'; sectionId: string; element: TFormElementDefinition }
  | { type: 'changeElement'; sectionId: string; elementId: string; data: Partial<TFormElementData> }
  | { type: 'duplicateElement'; sectionId: string; elementId: string; newId: string }
  | { type: 'removeElement'; sectionId: string; elementId: string }
  /** Moves an element to place `to` of section `toSectionId` (its own or another). */
  | { type: 'moveElement'; elementId: string; toSectionId: string; to: number }
  | { type: 'undo' }
  | { type: 'redo' };

export type EditorState = {
  past: TFormSectionDefinition[][];
  present: TFormSectionDefinition[];
  future: TFormSectionDefinition[][];
  /** What the last change typed into ('renameSection:s1', 'changeElement:e1:label'): more of the same joins its undo step. */
  typing: string | null;
};

const HISTORY_MAX = 100;

const clamp = (n: number, length: number) => Math.max(0, Math.min(n, length));
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(clamp(to, next.length), 0, item!);
  return next;
}
const mapSection = (sections: TFormSectionDefinition[], sectionId: string, change: (s: TFormSectionDefinition) => TFormSectionDefinition) =>
  sections.map((s) => (s.id === sectionId ? change(s) : s));

/** The definition after one edit (undo and redo aside). */
export function applyEdit(sections: TFormSectionDefinition[], action: Exclude<EditorAction, { type: 'undo' | 'redo' }>): TFormSectionDefinition[] {
  switch (action.type) {
    case 'addSection':
      return [...sections, action.section];
    case 'renameSection':
      return mapSection(sections, action.sectionId, (s) => ({ ...s, label: action.label }));
    case 'removeSection':
      return sections.filter((s) => s.id !== action.sectionId);
    case 'moveSection': {
      const from = sections.findIndex((s) => s.id === action.sectionId);
      return from < 0 || from === action.to ? sections : moved(sections, from, action.to);
    }
    case 'addElement':
      return mapSection(sections, action.sectionId, (s) => ({ ...s, elements: [...s.elements, action.element] }));
    case 'changeElement':
      return mapSection(sections, action.sectionId, (s) => ({
        ...s,
        elements: s.elements.map((e) => (e.id === action.elementId ? { ...e, data: { ...e.data, ...action.data } } : e)),
      }));
    case 'duplicateElement':
      return mapSection(sections, action.sectionId, (s) => {
        const at = s.elements.findIndex((e) => e.id === action.elementId);
        if (at < 0) return s;
        const copy = structuredClone(s.elements[at]!);
        const elements = [...s.elements];
        elements.splice(at + 1, 0, { ...copy, id: action.newId });
        return { ...s, elements };
      });
    case 'removeElement':
      return mapSection(sections, action.sectionId, (s) => ({ ...s, elements: s.elements.filter((e) => e.id !== action.elementId) }));
    case 'moveElement': {
      const from = sections.find((s) => s.elements.some((e) => e.id === action.elementId));
      if (!from || !sections.some((s) => s.id === action.toSectionId)) return sections;
      const element = from.elements.find((e) => e.id === action.elementId)!;
      if (from.id === action.toSectionId) {
        const at = from.elements.indexOf(element);
        return at === action.to ? sections : mapSection(sections, from.id, (s) => ({ ...s, elements: moved(s.elements, at, action.to) }));
      }
      return sections.map((s) => {
        if (s.id === from.id) return { ...s, elements: s.elements.filter((e) => e.id !== element.id) };
        if (s.id !== action.toSectionId) return s;
        const elements = [...s.elements];
        elements.splice(clamp(action.to, elements.length), 0, element);
        return { ...s, elements };
      });
    }
    default: {
      const never: never = action;
      return never;
    }
  }
}

const typingKey = (action: EditorAction): string | null =>
  action.type === 'renameSection' ? `renameSection:${action.sectionId}`
    : action.type === 'changeElement' ? `changeElement:${action.elementId}:${Object.keys(action.data).sort().join(',')}`
    : null;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === 'undo') {
    const previous = state.past.at(-1);
    return previous ? { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], typing: null } : state;
  }
  if (action.type === 'redo') {
    const next = state.future[0];
    return next ? { past: [...state.past, state.present], present: next, future: state.future.slice(1), typing: null } : state;
  }
  const present = applyEdit(state.present, action);
  if (present === state.present) return state;
  const typing = typingKey(action);
  // More typing into the same setting joins the last undo step.
  const past = typing !== null && typing === state.typing ? state.past : [...state.past, state.present].slice(-HISTORY_MAX);
  return { past, present, future: [], typing };
}

/**
 * The reducer on a controlled value: `value` is the present (the page owns the draft), the history is
 * kept here, and every change goes out through `onChange`. A value set from outside (loaded, saved,
 * reset) is taken as the present; the history stays, so undo still goes back over it.
 */
export function useDefinitionEditor(value: TFormSectionDefinition[], onChange: (next: TFormSectionDefinition[]) => void) {
  const [history, setHistory] = useState<Omit<EditorState, 'present'>>({ past: [], future: [], typing: null });
  const latest = useRef({ value, history, onChange });
  latest.current = { value, history, onChange };
  const dispatch = useCallback((action: EditorAction) => {
    const { value: present, history: h, onChange: tell } = latest.current;
    const next = editorReducer({ ...h, present }, action);
    if (next.present === present) return;
    const { present: changed, ...rest } = next;
    latest.current = { ...latest.current, value: changed, history: rest };
    setHistory(rest);
    tell(changed);
  }, []);
  return { dispatch, canUndo: history.past.length > 0, canRedo: history.future.length > 0 };
}
