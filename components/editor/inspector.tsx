"use client";
import { type ReactNode, useEffect, useRef } from "react";
import { AiPromptPanel } from "@/components/editor/panels/ai-prompt-panel";
import { ChartEditor } from "@/components/editor/panels/chart-editor";
import { FramePicturePanel } from "@/components/editor/panels/frame-picture-panel";
import { TableEditor } from "@/components/editor/panels/table-editor";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import type {
  TDeck,
  TImageFraming,
  TItem,
  TMetric,
  TSlide,
  TSlideContent,
  TTimelineEvent,
} from "@/lib/deck/schema";
import { addableFields, type TAddableField } from "@/lib/editor/addable-fields";
import { patchContent, replaceWithSlides, setNotes } from "@/lib/editor/deck-ops";
import { layoutReads } from "@/lib/editor/default-content";
import { stripInline } from "@/lib/layouts/parse-inline";
import { DeckLookFields } from "./deck-look-fields";
import { LayoutPicker } from "./layout-picker";
import type { TChangeOptions } from "./use-deck-history";

type TChange = (update: (deck: TDeck) => TDeck | null, options?: TChangeOptions) => void;

/** A part of the inspector the canvas can ask to show (a click on a table opens the table editor). */
export type TInspectorFocus = { section: "table" | "chart"; at: number } | null;

type TProps = {
  presentationId: string;
  deck: TDeck;
  slide: TSlide;
  slideNumber: number;
  change: TChange;
  focus: TInspectorFocus;
  onReplacePicture: () => void;
  /** Opens the icon picker for the icon at `path` of the slide's content. */
  onReplaceIcon: (path: readonly (string | number)[], label: string) => void;
};

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <details open id={id} className="group border-b border-line px-4 py-3">
      <summary className="cursor-pointer list-none rounded text-sm font-bold text-gray-900 marker:hidden focus-visible:outline-2 focus-visible:outline-accent">
        <span className="mr-1 inline-block text-xs text-muted transition-transform group-open:rotate-90">
          ▶
        </span>
        {title}
      </summary>
      <div className="mt-3 space-y-3">{children}</div>
    </details>
  );
}

/**
 * The right-hand panel: the deck's title, theme and template; the slide's layout, missing fields,
 * picture, icons, cards, table, chart, speaker notes; and the AI prompt box.
 */
export function Inspector(props: TProps) {
  const { presentationId, deck, slide, slideNumber, change, focus } = props;
  const tableRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    const target = focus.section === "table" ? tableRef.current : chartRef.current;
    target?.scrollIntoView({ block: "start", behavior: "smooth" });
    target?.querySelector<HTMLElement>("input, select, textarea, button")?.focus({ preventScroll: true });
  }, [focus]);

  const patch = (value: Partial<TSlideContent>, key?: string) =>
    change((current) => patchContent(current, slide.id, value), { key });
  const { content } = slide;

  return (
    <div className="text-sm">
      <Section title={`Slide ${slideNumber}`}>
        <LayoutPicker presentationId={presentationId} slide={slide} change={change} />
        <MissingText slide={slide} patch={patch} />
      </Section>

      {layoutReads(slide.layout, "image") && (
        <Section title="Picture">
          <PictureControls
            slide={slide}
            onReplace={props.onReplacePicture}
            onRemove={() => patch({ image: undefined })}
            onAlt={(alt) => patch({ image: { ...content.image, alt: alt || undefined } }, `alt:${slide.id}`)}
            onFrame={(framing, key) => {
              const { fit: _fit, focus: _focus, crop: _crop, ...picture } = content.image ?? {};
              patch({ image: { ...picture, ...framing } }, key && `${key}:${slide.id}`);
            }}
          />
        </Section>
      )}

      {layoutReads(slide.layout, "icon") && (
        <Section title="Icon">
          <p className="text-gray-700">
            {content.icon ? (
              <>
                Icon: <span className="font-mono">{content.icon}</span>
              </>
            ) : (
              "No icon."
            )}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => props.onReplaceIcon(["icon"], "Icon")}>
              {content.icon ? "Replace icon" : "Add icon"}
            </Button>
            {content.icon && (
              <Button size="sm" variant="ghost" onClick={() => patch({ icon: undefined })}>
                Remove icon
              </Button>
            )}
          </div>
        </Section>
      )}

      {layoutReads(slide.layout, "items") && content.items && (
        <Section title="Cards">
          <ListEditor<TItem>
            items={content.items}
            max={8}
            noun="card"
            describe={(item) => stripInline(item.title) || "Untitled"}
            starter={{ title: "New card", body: "Why it matters", icon: "star" }}
            onChange={(items) => patch({ items })}
            extra={(item, index) => (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => props.onReplaceIcon(["items", index, "icon"], `Card ${index + 1} icon`)}
                aria-label={`Replace icon of card ${index + 1}`}
              >
                Icon: {item.icon ?? "none"}
              </Button>
            )}
          />
        </Section>
      )}

      {layoutReads(slide.layout, "metrics") && content.metrics && (
        <Section title="Figures">
          <ListEditor<TMetric>
            items={content.metrics}
            max={6}
            noun="figure"
            describe={(metric) => `${metric.value} ${stripInline(metric.label)}`}
            starter={{ value: "0", label: "New figure" }}
            onChange={(metrics) => patch({ metrics })}
          />
        </Section>
      )}

      {layoutReads(slide.layout, "timeline") && content.timeline && (
        <Section title="Timeline steps">
          <ListEditor<TTimelineEvent>
            items={content.timeline}
            max={10}
            noun="step"
            describe={(event) => `${event.date} — ${stripInline(event.title)}`}
            starter={{ date: "Next", title: "New step" }}
            onChange={(timeline) => patch({ timeline })}
          />
        </Section>
      )}

      {content.table && (
        <Section title="Table">
          <div ref={tableRef} data-testid="inspector-table" data-deck-field="table">
            <TableEditor value={content.table} onChange={(table) => patch({ table }, `table:${slide.id}`)} />
          </div>
        </Section>
      )}

      {content.chart && (
        <Section title="Chart">
          <div ref={chartRef} data-testid="inspector-chart" data-deck-field="chart">
            <ChartEditor value={content.chart} onChange={(chart) => patch({ chart }, `chart:${slide.id}`)} />
          </div>
        </Section>
      )}

      <Section title="Speaker notes">
        <Field
          id="slide-notes"
          label="Notes for this slide"
          hint="Written into the PPTX; not shown on the slide."
        >
          <Textarea
            id="slide-notes"
            data-deck-field="notes"
            rows={4}
            maxLength={20000}
            value={slide.notes ?? ""}
            onChange={(event) =>
              change((current) => setNotes(current, slide.id, event.target.value), {
                key: `notes:${slide.id}`,
              })
            }
          />
        </Field>
      </Section>

      <Section title="Rewrite with AI">
        <AiPromptPanel
          presentationId={presentationId}
          slide={slide}
          onAccept={(slides) => {
            // The edited slide stays selected; when the proposal has no slide with its id, its first one is.
            const select = slides.some((s) => s.id === slide.id) ? slide.id : slides[0]?.id;
            change((current) => replaceWithSlides(current, slide.id, slides), {
              select,
              checkpoint: "ai_edit",
            });
          }}
        />
      </Section>

      <Section title="Presentation">
        <Field id="deck-title" label="Title">
          <Input
            id="deck-title"
            data-deck-field="deck-title"
            value={deck.title}
            maxLength={500}
            onChange={(event) => {
              const title = event.target.value;
              change((current) => ({ ...current, title }), { key: "deck-title" });
            }}
          />
        </Field>
        <DeckLookFields deck={deck} change={change} />
      </Section>
    </div>
  );
}

/** The canvas boxes an added field may be drawn in, most likely first. */
const HOTSPOTS: Record<TAddableField, string[]> = {
  title: ["title"],
  subtitle: ["subtitle", "body"],
  body: ["body", "bullets"],
  bullets: ["bullets", "body"],
  column: ["columns.1.bullets", "columns.1.body"],
};

/**
 * Opens the inline editor on the box a field was just added to, its starter text (the element
 * `starter` selects: the lead's paragraph, the new bullet) selected so the first keystroke
 * replaces it. The box appears once the slide is laid out again (polled for ~3 s).
 */
function editAdded(roles: readonly string[], starter: string): void {
  const started = performance.now();
  const find = () =>
    roles
      .map((role) =>
        document.querySelector<HTMLElement>(`[data-testid=canvas-page] [data-hotspot="${CSS.escape(role)}"]`),
      )
      .find(Boolean);
  const open = () => {
    const hotspot = find();
    if (!hotspot) {
      if (performance.now() - started < 3000) requestAnimationFrame(open);
      return;
    }
    hotspot.click();
    const select = () => {
      const editable = document.querySelector<HTMLElement>(
        "[data-testid=inline-editor] [contenteditable=true]",
      );
      // After the editor's own focus (it opens with the caret at the end).
      if (!editable || document.activeElement !== editable) {
        if (performance.now() - started < 3000) requestAnimationFrame(select);
        return;
      }
      // Only the starter text: a box that draws the lead with the bullets edits both at once.
      window.setTimeout(
        () => window.getSelection()?.selectAllChildren(editable.querySelector(starter) ?? editable),
        50,
      );
    };
    requestAnimationFrame(select);
  };
  requestAnimationFrame(open);
}

/** Buttons that add the text fields the layout draws but the slide leaves empty. */
function MissingText({ slide, patch }: { slide: TSlide; patch: (value: Partial<TSlideContent>) => void }) {
  const fields = addableFields(slide);
  if (!fields.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {fields.map(({ field, label, value, starter }) => (
        <Button
          key={field}
          size="sm"
          variant="secondary"
          onClick={() => {
            patch(value);
            // Starter text opens for typing over; a split keeps the slide's own words.
            if (starter)
              editAdded(HOTSPOTS[field], field === "bullets" || field === "column" ? "li" : ":scope > *");
          }}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

function PictureControls({
  slide,
  onReplace,
  onRemove,
  onAlt,
  onFrame,
}: {
  slide: TSlide;
  onReplace: () => void;
  onRemove: () => void;
  onAlt: (alt: string) => void;
  onFrame: (framing: TImageFraming, key?: string) => void;
}) {
  const image = slide.content.image;
  return (
    <>
      {image?.asset ? (
        // biome-ignore lint/performance/noImgElement: a stored picture served by the API, shown as is
        <img
          src={`/api/v1/ppt/assets/${image.asset.slice("assets/".length)}`}
          alt={image.alt ?? ""}
          className="max-h-32 rounded border border-line object-contain"
        />
      ) : (
        <p className="text-gray-700">
          {image ? `An offline picture of “${image.query ?? image.alt ?? "the slide"}”.` : "No picture."}
        </p>
      )}
      {image?.credit && <p className="text-xs text-muted">{image.credit}</p>}
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={onReplace}>
          {image ? "Replace picture" : "Add picture"}
        </Button>
        {image && (
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
      {image && (
        <Field
          id="picture-alt"
          label="Alternative text"
          hint="Read out by screen readers; written into the PPTX."
        >
          <Input
            id="picture-alt"
            data-deck-field="alt"
            value={image.alt ?? ""}
            maxLength={500}
            onChange={(event) => onAlt(event.target.value)}
          />
        </Field>
      )}
      {image && (
        <FramePicturePanel
          image={image}
          {...(image.asset
            ? { previewUrl: `/api/v1/ppt/assets/${image.asset.slice("assets/".length)}` }
            : {})}
          onChange={onFrame}
        />
      )}
    </>
  );
}

function ListEditor<T>({
  items,
  max,
  noun,
  describe,
  starter,
  onChange,
  extra,
}: {
  items: T[];
  max: number;
  noun: string;
  describe: (item: T) => string;
  starter: T;
  onChange: (items: T[]) => void;
  extra?: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      <ol className="space-y-1.5">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are identified by their position in the slide
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 text-right text-xs text-muted">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate text-gray-800">{describe(item)}</span>
            {extra?.(item, index)}
            <Button
              size="sm"
              variant="ghost"
              disabled={items.length <= 1}
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        disabled={items.length >= max}
        onClick={() => onChange([...items, structuredClone(starter)])}
      >
        Add {noun}
      </Button>
    </>
  );
}
