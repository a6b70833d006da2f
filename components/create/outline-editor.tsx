"use client";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/field";
import type { TOutlineCard } from "./outline-markdown";

/** Slides announced by their position and title while dragging with the keyboard. */
function describe(cards: TOutlineCard[], id: string | number): string {
  const index = cards.findIndex((card) => card.id === id);
  return `slide ${index + 1}${cards[index]?.title ? `, “${cards[index].title}”` : ""}`;
}

/**
 * Step two's outline: one card per slide with its title and bullets editable, reordered by
 * dragging its handle (mouse, touch, or Space + arrow keys + Space), added and deleted.
 */
export function OutlineEditor({
  cards,
  onChange,
  onAdd,
  disabled,
  errors,
}: {
  cards: TOutlineCard[];
  onChange: (cards: TOutlineCard[]) => void;
  onAdd: () => void;
  disabled?: boolean;
  /** Per-slide messages (a missing title), by card id. */
  errors: Record<string, string | undefined>;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = cards.findIndex((card) => card.id === active.id);
    const to = cards.findIndex((card) => card.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(cards, from, to));
  };
  const update = (id: string, change: Partial<TOutlineCard>) =>
    onChange(cards.map((card) => (card.id === id ? { ...card, ...change } : card)));

  return (
    <div className="space-y-3">
      <DndContext
        id="outline-slides"
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              "To move a slide, press Space or Enter, use the up and down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.",
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${describe(cards, active.id)}.`,
            onDragOver: ({ active, over }) =>
              over
                ? `${describe(cards, active.id)} is over position ${cards.findIndex((c) => c.id === over.id) + 1}.`
                : "",
            onDragEnd: ({ active, over }) =>
              over
                ? `Dropped ${describe(cards, active.id)} at position ${cards.findIndex((c) => c.id === over.id) + 1}.`
                : `Dropped ${describe(cards, active.id)}.`,
            onDragCancel: ({ active }) => `Moving ${describe(cards, active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={cards.map((card) => card.id)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-3" aria-label="Outline">
            {cards.map((card, index) => (
              <SortableSlide
                key={card.id}
                card={card}
                index={index}
                disabled={disabled}
                onlyOne={cards.length === 1}
                error={errors[card.id]}
                onUpdate={(change) => update(card.id, change)}
                onDelete={() => onChange(cards.filter((c) => c.id !== card.id))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button variant="secondary" onClick={onAdd} disabled={disabled}>
        Add a slide
      </Button>
    </div>
  );
}

function SortableSlide({
  card,
  index,
  disabled,
  onlyOne,
  error,
  onUpdate,
  onDelete,
}: {
  card: TOutlineCard;
  index: number;
  disabled?: boolean;
  onlyOne: boolean;
  error?: string;
  onUpdate: (change: Partial<TOutlineCard>) => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: card.id, disabled });
  // The field stays while its text is cleared: it is there because the outline had such content.
  const [showExtra] = useState(card.extra !== "");
  const n = index + 1;
  const titleId = `outline-${card.id}-title`;
  return (
    <li
      ref={setNodeRef}
      data-testid="outline-slide"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex gap-3 rounded-lg border bg-white p-4 ${
        isDragging ? "relative z-10 border-accent shadow-lg" : "border-line"
      }`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Move slide ${n}`}
        className="flex h-8 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md border border-line text-muted hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent active:cursor-grabbing disabled:cursor-not-allowed"
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden fill="currentColor">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={titleId} className="shrink-0 text-sm font-bold text-muted">
            Slide {n}
            {card.cover && <span className="ml-1 font-normal">· cover</span>}
          </label>
          <Input
            id={titleId}
            value={card.title}
            maxLength={500}
            disabled={disabled}
            placeholder={card.cover ? "Presentation title" : "Slide title"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${titleId}-error` : undefined}
            onChange={(event) => onUpdate({ title: event.target.value })}
            className="font-semibold"
          />
          <Button
            variant="ghost"
            size="sm"
            className="enabled:text-danger!"
            aria-label={`Delete slide ${n}`}
            disabled={disabled || onlyOne}
            onClick={onDelete}
          >
            Delete
          </Button>
        </div>
        {error && (
          <p id={`${titleId}-error`} role="alert" className="text-xs font-semibold text-danger">
            {error}
          </p>
        )}
        <Textarea
          aria-label={card.cover ? `Slide ${n} subtitle` : `Slide ${n} bullets, one per line`}
          rows={card.cover ? 1 : Math.min(8, Math.max(2, card.bullets.split("\n").length))}
          value={card.bullets}
          disabled={disabled}
          placeholder={card.cover ? "A line under the title (optional)" : "One bullet per line"}
          onChange={(event) => onUpdate({ bullets: event.target.value })}
        />
        {showExtra && (
          <Textarea
            aria-label={`Slide ${n} other content (table, quote or text)`}
            rows={Math.min(8, Math.max(2, card.extra.split("\n").length))}
            value={card.extra}
            disabled={disabled}
            onChange={(event) => onUpdate({ extra: event.target.value })}
            className="font-mono text-xs"
          />
        )}
      </div>
    </li>
  );
}
