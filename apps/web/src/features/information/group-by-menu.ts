import { INFORMATION_MENUS, type TInformationItem, type TInformationMenu } from '@portal/contract';

export type MenuGroup<T> = { id: 1 | 2 | 3; name: string; items: T[] };

/**
 * Information items grouped by menu (1 work inside, 2 work outside, 3 other information), in menu
 * order, keeping the items' own order; empty groups are left out. Menu names come from the project
 * (the menu call) with the standard names as fallback; an item without a menu counts as 'other'.
 */
export function groupByMenu<T extends Pick<TInformationItem, 'menuitem_id'>>(items: T[], menus: TInformationMenu[] = []): MenuGroup<T>[] {
  return INFORMATION_MENUS.map(({ id, name }) => ({
    id,
    name: menus.find((menu) => menu.id === id)?.name?.trim() || name,
    items: items.filter((item) => (item.menuitem_id ?? 3) === id || (id === 3 && !isMenuId(item.menuitem_id))),
  })).filter((group) => group.items.length > 0);
}

function isMenuId(value: number | null): value is 1 | 2 | 3 {
  return value === 1 || value === 2 || value === 3;
}
