"use client";
import { useRef } from "react";
import { SlideView } from "@/components/slide/slide-view";
import { type TDeck, TEXT_BOX_KEY, type TSlide, type TTextFormat } from "@/lib/deck/schema";
import { fieldForRole, imageTargetForRole, readRich, readText, type TField } from "@/lib/editor/content-path";
import type { TBox, TRenderedSlide, TTextBox } from "@/lib/layouts/boxes";
import { THEMES } from "@/lib/layouts/themes";
import { InlineTextEditor, type TFieldValue, type TRect } from "./inline-text-editor";

/** The text field being edited inline: which slide, which field, from which box on which page. */
export type TOpenField = { slideId: string; field: TField; role: string; page: number };

type TProps = {
  deck: TDeck;
  slide: TSlide;
  slideNumber: number;
  pages: TRenderedSlide[] | undefined;
  layoutError: string | undefined;
  width: number;
  open: TOpenField | null;
  fieldError: string | null;
  onOpen: (open: TOpenField) => void;
  onClose: (restoreFocus: boolean) => void;
  onFieldChange: (open: TOpenField, value: TFieldValue) => void;
  /** Sets the formatting of one text box of the slide (its role), alignment and size step. */
  onFormat?: (slideId: string, role: string, format: TTextFormat) => void;
  /** A picture or icon box was chosen. */
  onImage: (role: string) => void;
  /** A table or chart box was chosen: its editor is in the inspector. */
  onData: (kind: "table" | "chart") => void;
};

function scaledRect(boxes: readonly TBox[], scale: number): TRect {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.w));
  const bottom = Math.max(...boxes.map((box) => box.y + box.h));
  return {
    left: left * scale,
    top: top * scale,
    width: (right - left) * scale,
    height: (bottom - top) * scale,
  };
}

const HOTSPOT =
  "absolute cursor-pointer rounded-[3px] outline-accent/70 hover:outline-2 hover:outline-dashed focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent";

/**
 * The selected slide, large, with its continuation pages under it. Every box that shows a field is
 * covered by a transparent button ("Edit title"): text opens the inline editor exactly over the
 * box, pictures and icons open their pickers, tables and charts their editors.
 */
export function SlideCanvas(props: TProps) {
  const { deck, slide, slideNumber, pages, layoutError, width, open, fieldError } = props;
  const scale = width / 1280;
  const lastPlace = useRef<{ key: string; rect: TRect; box: TTextBox } | null>(null);

  if (!pages) {
    return (
      <div
        className="grid place-items-center rounded-md border border-dashed border-line bg-white text-sm text-muted"
        style={{ width, height: (width * 9) / 16 }}
        role="status"
      >
        {layoutError ? `This slide cannot be drawn: ${layoutError}` : "Laying out the slide…"}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {layoutError && (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
          The latest change could not be laid out: {layoutError}
        </p>
      )}
      {pages.map((page, index) => {
        const editing = open && open.slideId === slide.id && open.page === index ? open : null;
        const editedRoles = new Set(editing?.field.roles ?? []);
        const shown = editing
          ? {
              ...page,
              boxes: page.boxes.filter((box) => !(box.kind === "text" && editedRoles.has(box.role))),
            }
          : page;
        let place: { rect: TRect; box: TTextBox } | null = null;
        if (editing) {
          const boxes = page.boxes.filter(
            (box): box is TTextBox => box.kind === "text" && editedRoles.has(box.role),
          );
          if (boxes.length) {
            place = { rect: scaledRect(boxes, scale), box: boxes[0] };
            lastPlace.current = { key: `${slide.id}:${editing.field.key}`, ...place };
          } else if (lastPlace.current?.key === `${slide.id}:${editing.field.key}`) {
            place = lastPlace.current;
          }
        }
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: continuation pages are identified by their position
            key={index}
            aria-label={
              index === 0 ? `Slide ${slideNumber}` : `Slide ${slideNumber}, continued (page ${index + 1})`
            }
            className="relative"
            data-testid="canvas-page"
            style={{ width }}
          >
            {index > 0 && (
              <p className="mb-1 text-xs font-semibold text-muted">Continued — page {index + 1}</p>
            )}
            <div className="relative">
              <SlideView slide={shown} width={width} className="rounded-sm shadow-md ring-1 ring-line" />
              <div className="absolute inset-0">
                {page.boxes.map((box) => (
                  <Hotspot
                    key={box.id}
                    box={box}
                    scale={scale}
                    hidden={editing !== null && box.kind === "text" && editedRoles.has(box.role)}
                    deck={deck}
                    slide={slide}
                    onText={(field) =>
                      props.onOpen({
                        slideId: slide.id,
                        field,
                        role: box.kind === "text" ? box.role : "",
                        page: index,
                      })
                    }
                    onImage={props.onImage}
                    onData={props.onData}
                  />
                ))}
              </div>
              {editing && place && (
                <InlineTextEditor
                  key={`${slide.id}:${editing.field.key}`}
                  field={editing.field}
                  value={
                    editing.field.kind === "rich"
                      ? readRich(slide, editing.field)
                      : readText(deck, slide, editing.field)
                  }
                  box={place.box}
                  rect={place.rect}
                  scale={scale}
                  palette={THEMES[deck.theme].palette}
                  error={fieldError}
                  onChange={(value) => props.onFieldChange(editing, value)}
                  format={
                    props.onFormat && TEXT_BOX_KEY.test(place.box.role)
                      ? {
                          value: slide.format?.[place.box.role] ?? {},
                          onChange: (format) => props.onFormat?.(slide.id, place.box.role, format),
                        }
                      : undefined
                  }
                  onClose={props.onClose}
                />
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Hotspot({
  box,
  scale,
  hidden,
  deck,
  slide,
  onText,
  onImage,
  onData,
}: {
  box: TBox;
  scale: number;
  hidden: boolean;
  deck: TDeck;
  slide: TSlide;
  onText: (field: TField) => void;
  onImage: (role: string) => void;
  onData: (kind: "table" | "chart") => void;
}) {
  if (box.kind === "shape" || hidden) return null;
  let action: (() => void) | null = null;
  let title = "";
  if (box.kind === "text") {
    const field = fieldForRole(deck, slide, box.role);
    if (field) {
      action = () => onText(field);
      title = `Edit ${field.label.toLowerCase()}`;
    }
  } else if (box.kind === "image") {
    const target = imageTargetForRole(box.role);
    if (target) {
      action = () => onImage(box.role);
      title = target.type === "image" ? "Replace the picture" : `Replace ${target.label.toLowerCase()}`;
    }
  } else {
    const kind = box.kind;
    action = () => onData(kind);
    title = `Edit the ${kind}'s data`;
  }
  if (!action) return null;
  const x = Math.min(box.x, box.x + box.w);
  const y = Math.min(box.y, box.y + box.h);
  return (
    <button
      type="button"
      aria-label={title}
      title={title}
      data-hotspot={box.role}
      data-kind={box.kind}
      className={HOTSPOT}
      style={{
        left: x * scale,
        top: y * scale,
        width: Math.abs(box.w) * scale,
        height: Math.abs(box.h) * scale,
      }}
      onClick={action}
    />
  );
}
