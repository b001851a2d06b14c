/**
 * What an undo or redo changed, in words. The server keeps shape versions without saying which
 * tool made them, so the page notes the tool of each change it made (a journal per shape, this
 * page only); a change from before the page was opened reads as a shape change.
 */
export type ChangeKind = 'move' | 'divide' | 'cut' | 'merge' | 'shape';

export interface UndoJournal {
  /** Per shape id: the changes that can be undone, the last one last. */
  done: Record<string, ChangeKind[]>;
  /** Per shape id: the changes undone that can be redone, the next one last. */
  undone: Record<string, ChangeKind[]>;
}

export const EMPTY_JOURNAL: UndoJournal = { done: {}, undone: {} };

/** A new change: it can be undone, and nothing undone before it can be redone any more. */
export function recordChange(journal: UndoJournal, id: string, kind: ChangeKind): UndoJournal {
  return {
    done: { ...journal.done, [id]: [...(journal.done[id] ?? []), kind] },
    undone: { ...journal.undone, [id]: [] },
  };
}

/** The change an undo (or redo) of this shape would take back (or bring back). */
export function nextChange(journal: UndoJournal, id: string, step: 'undo' | 'redo'): ChangeKind {
  const stack = (step === 'undo' ? journal.done : journal.undone)[id] ?? [];
  return stack[stack.length - 1] ?? 'shape';
}

/** After a successful undo or redo: the change moves to the other stack. */
export function applyStep(journal: UndoJournal, id: string, step: 'undo' | 'redo'): UndoJournal {
  const from = step === 'undo' ? 'done' : 'undone';
  const to = step === 'undo' ? 'undone' : 'done';
  const stack = journal[from][id] ?? [];
  const kind = nextChange(journal, id, step);
  return {
    ...journal,
    [from]: { ...journal[from], [id]: stack.slice(0, -1) },
    [to]: { ...journal[to], [id]: [...(journal[to][id] ?? []), kind] },
  } as UndoJournal;
}

const KIND_KEY = {
  move: 'Move',
  divide: 'Divide',
  cut: 'Cut',
  merge: 'Merge',
  shape: 'Shape',
} as const satisfies Record<ChangeKind, string>;

/** The catalogue key of the status message: `farmMap.undoneMove`, `farmMap.redoneShape`, ... */
export function stepMessageKey(step: 'undo' | 'redo', kind: ChangeKind) {
  return `farmMap.${step === 'undo' ? 'undone' : 'redone'}${KIND_KEY[kind]}` as const;
}
