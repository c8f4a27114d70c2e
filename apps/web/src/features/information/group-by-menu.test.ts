import { describe, expect, it } from 'vitest';
import { groupByMenu } from './group-by-menu';

const item = (id: number, menuitem_id: number | null) => ({ id, menuitem_id });

describe('groupByMenu', () => {
  it('groups by menu 1, 2, 3 in that order and keeps the item order within a group', () => {
    const groups = groupByMenu([item(1, 3), item(2, 1), item(3, 2), item(4, 1)]);
    expect(groups.map((g) => [g.id, g.name, g.items.map((i) => i.id)])).toEqual([
      [1, 'Werkzaamheden binnen', [2, 4]],
      [2, 'Werkzaamheden buiten', [3]],
      [3, 'Overige informatie', [1]],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupByMenu([item(1, 2)]).map((g) => g.id)).toEqual([2]);
    expect(groupByMenu([])).toEqual([]);
  });

  it('uses the project menu names, falling back to the standard names', () => {
    const groups = groupByMenu([item(1, 1), item(2, 2)], [{ id: 1, name: 'In uw woning' }, { id: 2, name: '  ' }]);
    expect(groups.map((g) => g.name)).toEqual(['In uw woning', 'Werkzaamheden buiten']);
  });

  it('puts items without a (known) menu under other information, once', () => {
    const groups = groupByMenu([item(1, null), item(2, 7), item(3, 3)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.id).toBe(3);
    expect(groups[0]!.items.map((i) => i.id)).toEqual([1, 2, 3]);
  });
});
