import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DraggableAttributes, type DraggableSyntheticListeners, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type ReactNode } from 'react';
import { editorTexts as t } from './texts';

/**
 * A vertical list reordered by dragging with @dnd-kit: pointer, touch and keyboard (its keyboard sensor:
 * space or Enter picks up, arrows move, space or Enter drops, Escape cancels), with Dutch instructions
 * and announcements that name the item and its new place. Up/down buttons do the same without dragging.
 */
type ListProps = {
  ids: readonly string[];
  /** The item's name in announcements ('Vraag 'Keuken kiezen''). */
  nameOf: (id: string) => string;
  onMove: (id: string, to: number) => void;
  children: ReactNode;
};

export function SortableList({ ids, nameOf, onMove, children }: ListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  // dnd-kit reports the item over itself right after the pick-up: that says nothing new and would cut the pick-up's announcement off.
  const hasMoved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      return t.dragStart(nameOf(String(active.id)), place(active.id), ids.length);
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!hasMoved.current && over.id === active.id)) return undefined;
      hasMoved.current = true;
      return t.dragOver(nameOf(String(active.id)), place(over.id), ids.length);
    },
    onDragEnd: ({ active, over }) => (over ? t.dragEnd(nameOf(String(active.id)), place(over.id), ids.length) : t.dragCancel(nameOf(String(active.id)))),
    onDragCancel: ({ active }) => t.dragCancel(nameOf(String(active.id))),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = ids.indexOf(String(over.id));
    if (to >= 0) onMove(String(active.id), to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragInstructions } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>{children}</SortableContext>
    </DndContext>
  );
}

export type DragHandleProps = { attributes: DraggableAttributes; listeners: DraggableSyntheticListeners; setActivatorNodeRef: (node: HTMLElement | null) => void };

/** One item of a SortableList; `children` gets the props of its drag handle (see DragHandle). */
export function SortableItem({ id, disabled, className, children }: { id: string; disabled?: boolean; className?: string; children: (handle: DragHandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${className ?? ''} ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      {children({ attributes, listeners, setActivatorNodeRef })}
    </li>
  );
}

/** The grip an item is dragged by: a button (keyboard: space or Enter picks it up). */
export function DragHandle({ handle, label, disabled }: { handle: DragHandleProps; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      disabled={disabled}
      className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="currentColor">
        <circle cx="7" cy="5" r="1.5" /><circle cx="13" cy="5" r="1.5" /><circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" /><circle cx="7" cy="15" r="1.5" /><circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}

/** A small square button with an icon and a spoken label (up, down, remove). */
export function IconButton({ label, onClick, disabled, children, tone = 'plain', focusKey }: {
  label: string; onClick: () => void; disabled?: boolean; children: ReactNode; tone?: 'plain' | 'danger';
  /** Where the editor puts focus back after the list changed ('up:{id}'). */
  focusKey?: string;
}) {
  return (
    <button
      type="button"
      data-focus-key={focusKey}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-md disabled:cursor-not-allowed disabled:opacity-40 ${tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {children}
    </button>
  );
}

export const ArrowUp = () => (
  <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M10 16V4M5 9l5-5 5 5" strokeLinecap="round" strokeLinejoin="round" /></svg>
);
export const ArrowDown = () => (
  <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M10 4v12M5 11l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" /></svg>
);
export const TrashIcon = () => (
  <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" /></svg>
);
