"use client";
/**
 * Frames a slide's picture: Fill (cover) or Fit (contain), a crop drawn with handles on the whole
 * picture or typed per side, and a focal point clicked or dragged on it (or typed), kept in view
 * when Fill cuts the picture; Reset returns to a centred fill. Every change goes to the deck through
 * the editor's change (autosave, undo); framePicture draws the result the same way in the editor,
 * the PPTX and the PDF. Client-safe.
 */
import { type PointerEvent, useEffect, useState } from "react";
import ReactCrop, { type PercentCrop } from "react-image-crop";
import "react-image-crop/dist/ReactCrop.css";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { MAX_CROP, type TImage, type TImageCrop, type TImageFraming } from "@/lib/deck/schema";
import { isDefaultFraming } from "@/lib/layouts/frame-picture";

export type TFramePicturePanelProps = {
  image: TImage;
  /** The whole stored picture to draw the crop and focal point on; none for an offline picture. */
  previewUrl?: string;
  /**
   * The new framing (absent fields cleared). `key` groups a run of edits of one control into one
   * undo step (typing in a field); a click or a finished drag is a step of its own.
   */
  onChange: (framing: TImageFraming, key?: string) => void;
};

const NO_CROP: TImageCrop = { left: 0, top: 0, right: 0, bottom: 0 };
const SIDES = ["left", "top", "right", "bottom"] as const;
const OPPOSITE = { left: "right", right: "left", top: "bottom", bottom: "top" } as const;
const SIDE_LABELS = {
  left: "Crop left",
  top: "Crop top",
  right: "Crop right",
  bottom: "Crop bottom",
} as const;
/** Each pair of opposite sides leaves at least this much of the picture (below MAX_CROP, in whole percent). */
const MAX_PAIR = Math.floor(MAX_CROP * 100) - 1;

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;
const fraction = (value: number) => Math.round(value * 10) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** A valid crop from percentages: each side 0…MAX_PAIR, and the side changed gives way to its opposite. */
function cropFromPercent(values: Record<(typeof SIDES)[number], number>, changed?: (typeof SIDES)[number]) {
  const crop = { ...NO_CROP };
  for (const side of SIDES)
    crop[side] = fraction(clamp(Number.isFinite(values[side]) ? values[side] : 0, 0, MAX_PAIR));
  for (const side of changed ? [changed] : (["right", "bottom"] as const)) {
    const room = fraction(MAX_PAIR) - crop[OPPOSITE[side]];
    crop[side] = Math.min(crop[side], Math.max(0, Math.round(room * 1000) / 1000));
  }
  return crop;
}

/** The framing with defaults left out, so an unframed picture stays exactly as it was stored. */
function tidy(framing: TImageFraming): TImageFraming {
  const result: TImageFraming = {};
  if (framing.fit === "contain") result.fit = "contain";
  if (framing.focus && (framing.focus.x !== 0.5 || framing.focus.y !== 0.5)) result.focus = framing.focus;
  const crop = framing.crop;
  if (crop && SIDES.some((side) => crop[side] > 0)) result.crop = crop;
  return result;
}

export function FramePicturePanel({ image, previewUrl, onChange }: TFramePicturePanelProps) {
  const crop = image.crop ?? NO_CROP;
  const focus = image.focus ?? { x: 0.5, y: 0.5 };
  const fit = image.fit ?? "cover";
  const [tool, setTool] = useState<"crop" | "focus">("crop");
  // What the pointer shows while dragging; the deck gets it when the drag ends.
  const [draft, setDraft] = useState<PercentCrop | null>(null);
  const [draftFocus, setDraftFocus] = useState<{ x: number; y: number } | null>(null);
  // A change from elsewhere (undo, another picture) ends any drag in progress.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored framing changes.
  useEffect(() => {
    setDraft(null);
    setDraftFocus(null);
  }, [image.crop, image.focus, image.asset]);

  const framing: TImageFraming = { fit, focus, crop };
  const update = (next: Partial<TImageFraming>, key?: string) => onChange(tidy({ ...framing, ...next }), key);

  const shownCrop: PercentCrop = draft ?? {
    unit: "%",
    x: crop.left * 100,
    y: crop.top * 100,
    width: (1 - crop.left - crop.right) * 100,
    height: (1 - crop.top - crop.bottom) * 100,
  };
  const commitCrop = (area: PercentCrop) => {
    setDraft(null);
    if (area.width <= 0 || area.height <= 0) return;
    update({
      crop: cropFromPercent({
        left: area.x,
        top: area.y,
        right: 100 - area.x - area.width,
        bottom: 100 - area.y - area.height,
      }),
    });
  };

  const focusAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.round(clamp((event.clientX - rect.left) / rect.width, 0, 1) * 1000) / 1000,
      y: Math.round(clamp((event.clientY - rect.top) / rect.height, 0, 1) * 1000) / 1000,
    };
  };
  const shownFocus = draftFocus ?? focus;

  return (
    <fieldset className="space-y-3 rounded border border-line p-2" aria-label="Frame picture">
      <legend className="px-1 text-xs font-semibold text-gray-800">Frame picture</legend>
      <fieldset className="flex gap-1" aria-label="Fit in frame">
        <Button
          size="sm"
          variant={fit === "cover" ? "primary" : "secondary"}
          aria-pressed={fit === "cover"}
          title="Fill the frame, cutting what overflows"
          onClick={() => update({ fit: "cover" })}
        >
          Fill
        </Button>
        <Button
          size="sm"
          variant={fit === "contain" ? "primary" : "secondary"}
          aria-pressed={fit === "contain"}
          title="Show the whole picture inside the frame"
          onClick={() => update({ fit: "contain" })}
        >
          Fit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          disabled={isDefaultFraming(framing)}
          onClick={() => onChange({})}
        >
          Reset
        </Button>
      </fieldset>

      {previewUrl && (
        <div className="space-y-1">
          <fieldset className="flex gap-1" aria-label="Picture tool">
            <Button
              size="sm"
              variant={tool === "crop" ? "secondary" : "ghost"}
              aria-pressed={tool === "crop"}
              onClick={() => setTool("crop")}
            >
              Crop
            </Button>
            <Button
              size="sm"
              variant={tool === "focus" ? "secondary" : "ghost"}
              aria-pressed={tool === "focus"}
              onClick={() => setTool("focus")}
            >
              Focal point
            </Button>
          </fieldset>
          {tool === "crop" ? (
            <ReactCrop
              crop={shownCrop}
              keepSelection
              minWidth={12}
              minHeight={12}
              ruleOfThirds
              onChange={(_, area) => setDraft(area)}
              onComplete={(_, area) => commitCrop(area)}
              className="max-h-56 rounded border border-line"
            >
              {/* biome-ignore lint/performance/noImgElement: the stored picture, drawn whole under the crop handles */}
              <img src={previewUrl} alt="The whole picture, to crop" className="block max-h-56 max-w-full" />
            </ReactCrop>
          ) : (
            <div
              data-testid="focus-area"
              className="relative inline-block cursor-crosshair touch-none select-none overflow-hidden rounded border border-line align-top"
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                setDraftFocus(focusAt(event));
              }}
              onPointerMove={(event) => {
                if (event.currentTarget.hasPointerCapture(event.pointerId)) setDraftFocus(focusAt(event));
              }}
              onPointerUp={(event) => {
                const point = focusAt(event);
                setDraftFocus(null);
                update({ focus: point });
              }}
            >
              {/* biome-ignore lint/performance/noImgElement: the stored picture, drawn whole to pick a point on */}
              <img
                src={previewUrl}
                alt="The whole picture: click the point to keep in view"
                draggable={false}
                className="block max-h-56 max-w-full"
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent/70 shadow"
                style={{ left: `${shownFocus.x * 100}%`, top: `${shownFocus.y * 100}%` }}
              />
            </div>
          )}
        </div>
      )}

      <div className="grid grid-cols-2 gap-2">
        {SIDES.map((side) => (
          <label key={side} htmlFor={`frame-crop-${side}`} className="text-xs text-gray-700">
            {SIDE_LABELS[side]} (%)
            <Input
              id={`frame-crop-${side}`}
              type="number"
              min={0}
              max={MAX_PAIR}
              step={1}
              aria-label={`${SIDE_LABELS[side]} (%)`}
              value={percent(crop[side])}
              onChange={(event) =>
                update(
                  {
                    crop: cropFromPercent(
                      { ...mapSides((s) => percent(crop[s])), [side]: event.target.valueAsNumber },
                      side,
                    ),
                  },
                  `frame-crop-${side}`,
                )
              }
            />
          </label>
        ))}
        <label htmlFor="frame-focus-x" className="text-xs text-gray-700">
          Focus across (%)
          <Input
            id="frame-focus-x"
            type="number"
            min={0}
            max={100}
            step={1}
            aria-label="Focus across (%)"
            value={percent(focus.x)}
            onChange={(event) =>
              update(
                { focus: { x: fraction(clamp(event.target.valueAsNumber || 0, 0, 100)), y: focus.y } },
                "frame-focus-x",
              )
            }
          />
        </label>
        <label htmlFor="frame-focus-y" className="text-xs text-gray-700">
          Focus down (%)
          <Input
            id="frame-focus-y"
            type="number"
            min={0}
            max={100}
            step={1}
            aria-label="Focus down (%)"
            value={percent(focus.y)}
            onChange={(event) =>
              update(
                { focus: { x: focus.x, y: fraction(clamp(event.target.valueAsNumber || 0, 0, 100)) } },
                "frame-focus-y",
              )
            }
          />
        </label>
      </div>
      <p className="text-xs text-muted">
        The focal point stays in view when Fill cuts the picture. PPTX and PDF exports frame it the same way.
      </p>
    </fieldset>
  );
}

function mapSides(value: (side: (typeof SIDES)[number]) => number): Record<(typeof SIDES)[number], number> {
  return { left: value("left"), top: value("top"), right: value("right"), bottom: value("bottom") };
}
