"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTemplates } from "@/components/templates/brand-templates-query";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { LIMITS } from "@/lib/api/schemas/common";
import type { TGenerateFromSlidesRequest, TGenerateOutlinesRequest } from "@/lib/api/schemas/generate";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import type { TUploadedFileRef } from "@/lib/files/upload-schema";
import type { TTaskView } from "@/lib/jobs/task-view";
import { CreditEstimate } from "./credit-estimate";
import { GenerationProgress } from "./generation-progress";
import { OutlineEditor } from "./outline-editor";
import { coverTitle, outlineSlideMarkdown, parseOutlineSlide, type TOutlineCard } from "./outline-markdown";
import { SourceStep } from "./source-step";
import { DEFAULT_SETTINGS, type TSourceSettings } from "./types";

/** What the flow sends to start a deck: no theme with a brand template, which brings its own colours. */
type TStartRequest = Omit<TGenerateFromSlidesRequest, "theme"> &
  Partial<Pick<TGenerateFromSlidesRequest, "theme">>;

/** How often a running generation's task is asked for its progress. */
const POLL_MS = 700;

/** Request fields whose 422 messages step one shows beside the field. */
const SHOWN_FIELDS = ["content", "files", "n_slides", "language", "instructions"];

let nextCardId = 0;
const cardId = () => `slide-${++nextCardId}`;

/** The outline request, in the shape POST /api/v3/presentation/outlines/generate takes. */
function outlineRequest(settings: TSourceSettings, files: TUploadedFileRef[]) {
  const request: Partial<TGenerateOutlinesRequest> & { files?: string[] } = {
    content: settings.content,
    // The count asked for is the whole deck's, cover included (slide 1, added here): the outline
    // has the content slides.
    n_slides: withCover(settings.nSlides) ? settings.nSlides - 1 : settings.nSlides,
    tone: settings.tone,
    verbosity: settings.verbosity,
    language: settings.language.trim(),
  };
  if (settings.instructions.trim()) request.instructions = settings.instructions.trim();
  if (files.length > 0) request.files = files.map((file) => file.id);
  return request;
}

/** Whether a deck of `nSlides` slides has a cover: one of a single slide is that slide alone. */
function withCover(nSlides: number): boolean {
  return nSlides >= 2;
}

/** A refused generation in words: a short balance says by how much. */
function generationError(error: unknown): string {
  if (error instanceof ProblemError && error.status === 402) {
    const { balance, required } = error.problem;
    return typeof balance === "number" && typeof required === "number"
      ? `Not enough credits: this presentation needs ${required} and your balance is ${balance}. Remove slides or add credits.`
      : `Not enough credits: ${error.problem.detail}`;
  }
  return errorMessage(error);
}

/**
 * The two-step "new presentation" flow: material and choices → an outline the user edits,
 * reorders, adds to and deletes from → the deck, generated as a task with visible progress, then
 * opened in the editor. A failed generation keeps the outline for another try.
 */
export function NewPresentation() {
  const router = useRouter();
  const client = useQueryClient();
  const templates = useTemplates();
  const [step, setStep] = useState<"source" | "outline">("source");
  const [settings, setSettings] = useState<TSourceSettings>(DEFAULT_SETTINGS);
  const brand = templates.data?.custom_templates.find((t) => t.template === settings.template);
  const [files, setFiles] = useState<TUploadedFileRef[]>([]);
  const [cards, setCards] = useState<TOutlineCard[]>([]);
  const [title, setTitle] = useState("");
  const [titleErrors, setTitleErrors] = useState<Record<string, string | undefined>>({});
  const [taskId, setTaskId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const outlineHeading = useRef<HTMLHeadingElement>(null);

  const outline = useMutation({
    mutationFn: () =>
      apiFetch<string[]>("/api/v3/presentation/outlines/generate", {
        method: "POST",
        body: outlineRequest(settings, files),
      }),
    onSuccess: (slides) => {
      const content = slides.map((markdown) => parseOutlineSlide(markdown, cardId()));
      const cover: TOutlineCard = {
        id: cardId(),
        title:
          title.trim() ||
          coverTitle(
            settings.content,
            files.map((file) => file.name),
          ),
        bullets: "",
        extra: "",
        cover: true,
      };
      setCards(withCover(settings.nSlides) ? [cover, ...content] : content);
      setTitleErrors({});
      setFailure(null);
      setStep("outline");
    },
  });
  const outlineProblem = outline.error instanceof ProblemError ? outline.error : null;
  const fieldErrors = outlineProblem?.problem.errors ?? [];
  // The form shows these fields' messages beside them; anything else goes in the banner.
  const outlineError = !outline.error
    ? null
    : fieldErrors.length > 0 && fieldErrors.every((e) => SHOWN_FIELDS.includes(e.path))
      ? "Check the fields marked above."
      : `The outline could not be made: ${errorMessage(outline.error)}`;

  const start = useMutation({
    mutationFn: (request: TStartRequest) =>
      apiFetch<TTaskView>("/api/v3/presentation/generate/async", { method: "POST", body: request }),
    onSuccess: (task) => {
      client.setQueryData(["task", task.id], task);
      setTaskId(task.id);
    },
    onError: (error) => setFailure(generationError(error)),
  });

  const task = useQuery({
    queryKey: ["task", taskId],
    queryFn: () => apiFetch<TTaskView>(`/api/v3/async-task/status/${taskId}`),
    enabled: taskId !== null,
    staleTime: 0,
    retry: 3,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "completed" || status === "error" ? false : POLL_MS;
    },
  });

  useEffect(() => {
    const current = task.data;
    if (!taskId || !current || current.id !== taskId) return;
    if (current.status === "completed" && current.data) {
      client.invalidateQueries({ queryKey: ["presentations"] });
      client.invalidateQueries({ queryKey: ["credits"] });
      router.push(new URL(current.data.edit_path).pathname);
    } else if (current.status === "error") {
      const detail = typeof current.error?.detail === "string" ? current.error.detail : current.message;
      setFailure(
        `The presentation could not be generated: ${detail} Your outline is kept; you can try again.`,
      );
      setTaskId(null);
      client.invalidateQueries({ queryKey: ["credits"] });
    }
  }, [task.data, taskId, client, router]);

  useEffect(() => {
    if (task.isError && taskId) {
      setFailure(`Lost track of the generation: ${errorMessage(task.error)} Your outline is kept.`);
      setTaskId(null);
    }
  }, [task.isError, task.error, taskId]);

  useEffect(() => {
    if (step === "outline") outlineHeading.current?.focus();
  }, [step]);

  const running = start.isPending || taskId !== null;
  const completed = task.data?.status === "completed" && task.data.id === taskId;

  const generate = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      cards.map((card) => [card.id, card.title.trim() ? undefined : "Give this slide a title."]),
    );
    setTitleErrors(missing);
    if (Object.values(missing).some(Boolean) || cards.length === 0) return;
    const cover = cards.find((card) => card.cover);
    setFailure(null);
    start.mutate({
      slides: cards.map((card) => ({
        content: outlineSlideMarkdown(card),
        layout: card.cover ? ("title" as const) : null,
      })),
      standard_template: settings.template as TGenerateFromSlidesRequest["standard_template"],
      // A brand template brings its own colours: the theme goes only with a built-in one.
      ...(brand ? {} : { theme: settings.theme as TGenerateFromSlidesRequest["theme"] }),
      language: settings.language.trim() || "English",
      ...(title.trim() || cover?.title.trim() ? { title: title.trim() || cover?.title.trim() } : {}),
      export_as: "pptx",
      markdown_emphasis: true,
      trigger_webhook: false,
    });
  };

  const autoTitle = coverTitle(
    settings.content,
    files.map((file) => file.name),
  );
  const templateName =
    (brand ?? templates.data?.templates.find((t) => t.id === settings.template))?.name ?? settings.template;
  const themeName = brand
    ? "The brand template's colours"
    : (templates.data?.themes.find((t) => t.id === settings.theme)?.name ?? settings.theme);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">New presentation</h1>
        <ol className="mt-2 flex gap-4 text-sm" aria-label="Steps">
          <li
            aria-current={step === "source" ? "step" : undefined}
            className={step === "source" ? "font-bold text-accent" : "text-muted"}
          >
            1. Material and options
          </li>
          <li
            aria-current={step === "outline" ? "step" : undefined}
            className={step === "outline" ? "font-bold text-accent" : "text-muted"}
          >
            2. Review the outline
          </li>
        </ol>
      </div>

      {step === "source" ? (
        <SourceStep
          settings={settings}
          onSettings={setSettings}
          files={files}
          onFiles={setFiles}
          onSubmit={() => outline.mutate()}
          pending={outline.isPending}
          error={outlineError}
          fieldError={(path) => outlineProblem?.fieldError(path)}
          hasOutline={cards.length > 0}
          onContinue={() => setStep("outline")}
        />
      ) : (
        <form onSubmit={generate} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]" noValidate>
          <section aria-labelledby="outline-heading" className="space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2
                id="outline-heading"
                ref={outlineHeading}
                tabIndex={-1}
                className="text-lg font-bold text-gray-900 outline-none"
              >
                2. Review the outline ({cards.length} {cards.length === 1 ? "slide" : "slides"})
              </h2>
              <p className="text-sm text-muted">Edit titles and bullets, drag the handle to reorder.</p>
            </div>
            <OutlineEditor
              cards={cards}
              onChange={setCards}
              onAdd={() => setCards([...cards, { id: cardId(), title: "", bullets: "", extra: "" }])}
              disabled={running}
              errors={titleErrors}
            />
          </section>
          <aside className="space-y-4 self-start rounded-lg border border-line bg-white p-5 lg:sticky lg:top-4">
            <Field
              id="deck-title"
              label="Presentation title (optional)"
              hint="Also the cover's title (slide 1) while you have not edited that one."
            >
              <Input
                id="deck-title"
                value={title}
                maxLength={500}
                disabled={running}
                onChange={(event) => {
                  const next = event.target.value;
                  // The cover follows the typed title until its own title is edited apart from it.
                  setCards((current) =>
                    current.map((card) =>
                      card.cover && (card.title === title || (!title.trim() && card.title === autoTitle))
                        ? { ...card, title: next || autoTitle }
                        : card,
                    ),
                  );
                  setTitle(next);
                }}
              />
            </Field>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Template</dt>
              <dd className="font-semibold text-gray-900">{templateName}</dd>
              <dt className="text-muted">Theme</dt>
              <dd className="font-semibold text-gray-900">{themeName}</dd>
              <dt className="text-muted">Language</dt>
              <dd className="font-semibold text-gray-900">{settings.language || "English"}</dd>
            </dl>
            <CreditEstimate slides={cards.length} />
            {cards.length > LIMITS.maxSlides && (
              <p role="alert" className="text-sm font-semibold text-danger">
                At most {LIMITS.maxSlides} slides: delete {cards.length - LIMITS.maxSlides}.
              </p>
            )}
            {failure && (
              <p role="alert" className="text-sm font-semibold text-danger" data-testid="generation-error">
                {failure}
              </p>
            )}
            {running && (
              <GenerationProgress
                message={completed ? "Opening the editor…" : (task.data?.message ?? "Queued")}
                progress={task.data?.progress ?? 0}
              />
            )}
            <Button
              type="submit"
              className="w-full"
              disabled={running || cards.length === 0 || cards.length > LIMITS.maxSlides}
            >
              {running ? "Generating…" : "Generate presentation"}
            </Button>
            <Button
              variant="secondary"
              className="w-full"
              disabled={running}
              onClick={() => setStep("source")}
            >
              Back to material and options
            </Button>
          </aside>
        </form>
      )}
    </div>
  );
}
