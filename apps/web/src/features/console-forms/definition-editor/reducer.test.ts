import { describe, expect, it } from 'vitest';
import type { TFormSectionDefinition } from '@portal/contract';
import { editorReducer, type EditorAction, type EditorState } from './reducer';

const start = (): TFormSectionDefinition[] => [
  { id: 's1', label: 'Keuken', elements: [
    { id: 'a', type: 'c_textinput', data: { label: 'A' } },
    { id: 'b', type: 'c_textinput', data: { label: 'B' } },
    { id: 'c', type: 'c_textinput', data: { label: 'C' } },
  ] },
  { id: 's2', label: 'Badkamer', elements: [{ id: 'd', type: 'c_textinput', data: { label: 'D' } }] },
];
const run = (...actions: EditorAction[]) => actions.reduce<EditorState>(editorReducer, { past: [], present: start(), future: [], typing: null });
const ids = (state: EditorState) => state.present.map((s) => `${s.id}:${s.elements.map((e) => e.id).join('')}`);

describe('the editor reducer', () => {
  it('adds, renames, moves and removes sections', () => {
    const state = run(
      { type: 'addSection', section: { id: 's3', label: 'Nieuw', elements: [] } },
      { type: 'renameSection', sectionId: 's3', label: 'Zolder' },
      { type: 'moveSection', sectionId: 's3', to: 0 },
      { type: 'removeSection', sectionId: 's2' },
    );
    expect(state.present.map((s) => s.label)).toEqual(['Zolder', 'Keuken']);
  });

  it('moves elements within a section and to another, keeping their ids', () => {
    expect(ids(run({ type: 'moveElement', elementId: 'a', toSectionId: 's1', to: 2 }))).toEqual(['s1:bca', 's2:d']);
    expect(ids(run({ type: 'moveElement', elementId: 'c', toSectionId: 's1', to: 0 }))).toEqual(['s1:cab', 's2:d']);
    expect(ids(run({ type: 'moveElement', elementId: 'b', toSectionId: 's2', to: 0 }))).toEqual(['s1:ac', 's2:bd']);
    expect(ids(run({ type: 'moveElement', elementId: 'b', toSectionId: 's2', to: 9 }))).toEqual(['s1:ac', 's2:db']);
    // an unknown target changes nothing (and makes no undo step)
    expect(run({ type: 'moveElement', elementId: 'b', toSectionId: 'nope', to: 0 }).past).toHaveLength(0);
  });

  it('duplicates an element under it with a new id and a copy of its data', () => {
    const state = run({ type: 'duplicateElement', sectionId: 's1', elementId: 'a', newId: 'a2' }, { type: 'changeElement', sectionId: 's1', elementId: 'a2', data: { label: 'Kopie' } });
    expect(ids(state)).toEqual(['s1:aa2bc', 's2:d']);
    expect(state.present[0]!.elements.map((e) => e.data.label)).toEqual(['A', 'Kopie', 'B', 'C']);
  });

  it('undoes and redoes, and typing into one setting is one step', () => {
    let state = run(
      { type: 'changeElement', sectionId: 's1', elementId: 'a', data: { label: 'A1' } },
      { type: 'changeElement', sectionId: 's1', elementId: 'a', data: { label: 'A12' } },
      { type: 'changeElement', sectionId: 's1', elementId: 'a', data: { label: 'A123' } },
      { type: 'removeElement', sectionId: 's1', elementId: 'b' },
    );
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(ids(state)).toEqual(['s1:abc', 's2:d']);
    expect(state.present[0]!.elements[0]!.data.label).toBe('A123');
    state = editorReducer(state, { type: 'undo' });
    expect(state.present[0]!.elements[0]!.data.label).toBe('A');
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
    state = editorReducer(editorReducer(state, { type: 'redo' }), { type: 'redo' });
    expect(ids(state)).toEqual(['s1:ac', 's2:d']);
    // a new change after an undo drops what could be redone
    state = editorReducer(editorReducer(state, { type: 'undo' }), { type: 'renameSection', sectionId: 's2', label: 'Bad' });
    expect(state.future).toEqual([]);
  });
});
