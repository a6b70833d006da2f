"use client";
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type KeyboardEvent, memo, type PointerEvent } from "react";
import { SlideView } from "@/components/slide/slide-view";
import type { TSlide } from "@/lib/deck/schema";
import { LAYOUT_NAMES } from "@/lib/editor/names";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { stripInline } from "@/lib/layouts/parse-inline";

/** How a click picks slides: this one alone, this one added or taken away (Ctrl/⌘), or a range (Shift). */
export type TPickMode = "only" | "toggle" | "range";

type TProps = {
  slides: TSlide[];
  selectedId: string;
  /** Every selected slide (the current one and those picked with it); more than one is a multi-selection. */
  selection: ReadonlySet<string>;
  pagesOf: (slideId: string) => TRenderedSlide[] | undefined;
  /** Thumbnails run across (tablet strip) instead of down. */
  horizontal: boolean;
  thumbWidth: number;
  onSelect: (id: string, mode?: TPickMode) => void;
  onMove: (activeId: string, overId: string) => void;
  onDuplicate: (id: string) => void;
  /** Removes the slide; `withSelection`: every selected slide when it is one of them. */
  onDelete: (id: string, withSelection?: boolean) => void;
};

/** A slide's name for lists and announcements: its title, else its layout. */
export function slideName(slide: TSlide): string {
  const title = slide.content.title ? stripInline(slide.content.title).trim() : "";
  return title || LAYOUT_NAMES[slide.layout];
}

/**
 * The pointer sensor for mouse and pen only: a finger on a thumbnail should scroll the strip, so
 * touch drags go through the touch sensor, which waits for a press-and-hold.
 */
class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent: event }: PointerEvent) =>
        event.isPrimary && event.button === 0 && event.pointerType !== "touch",
    },
  ];
}

/** A thumbnail's drawing, redrawn only when its page's layout changes (not on every keystroke elsewhere). */
const Thumbnail = memo(function Thumbnail({ page, width }: { page: TRenderedSlide; width: number }) {
  return <SlideView slide={page} width={width} />;
});

const SMALL_BUTTON =
  "rounded px-1.5 py-0.5 text-xs font-semibold text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:text-gray-400";

/**
 * The slide list: numbered thumbnails, reordered by dragging with dnd-kit — mouse, a press-and-hold
 * on touch screens, or the keyboard (Space picks a slide up, arrows move it, Space drops it, Escape
 * cancels) — announced to screen readers. A click or Enter selects; Ctrl/⌘ + click (or Enter) adds a
 * slide to the selection or takes it away, Shift + click (or Enter) selects a range; Delete removes
 * the slide, or every selected slide when it is one of them (undoable).
 */
export function SlideList(props: TProps) {
  const { slides, horizontal } = props;
  const sensors = useSensors(
    // A small distance before a drag starts, so a click still selects.
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] },
    }),
  );
  const position = (id: UniqueIdentifier) => slides.findIndex((slide) => slide.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up slide ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} is over position ${position(over.id)}.`
        : `Slide ${position(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} was moved to position ${position(over.id)}.`
        : `Slide ${position(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled. Slide ${position(active.id)} is back in its place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      id="slide-list"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a slide, press Space to pick it up, the arrow keys to move it, and Space again to drop it. Escape cancels. Enter selects the slide, Control+Enter adds it to the selection, Shift+Enter selects up to it; Delete removes the selected slides.",
        },
      }}
    >
      <SortableContext
        items={slides.map((slide) => slide.id)}
        strategy={horizontal ? horizontalListSortingStrategy : verticalListSortingStrategy}
      >
        {/* No text selection: Shift + click selects slides, not the thumbnails' words. */}
        <ol
          aria-label="Slides"
          className={`select-none ${horizontal ? "flex gap-3 px-3 py-2" : "flex flex-col gap-1 p-3"}`}
        >
          {slides.map((slide, index) => (
            <SlideThumb
              key={slide.id}
              {...props}
              slide={slide}
              number={index + 1}
              onlySlide={slides.length === 1}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SlideThumb({
  slide,
  number,
  onlySlide,
  selectedId,
  selection,
  pagesOf,
  thumbWidth,
  onSelect,
  onDuplicate,
  onDelete,
}: TProps & { slide: TSlide; number: number; onlySlide: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: slide.id,
  });
  const selected = slide.id === selectedId;
  // Picked along with the current slide (a multi-selection).
  const picked = !selected && selection.has(slide.id);
  const pages = pagesOf(slide.id);
  const mode = (event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): TPickMode =>
    event.shiftKey ? "range" : event.ctrlKey || event.metaKey ? "toggle" : "only";
  const name = slideName(slide);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === "Enter") {
      event.preventDefault();
      onSelect(slide.id, mode(event));
    } else if ((event.key === "Delete" || event.key === "Backspace") && !onlySlide) {
      event.preventDefault();
      onDelete(slide.id, true);
    }
  };
  return (
    <li
      ref={setNodeRef}
      className={`group relative flex shrink-0 gap-2 ${isDragging ? "z-10 opacity-80" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <span aria-hidden className="w-5 pt-1 text-right text-xs font-semibold text-muted tabular-nums">
        {number}
      </span>
      <div className="flex flex-col gap-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: dnd-kit's attributes make it role="button" with tabIndex 0; a <button> may not hold the slide's block layout */}
        <div
          {...attributes}
          {...listeners}
          onKeyDown={onKeyDown}
          onClick={(event) => onSelect(slide.id, mode(event))}
          data-testid="slide-thumb"
          data-slide-id={slide.id}
          data-picked={picked || undefined}
          aria-label={`Slide ${number}: ${name}${picked ? " (selected)" : ""}`}
          aria-current={selected ? "true" : undefined}
          className={`cursor-grab touch-manipulation overflow-hidden rounded-sm bg-white outline-offset-2 focus-visible:outline-3 focus-visible:outline-accent active:cursor-grabbing ${
            selected
              ? "ring-3 ring-accent"
              : picked
                ? "ring-3 ring-accent/50"
                : "ring-1 ring-line hover:ring-gray-400"
          }`}
          style={{ width: thumbWidth, height: (thumbWidth * 9) / 16 }}
        >
          {pages?.[0] ? (
            <Thumbnail page={pages[0]} width={thumbWidth} />
          ) : (
            <span className="grid h-full place-items-center text-[10px] text-muted">{name}</span>
          )}
        </div>
        <div
          className={`flex justify-end gap-0.5 transition-opacity ${
            selected ? "opacity-100" : "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100"
          }`}
        >
          {pages && pages.length > 1 && (
            <span className="mr-auto text-[10px] text-muted">{pages.length} pages</span>
          )}
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => onDuplicate(slide.id)}
            aria-label={`Duplicate slide ${number}`}
          >
            Duplicate
          </button>
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => onDelete(slide.id)}
            disabled={onlySlide}
            aria-label={`Delete slide ${number}`}
            title={onlySlide ? "A presentation keeps at least one slide" : undefined}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
