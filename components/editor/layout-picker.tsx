"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { TSwitchLayoutRequest, TSwitchLayoutResponse } from "@/lib/api/schemas/switch-layout";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { fieldLines, hiddenContent } from "@/lib/deck/hidden-content";
import { LAYOUT_IDS, type TDeck, type TLayoutId, type TSlide } from "@/lib/deck/schema";
import { updateSlide } from "@/lib/editor/deck-ops";
import { LAYOUT_NAMES } from "@/lib/editor/names";
import type { TChangeOptions } from "./use-deck-history";

type TChange = (update: (deck: TDeck) => TDeck | null, options?: TChangeOptions) => void;

type TNotice =
  | { slideId: string; kind: "done"; text: string; warnings: string[] }
  | { slideId: string; kind: "refused"; layout: TLayoutId; text: string }
  | { slideId: string; kind: "failed"; text: string };

/**
 * The slide's layout. A switch rebuilds the slide's own content in the new layout on the server
 * (POST …/switch-layout: bullets with figures become key figures, dated bullets a timeline…), as one
 * undoable step, and says what it did. A slide whose content the layout cannot take says why and
 * offers example content instead; what a layout does not draw stays with the slide and is listed
 * below the menu, to show again, move to the notes or remove.
 */
export function LayoutPicker({
  presentationId,
  slide,
  change,
}: {
  presentationId: string;
  slide: TSlide;
  change: TChange;
}) {
  const [notice, setNotice] = useState<TNotice | null>(null);
  const switcher = useMutation({
    mutationFn: (request: TSwitchLayoutRequest) =>
      apiFetch<TSwitchLayoutResponse>(
        `/api/v1/ppt/presentation/${encodeURIComponent(presentationId)}/switch-layout`,
        { method: "POST", body: request },
      ),
  });
  const [target, setTarget] = useState<TLayoutId | null>(null);
  const shown = notice?.slideId === slide.id ? notice : null;

  // Another slide: a notice and a pending target belonged to the previous one.
  useEffect(() => {
    void slide.id;
    setTarget(null);
  }, [slide.id]);

  const run = (layout: TLayoutId, starter = false) => {
    const from = slide;
    setTarget(layout);
    switcher.mutate(
      { layout, slide: from, starter },
      {
        onSuccess: (answer) => {
          change((current) => updateSlide(current, from.id, () => answer.slide), {
            checkpoint: "layout_switch",
          });
          setNotice({
            slideId: from.id,
            kind: "done",
            text: `${answer.summary}${answer.starter ? " Replace the example content with yours." : ""}`,
            warnings: answer.warnings,
          });
        },
        onError: (error) => {
          const reason = error instanceof ProblemError ? error.fieldError("layout") : undefined;
          setNotice(
            reason
              ? { slideId: from.id, kind: "refused", layout, text: reason }
              : { slideId: from.id, kind: "failed", text: errorMessage(error) },
          );
        },
        onSettled: () => setTarget(null),
      },
    );
  };

  return (
    <>
      <Field id="slide-layout" label="Layout">
        <Select
          id="slide-layout"
          value={target ?? slide.layout}
          disabled={switcher.isPending}
          aria-busy={switcher.isPending}
          onChange={(event) => run(event.target.value as TLayoutId)}
        >
          {LAYOUT_IDS.map((layout) => (
            <option key={layout} value={layout}>
              {LAYOUT_NAMES[layout]}
            </option>
          ))}
        </Select>
      </Field>
      {switcher.isPending && target && (
        <p role="status" className="text-xs text-muted">
          Rebuilding the slide as {LAYOUT_NAMES[target]}…
        </p>
      )}
      {shown?.kind === "done" && (
        <div
          role="status"
          className="space-y-1 rounded-md border border-line bg-gray-50 p-3 text-xs text-gray-800"
        >
          <p>{shown.text} Ctrl+Z undoes it.</p>
          {shown.warnings.map((warning) => (
            <p key={warning} className="text-amber-800">
              {warning}
            </p>
          ))}
        </div>
      )}
      {shown?.kind === "failed" && (
        <p role="alert" className="text-xs text-danger">
          The layout could not be changed: {shown.text}
        </p>
      )}
      {shown?.kind === "refused" && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-xs text-gray-800"
        >
          <p>
            <strong>{LAYOUT_NAMES[shown.layout]}</strong>: {shown.text}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => run(shown.layout, true)} disabled={switcher.isPending}>
              Switch with example content
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setNotice(null)}>
              Keep {LAYOUT_NAMES[slide.layout]}
            </Button>
          </div>
          <p className="text-muted">
            Example content keeps this slide's own text for {LAYOUT_NAMES[slide.layout]}.
          </p>
        </div>
      )}
      <HiddenContent slide={slide} change={change} onShow={run} busy={switcher.isPending} />
    </>
  );
}

/** What the slide keeps and its layout does not draw: show it with its layout, move it to the notes, or remove it. */
function HiddenContent({
  slide,
  change,
  onShow,
  busy,
}: {
  slide: TSlide;
  change: TChange;
  onShow: (layout: TLayoutId) => void;
  busy: boolean;
}) {
  const hidden = hiddenContent(slide.layout, slide.content);
  if (!hidden.length) return null;
  const drop = (field: keyof TSlide["content"], toNotes: boolean) =>
    change((current) =>
      updateSlide(current, slide.id, (s) => {
        const { [field]: _dropped, ...content } = s.content;
        const lines = toNotes ? fieldLines(s.content, field).map((line) => `• ${line}`) : [];
        const notes = [s.notes?.trim(), lines.join("\n")].filter(Boolean).join("\n\n");
        return { ...s, content, ...(notes ? { notes } : {}) };
      }),
    );
  return (
    <section
      aria-label="Kept content not shown on the slide"
      className="space-y-2 rounded-md border border-dashed border-line p-3 text-xs text-gray-800"
    >
      <p>
        Not shown on {LAYOUT_NAMES[slide.layout]}, kept with the slide:{" "}
        <strong>{hidden.map((h) => h.name).join(", ")}</strong>.
      </p>
      <ul className="space-y-1.5">
        {hidden.map((h) => (
          <li key={h.field} className="flex flex-wrap items-center gap-1.5">
            <span className="mr-1 font-semibold">{h.name}</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onShow(h.shownBy)}
              aria-label={`Show the ${h.name} as ${LAYOUT_NAMES[h.shownBy]}`}
            >
              Show as {LAYOUT_NAMES[h.shownBy]}
            </Button>
            {fieldLines(slide.content, h.field).length > 0 && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => drop(h.field, true)}
                aria-label={`Move the ${h.name} to the speaker notes`}
              >
                Move to notes
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => drop(h.field, false)}
              aria-label={`Remove the ${h.name}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
