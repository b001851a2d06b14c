import { describe, expect, it } from 'vitest';
import { EMPTY_JOURNAL, applyStep, nextChange, recordChange, stepMessageKey } from './undo-labels';

describe('undo labels', () => {
  it('names the last change of the shape for undo, and the undone one for redo', () => {
    let j = recordChange(EMPTY_JOURNAL, 'a', 'move');
    j = recordChange(j, 'a', 'divide');
    j = recordChange(j, 'b', 'cut');
    expect(nextChange(j, 'a', 'undo')).toBe('divide');
    expect(nextChange(j, 'b', 'undo')).toBe('cut');
    expect(nextChange(j, 'a', 'redo')).toBe('shape');

    j = applyStep(j, 'a', 'undo');
    expect(nextChange(j, 'a', 'undo')).toBe('move');
    expect(nextChange(j, 'a', 'redo')).toBe('divide');
    j = applyStep(j, 'a', 'redo');
    expect(nextChange(j, 'a', 'undo')).toBe('divide');
    expect(nextChange(j, 'a', 'redo')).toBe('shape');
  });

  it('a new change clears what could be redone', () => {
    let j = recordChange(EMPTY_JOURNAL, 'a', 'move');
    j = applyStep(j, 'a', 'undo');
    expect(nextChange(j, 'a', 'redo')).toBe('move');
    j = recordChange(j, 'a', 'cut');
    expect(nextChange(j, 'a', 'redo')).toBe('shape');
    expect(nextChange(j, 'a', 'undo')).toBe('cut');
  });

  it('a change made before the page opened reads as a shape change, both ways', () => {
    let j = applyStep(EMPTY_JOURNAL, 'x', 'undo');
    expect(nextChange(j, 'x', 'redo')).toBe('shape');
    j = applyStep(j, 'x', 'redo');
    expect(nextChange(j, 'x', 'undo')).toBe('shape');
  });

  it('maps to the catalogue keys', () => {
    expect(stepMessageKey('undo', 'move')).toBe('farmMap.undoneMove');
    expect(stepMessageKey('redo', 'shape')).toBe('farmMap.redoneShape');
    expect(stepMessageKey('undo', 'merge')).toBe('farmMap.undoneMerge');
  });
});
