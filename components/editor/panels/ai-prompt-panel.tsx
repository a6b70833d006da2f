"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useElementSize } from "@/components/editor/use-element-size";
import { SlideView } from "@/components/slide/slide-view";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import type { TAiEditRequest, TAiEditResponse, TRejectAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import type { TDeck, TSlide } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { ProposalStageContext } from "./proposal-stage";
import type { TAiPromptPanelProps } from "./types";
import { credits, useCredits, useRefreshCredits } from "./use-credits";

/** Prompts offered as one-click starting points. */
export const AI_PROMPT_SUGGESTIONS = [
  "Make it shorter",
  "Make it visual",
  "Turn into a table",
  "Add a slide about risks",
  "Add a summary slide",
] as const;

const MAX_PROMPT = 2000;
const PREVIEW_WIDTH = 224;
/** The widest a side of the canvas's before/after is drawn. */
const STAGE_SIDE_MAX = 560;
/** Under this canvas width, before and after are drawn one above the other. */
const STAGE_SIDE_BY_SIDE = 560;

/** The deck-wide settings a proposal is previewed with (its slides are the proposal's). */
type TDeckStyle = Pick<TDeck, "version" | "title" | "language" | "template" | "theme">;

/**
 * The AI prompt box of a slide. Shows what an edit costs and the balance before sending; "Apply"
 * sends the prompt and the slide as edited (POST /api/v1/ppt/presentation/{id}/ai-edit), then
 * shows the proposal — on the canvas (ProposalStageContext) as the slide before and the proposal's
 * slides after, drawn by the layout engine, or in the panel when there is no canvas beside it —
 * with the summary, warnings, the credits charged and the balance before → after, for **Accept** (hands the slides to `onAccept`) or
 * **Reject** (discards them and refunds their credits: a rejected proposal is free). 402, 422 and 503 answers are
 * explained in place.
 */
export function AiPromptPanel({ presentationId, slide, onAccept }: TAiPromptPanelProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState("");
  const balance = useCredits();
  const refreshCredits = useRefreshCredits();
  const edit = useMutation({
    mutationFn: (request: TAiEditRequest) =>
      apiFetch<TAiEditResponse>(`/api/v1/ppt/presentation/${encodeURIComponent(presentationId)}/ai-edit`, {
        method: "POST",
        body: request,
      }),
    onSettled: () => void refreshCredits(),
  });
  const [proposalFor, setProposalFor] = useState<string | null>(null);
  // Reject gives the proposal's credits back (POST …/ai-edit/{proposalId}/reject).
  const reject = useMutation({
    mutationFn: (proposalId: string) =>
      apiFetch<TRejectAiEditResponse>(
        `/api/v1/ppt/presentation/${encodeURIComponent(presentationId)}/ai-edit/${encodeURIComponent(proposalId)}/reject`,
        { method: "POST" },
      ),
    onSettled: () => void refreshCredits(),
  });

  // Another slide: the proposal and the error belonged to the previous one.
  const { reset } = edit;
  const resetReject = reject.reset;
  useEffect(() => {
    void slide.id;
    reset();
    resetReject();
  }, [slide.id, reset, resetReject]);

  const cost = balance.data?.rules.per_ai_edit;
  const short = balance.data?.enforce === true && cost !== undefined && balance.data.balance < cost;
  const text = prompt.trim();
  const send = () => {
    if (!text || edit.isPending) return;
    setProposalFor(slide.id);
    reject.reset();
    edit.mutate({ prompt: text, slide });
  };
  const proposal = edit.data && proposalFor === slide.id ? edit.data : undefined;
  const stage = useContext(ProposalStageContext);
  const accept = () => {
    if (!proposal) return;
    onAccept(proposal.slides);
    edit.reset();
    setPrompt("");
  };
  const rejectProposal = () => {
    if (!proposal) return;
    reject.mutate(proposal.proposal_id);
    edit.reset();
  };

  return (
    <section aria-label="AI edit" className="space-y-3">
      <div className="flex flex-wrap gap-1.5">
        {AI_PROMPT_SUGGESTIONS.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            onClick={() => {
              setPrompt(suggestion);
              textareaRef.current?.focus();
            }}
            className="rounded-full border border-line bg-white px-3 py-1 text-xs text-gray-700 hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
          >
            {suggestion}
          </button>
        ))}
      </div>
      <textarea
        ref={textareaRef}
        className={inputClass}
        aria-label="AI prompt"
        aria-describedby={`${id}-cost`}
        rows={3}
        maxLength={MAX_PROMPT}
        value={prompt}
        placeholder="Describe the change: “make it shorter”, “turn into a table”…"
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-cost`} className="text-xs text-muted">
          {balance.isError
            ? `The balance could not be loaded: ${errorMessage(balance.error)}`
            : balance.data && cost !== undefined
              ? `Costs ${credits(cost)} · balance ${balance.data.balance} → ${balance.data.balance - cost}`
              : "Loading the cost…"}
          {short && <span className="font-semibold text-danger"> · not enough credits</span>}
        </p>
        <Button onClick={send} disabled={!text || edit.isPending || short} aria-busy={edit.isPending}>
          Apply
        </Button>
      </div>

      <div aria-live="polite" className="space-y-3">
        {edit.isPending && <p className="text-sm text-muted">Rewriting the slide…</p>}
        {reject.isSuccess && (
          <p className="text-sm text-gray-700">
            Rejected: {credits(reject.data.credits_refunded)} refunded · balance {reject.data.balance_after}.
          </p>
        )}
        {reject.isError && (
          <p role="alert" className="text-sm text-danger">
            The proposal was rejected, but its credits could not be refunded: {errorMessage(reject.error)}
          </p>
        )}
        {edit.isError && <EditError error={edit.error} />}
        {proposal && stage && (
          <p className="rounded-md border border-accent/40 bg-accent/5 p-3 text-sm text-gray-800">
            {proposal.summary} The slide before and after is on the canvas, with Accept and Reject.
          </p>
        )}
        {proposal &&
          (stage ? (
            createPortal(
              <Proposal
                presentationId={presentationId}
                before={slide}
                proposal={proposal}
                onAccept={accept}
                onReject={rejectProposal}
                onStage
              />,
              stage,
            )
          ) : (
            <Proposal
              presentationId={presentationId}
              before={slide}
              proposal={proposal}
              onAccept={accept}
              onReject={rejectProposal}
            />
          ))}
      </div>
    </section>
  );
}

function EditError({ error }: { error: Error }) {
  const status = error instanceof ProblemError ? error.status : 0;
  const lead =
    status === 402
      ? "Not enough credits."
      : status === 422
        ? "This edit cannot be made."
        : status === 503
          ? "The AI provider is unavailable; try again later."
          : status === 409
            ? "The slide changed."
            : "The edit failed.";
  const fields = error instanceof ProblemError ? (error.problem.errors ?? []) : [];
  return (
    <div role="alert" className="rounded-md border border-danger/40 bg-red-50 p-3 text-sm text-danger">
      <p className="font-semibold">{lead}</p>
      <p>{errorMessage(error)}</p>
      {fields.length > 1 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              {field.path}: {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Proposal({
  presentationId,
  before,
  proposal,
  onAccept,
  onReject,
  onStage = false,
}: {
  presentationId: string;
  /** The slide as it is now. */
  before: TSlide;
  proposal: TAiEditResponse;
  onAccept: () => void;
  onReject: () => void;
  /** Drawn on the canvas: before and after side by side, as large as the canvas allows. */
  onStage?: boolean;
}) {
  const style = useQuery({
    queryKey: ["editor-panels", "deck-style", presentationId],
    queryFn: () =>
      apiFetch<{ deck: TDeck }>(`/api/v1/ppt/presentation/${encodeURIComponent(presentationId)}`),
    select: ({ deck }): TDeckStyle => ({
      version: deck.version,
      title: deck.title,
      language: deck.language,
      template: deck.template,
      theme: deck.theme,
    }),
    staleTime: 60_000,
  });
  const layout = (slides: readonly TSlide[]) =>
    apiFetch<{ slides: TRenderedSlide[] }>("/api/v1/ppt/layout", {
      method: "POST",
      body: { deck: { ...(style.data as TDeckStyle), slides } },
    });
  const pages = useQuery({
    queryKey: ["editor-panels", "ai-preview", presentationId, style.data, proposal.slides],
    queryFn: () => layout(proposal.slides),
    enabled: style.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const beforePages = useQuery({
    queryKey: ["editor-panels", "ai-before", presentationId, style.data, before],
    queryFn: () => layout([before]),
    enabled: style.data !== undefined && onStage,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const boxRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(boxRef, { width: 2 * PREVIEW_WIDTH, height: 0 });
  const sideBySide = onStage && width >= STAGE_SIDE_BY_SIDE;
  const sideWidth = !onStage
    ? PREVIEW_WIDTH
    : Math.max(PREVIEW_WIDTH, Math.floor(Math.min(STAGE_SIDE_MAX, sideBySide ? (width - 24) / 2 : width)));

  const after = (
    <ol className="space-y-3">
      {proposal.slides.map((slide, i) => (
        <li key={slide.id} className="space-y-1">
          <p className="text-xs font-semibold text-gray-800">
            {i + 1}. {slideTitle(slide)} <span className="font-normal text-muted">({slide.layout})</span>
            {slide.id === before.id ? "" : <span className="font-normal text-accent"> · new slide</span>}
          </p>
          <Pages pages={pages.data?.slides.filter((page) => page.slideId === slide.id)} width={sideWidth} />
        </li>
      ))}
    </ol>
  );
  const failed = style.isError || pages.isError || beforePages.isError;

  return (
    <section
      aria-label="AI proposal"
      ref={boxRef}
      className={
        onStage
          ? "space-y-3 rounded-md border border-accent/40 bg-white p-4 shadow-sm"
          : "space-y-3 rounded-md border border-accent/40 bg-accent/5 p-3"
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-semibold text-gray-900">{proposal.summary}</p>
          <p className="text-xs text-gray-700">
            By {proposal.provider} · charged {credits(proposal.credits_consumed)} · balance{" "}
            {proposal.balance_before} → {proposal.balance_after} · Reject refunds it
          </p>
          {proposal.warnings?.map((warning) => (
            <p key={warning} className="text-xs text-gray-700">
              ⚠ {warning}
            </p>
          ))}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button onClick={onAccept}>Accept</Button>
          <Button variant="secondary" onClick={onReject}>
            Reject
          </Button>
        </div>
      </div>
      {onStage ? (
        <div className={sideBySide ? "flex items-start gap-6" : "space-y-4"}>
          <figure aria-label="Before" className="space-y-1">
            <figcaption className="text-xs font-bold uppercase tracking-wide text-muted">Before</figcaption>
            <Pages pages={beforePages.data?.slides} width={sideWidth} />
          </figure>
          <figure aria-label="After" className="space-y-1">
            <figcaption className="text-xs font-bold uppercase tracking-wide text-accent">After</figcaption>
            {after}
          </figure>
        </div>
      ) : (
        after
      )}
      {failed && (
        <p className="text-xs text-muted">
          The preview could not be drawn ({errorMessage(style.error ?? pages.error ?? beforePages.error)});
          the titles above are the proposal.
        </p>
      )}
    </section>
  );
}

/** A slide's pages (one, or more when its text continues), drawn by the layout engine. */
function Pages({ pages, width }: { pages: TRenderedSlide[] | undefined; width: number }) {
  return pages?.map((page, p) => (
    <SlideView
      // biome-ignore lint/suspicious/noArrayIndexKey: a slide's continuation pages are positions
      key={p}
      slide={page}
      width={width}
      className="rounded border border-line shadow-xs"
    />
  ));
}

/** A slide's title as plain text (markdown emphasis dropped), for the proposal's list. */
function slideTitle(slide: TSlide): string {
  const title = slide.content.title
    ?.replace(/(?<!\\)(\*\*|\*|`)/g, "")
    .replace(/\\\*/g, "*")
    .trim();
  return title || "Untitled slide";
}
