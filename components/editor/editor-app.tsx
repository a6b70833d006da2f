"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { IconPicker } from "@/components/editor/panels/icon-picker";
import { ImagePicker } from "@/components/editor/panels/image-picker";
import { Button, buttonClass } from "@/components/ui/button";
import type { TDeckVersionSummary, TRestoreVersionResponse } from "@/lib/api/schemas/versions";
import { apiFetch } from "@/lib/client/api-fetch";
import type { TDeck, TLayoutId } from "@/lib/deck/schema";
import {
  getIn,
  imageTargetForRole,
  setIn,
  type TPath,
  textFieldError,
  writeRich,
  writeText,
} from "@/lib/editor/content-path";
import {
  addSlide,
  deleteSlide,
  deleteSlides,
  duplicateSlide,
  duplicateSlides,
  inDeckOrder,
  insertSlides,
  moveSlideOnto,
  moveSlidesBy,
  patchContent,
  setTextFormat,
  slideIndex,
  updateSlide,
} from "@/lib/editor/deck-ops";
import { SaveError } from "@/lib/editor/save-queue";
import {
  copiedJson,
  readCopiedJson,
  recallCopy,
  rememberCopy,
  SLIDES_MIME,
  slidesOutline,
} from "@/lib/editor/slide-clipboard";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { AddSlideMenu } from "./add-slide-menu";
import { ConflictDialog } from "./conflict-dialog";
import type { TFieldValue } from "./inline-text-editor";
import { Inspector, type TInspectorFocus } from "./inspector";
import { ProposalStageContext } from "./panels/proposal-stage";
import { PresentMode } from "./present-mode";
import { openPresenterWindow, POPUP_BLOCKED } from "./presenter-channel";
import { SaveStatus } from "./save-status";
import { SelectionBar } from "./selection-bar";
import { ShareDialog } from "./share-dialog";
import { ShortcutsHelp } from "./shortcuts-help";
import { SlideCanvas, type TOpenField } from "./slide-canvas";
import { SlideList, type TPickMode } from "./slide-list";
import { type TToast, UndoToast } from "./undo-toast";
import { useAutosave } from "./use-autosave";
import { type TChangeOptions, useDeckHistory } from "./use-deck-history";
import { fitSlideWidth, useElementSize } from "./use-element-size";
import { useMediaQuery } from "./use-media-query";
import { useSessionHistory } from "./use-session-history";
import { useSlidePages } from "./use-slide-pages";
import { VersionHistoryDialog, versionLabel } from "./version-history-dialog";

export type TEditorAppProps = {
  presentationId: string;
  initialDeck: TDeck;
  initialVersion: number;
  /** The initial deck's pages, laid out by the server with the page, so the first paint is complete. */
  initialPages: TRenderedSlide[];
};

type TPicker =
  | { kind: "image"; slideId: string }
  | { kind: "icon"; slideId: string; path: TPath; label: string };

/** The paste shortcut, as the user's keyboard has it. */
const PASTE_KEYS = "Ctrl+V (⌘V on a Mac)";

/** "1 slide", "3 slides". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** A key press in a control that keeps its own undo (a search box, a panel's input), not a deck field. */
function ownsUndo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("[data-deck-field]")) return false;
  return target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

/**
 * The slide editor: slide list, canvas with inline editing, inspector; one undo history for
 * everything, autosave with conflict handling, present mode and exports of the saved deck.
 */
export function EditorApp({ presentationId, initialDeck, initialVersion, initialPages }: TEditorAppProps) {
  const history = useDeckHistory(initialDeck);
  const { deck, selected, change, undo, redo, seal, current: currentDoc, select: selectSlide } = history;
  const layouts = useSlidePages(presentationId, deck, initialDeck, initialPages);
  const autosave = useAutosave(presentationId, deck, initialDeck, initialVersion);
  const wide = useMediaQuery("(min-width: 1024px)");
  useSessionHistory({
    presentationId,
    initialVersion,
    stack: history.stack,
    status: autosave.status,
    savedDeck: autosave.savedDeck,
    load: history.load,
  });

  const [open, setOpen] = useState<TOpenField | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [picker, setPicker] = useState<TPicker | null>(null);
  const [toast, setToast] = useState<(TToast & { deck: TDeck }) | null>(null);
  const [presenting, setPresenting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [inspectorOpen, setInspectorOpen] = useState<boolean | null>(null);
  const [focus, setFocus] = useState<TInspectorFocus>(null);
  const [exporting, setExporting] = useState<"pptx" | "pdf" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflictError, setConflictError] = useState<string | null>(null);
  // A link to a slide (?slide=3, as the dashboard's search results give) opens the editor on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the deck the page was opened with
  useEffect(() => {
    const number = Number(new URLSearchParams(window.location.search).get("slide"));
    const target = Number.isInteger(number) && number >= 1 ? initialDeck.slides[number - 1] : undefined;
    if (target) selectSlide(target.id);
  }, []);
  const canvasRef = useRef<HTMLElement>(null);
  const [proposalStage, setProposalStage] = useState<HTMLDivElement | null>(null);
  // Slides picked along with the current one (Ctrl/⌘ or Shift + click): a multi-selection.
  const [picked, setPicked] = useState<string[]>([]);
  const selection = useMemo(
    () => inDeckOrder(deck, selected ? [selected.id, ...picked] : picked),
    [deck, selected, picked],
  );
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  // The largest 16:9 slide the canvas area holds, above a floor under which it scrolls instead.
  const canvasWidth = fitSlideWidth(useElementSize(canvasRef, { width: 688, height: 387 }), 480);
  const showInspector = inspectorOpen ?? wide;

  const dismissToast = useCallback(() => setToast(null), []);

  // A change marked as a checkpoint (an accepted AI edit, a layout switch) has the server keep the
  // stored deck as a version before it is saved.
  const { checkpoint } = autosave;
  const changeWithCheckpoint = useCallback(
    (update: (deck: TDeck) => TDeck | null, options: TChangeOptions = {}) => {
      if (options.checkpoint) checkpoint(options.checkpoint);
      change(update, options);
    },
    [change, checkpoint],
  );

  /** Saves pending edits, or says in words why they could not be. */
  const flushOrExplain = useCallback(
    () =>
      autosave.flush().catch((error: unknown) => {
        throw new Error(
          error instanceof SaveError && error.conflict
            ? "resolve the conflict first: the saved presentation is not your version."
            : `your latest changes could not be saved (${error instanceof Error ? error.message : "save failed"}).`,
        );
      }),
    [autosave.flush],
  );

  // Restores a version on the server (over the saved state, with the conflict check), then shows
  // its deck as one undo step: Undo brings back what was there, and saves it again.
  const restoreVersion = async (version: TDeckVersionSummary) => {
    await flushOrExplain();
    const answer = await apiFetch<TRestoreVersionResponse>(
      `/api/v3/presentation/${encodeURIComponent(presentationId)}/versions/${encodeURIComponent(version.id)}/restore`,
      { method: "POST", body: { version: autosave.version() } },
    );
    closeField();
    autosave.adopt(answer.deck, answer.version);
    const { selectedId } = currentDoc();
    const keep = answer.deck.slides.some((slide) => slide.id === selectedId);
    change(() => answer.deck, { select: keep ? selectedId : answer.deck.slides[0]?.id });
    setToast({
      id: Date.now(),
      deck: answer.deck,
      message: `Restored “${versionLabel(version)}”`,
      action: { label: "Undo", run: undo },
    });
  };
  const selectedIndex = selected ? slideIndex(deck, selected.id) : -1;

  const openRef = useRef(open);
  openRef.current = open;
  const closeField = useCallback(
    (restoreFocus = false) => {
      const current = openRef.current;
      // Closed from the keyboard: focus returns to the box's button, ready for the next one.
      if (restoreFocus && current) {
        const selector = `[data-testid=canvas-page] [data-hotspot="${CSS.escape(current.role)}"]`;
        requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
      }
      setOpen(null);
      setFieldError(null);
      seal();
    },
    [seal],
  );

  // The slide being edited went away (an undo of its addition, a reload): stop editing it.
  useEffect(() => {
    if (open && !deck.slides.some((slide) => slide.id === open.slideId)) closeField();
  }, [deck, open, closeField]);

  // "Slide 3 deleted — Undo" only while that deletion is the last change.
  useEffect(() => {
    if (toast && toast.deck !== deck) setToast(null);
  }, [deck, toast]);

  useEffect(() => {
    document.title = `${deck.title || "Untitled"} · Editor · Deckforge`;
  }, [deck.title]);

  const select = useCallback(
    (id: string, mode: TPickMode = "only") => {
      if (open && open.slideId !== id) closeField();
      const current = currentDoc();
      if (mode === "toggle" && current.selectedId) {
        const chosen = selectionRef.current;
        if (id === current.selectedId) {
          // The current slide leaves the selection: the next picked one becomes current.
          const rest = chosen.filter((other) => other !== id);
          if (rest.length === 0) return;
          selectSlide(rest[0] as string);
          setPicked(rest.slice(1));
        } else {
          setPicked(
            chosen.includes(id)
              ? chosen.filter((o) => o !== id && o !== current.selectedId)
              : [...chosen.filter((o) => o !== current.selectedId), id],
          );
        }
        return;
      }
      if (mode === "range" && current.selectedId) {
        const from = slideIndex(current.deck, current.selectedId);
        const to = slideIndex(current.deck, id);
        const [a, b] = from < to ? [from, to] : [to, from];
        setPicked(
          current.deck.slides
            .slice(a, b + 1)
            .flatMap((slide) => (slide.id === current.selectedId ? [] : [slide.id])),
        );
        return;
      }
      setPicked([]);
      selectSlide(id);
    },
    [open, closeField, selectSlide, currentDoc],
  );

  /** Removes the selected slides (all but one at most), as one undoable step. */
  const removeSelection = useCallback(() => {
    const current = currentDoc();
    const result = deleteSlides(current.deck, selectionRef.current);
    if (!result) return;
    const neighbour = result.deck.slides[Math.min(result.index, result.deck.slides.length - 1)]?.id;
    setPicked([]);
    change(() => result.deck, { select: neighbour });
    setToast({
      id: Date.now(),
      deck: result.deck,
      message: `${result.count} slides deleted`,
      action: { label: "Undo", run: undo },
    });
  }, [change, currentDoc, undo]);

  /** Copies of the selected slides after the last of them; the copies become the selection. */
  const duplicateSelection = useCallback(() => {
    const result = duplicateSlides(currentDoc().deck, selectionRef.current);
    if (!result) return;
    change(() => result.deck, { select: result.slides[0]?.id });
    setPicked(result.slides.slice(1).map((slide) => slide.id));
  }, [change, currentDoc]);

  const moveSelection = useCallback(
    (step: -1 | 1) => change((current) => moveSlidesBy(current, selectionRef.current, step)),
    [change],
  );

  const removeSlide = useCallback(
    (id: string, withSelection = false) => {
      if (withSelection && selectionRef.current.length > 1 && selectionRef.current.includes(id)) {
        removeSelection();
        return;
      }
      const current = currentDoc();
      if (current.deck.slides.length <= 1) return;
      const result = deleteSlide(current.deck, id);
      if (!result) return;
      const neighbour =
        current.deck.slides[result.index + 1]?.id ?? current.deck.slides[result.index - 1]?.id;
      change(() => result.deck, { select: current.selectedId === id ? neighbour : undefined });
      setToast({
        id: Date.now(),
        deck: result.deck,
        message: `Slide ${result.index + 1} deleted`,
        action: { label: "Undo", run: undo },
      });
    },
    [change, currentDoc, undo, removeSelection],
  );

  const duplicate = useCallback(
    (id: string) => {
      const result = duplicateSlide(currentDoc().deck, id);
      if (result) change(() => result.deck, { select: result.slide.id });
    },
    [change, currentDoc],
  );

  const add = (layout: TLayoutId) => {
    const current = currentDoc();
    const result = addSlide(current.deck, layout, current.selectedId || null);
    closeField();
    change(() => result.deck, { select: result.slide.id });
  };

  // Undo/redo and slide navigation from anywhere but controls with their own undo.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (presenting || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.altKey && (key === "z" || (key === "y" && !event.shiftKey))) {
        if (ownsUndo(event.target)) return;
        event.preventDefault();
        if (key === "y" || event.shiftKey) redo();
        else undo();
        return;
      }
      if (mod && event.shiftKey && key === "d") {
        event.preventDefault();
        const current = currentDoc();
        if (selectionRef.current.length > 1) duplicateSelection();
        else if (current.selectedId) duplicate(current.selectedId);
        return;
      }
      if (event.altKey && !mod && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
        if (ownsUndo(event.target) || (event.target as HTMLElement).closest?.("[data-deck-field]")) return;
        event.preventDefault();
        const current = currentDoc();
        const index = slideIndex(current.deck, current.selectedId);
        const next = current.deck.slides[index + (event.key === "ArrowDown" ? 1 : -1)];
        if (next) select(next.id);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [presenting, undo, redo, currentDoc, duplicate, duplicateSelection, select]);

  // Copy and paste slides (Ctrl/⌘+C, Ctrl/⌘+V outside a text field), within a deck or between decks.
  useEffect(() => {
    // Judged by the focused element (a clipboard event's target is where the caret last was) and
    // by selected text: copying and pasting text goes on as usual.
    const inText = () => {
      const focused = document.activeElement;
      return (
        ownsUndo(focused) ||
        (focused instanceof HTMLElement &&
          focused.closest("[data-deck-field], [contenteditable='true']") !== null) ||
        window.getSelection()?.isCollapsed === false
      );
    };
    const onCopy = (event: ClipboardEvent) => {
      if (presenting || !event.clipboardData || inText() || document.querySelector("dialog[open]")) return;
      const { deck: now } = currentDoc();
      const slides = selectionRef.current.flatMap((id) => now.slides.filter((slide) => slide.id === id));
      if (slides.length === 0) return;
      event.preventDefault();
      const outline = slidesOutline(slides);
      event.clipboardData.setData("text/plain", outline);
      event.clipboardData.setData(SLIDES_MIME, copiedJson(slides));
      rememberCopy(slides, outline);
      setToast({
        id: Date.now(),
        deck: now,
        message: `${count(slides.length, "slide")} copied — paste with ${PASTE_KEYS} here or in another deck`,
      });
    };
    const onPaste = (event: ClipboardEvent) => {
      if (presenting || !event.clipboardData || inText() || document.querySelector("dialog[open]")) return;
      const slides =
        readCopiedJson(event.clipboardData.getData(SLIDES_MIME)) ??
        recallCopy(event.clipboardData.getData("text/plain"));
      if (!slides) return;
      event.preventDefault();
      const current = currentDoc();
      const result = insertSlides(current.deck, selectionRef.current.at(-1) ?? null, slides);
      closeField();
      change(() => result.deck, { select: result.slides[0]?.id });
      setPicked(result.slides.slice(1).map((slide) => slide.id));
      setToast({
        id: Date.now(),
        deck: result.deck,
        message: `${count(result.slides.length, "slide")} pasted`,
        action: { label: "Undo", run: undo },
      });
    };
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPaste);
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPaste);
    };
  }, [presenting, currentDoc, change, closeField, undo]);

  // Following a link inside the app skips beforeunload: ask there too while changes are unsaved.
  const unsaved = autosave.status.state !== "saved";
  useEffect(() => {
    if (!unsaved) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download") || link.target === "_blank")
        return;
      if (!window.confirm("Some changes are not saved yet. Leave the editor anyway?")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [unsaved]);

  const onFieldChange = (target: TOpenField, value: TFieldValue) => {
    const key = `text:${target.slideId}:${target.field.key}`;
    const { field } = target;
    if (field.kind === "rich") {
      if (typeof value === "string") return;
      change((current) => writeRich(current, target.slideId, field, value), { key });
      return;
    }
    if (typeof value !== "string") return;
    const error = textFieldError(field, value);
    setFieldError(error);
    if (!error) change((current) => writeText(current, target.slideId, field, value), { key });
  };

  const onImage = (role: string) => {
    if (!selected) return;
    const target = imageTargetForRole(role);
    if (!target) return;
    closeField();
    setPicker(
      target.type === "image"
        ? { kind: "image", slideId: selected.id }
        : { kind: "icon", slideId: selected.id, path: target.path, label: target.label },
    );
  };

  const exportAs = async (format: "pptx" | "pdf") => {
    closeField();
    setExporting(format);
    setNotice(null);
    try {
      await autosave.flush();
      const link = document.createElement("a");
      link.href = `/editor/${presentationId}/export/${format}`;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      setNotice(
        error instanceof SaveError && error.conflict
          ? "Resolve the conflict before exporting: the saved presentation is not your version."
          : `The changes could not be saved, so the export would miss them: ${error instanceof Error ? error.message : "save failed"}.`,
      );
    } finally {
      setExporting(null);
    }
  };

  const allPages = deck.slides.flatMap((slide) => layouts.pagesOf(slide.id) ?? []);
  const presentStart = selected ? allPages.findIndex((page) => page.slideId === selected.id) : 0;
  const pickerSlide = picker ? deck.slides.find((slide) => slide.id === picker.slideId) : undefined;
  // Slim enough beside the docked inspector to leave a 1280 px window a slide over 700 px wide.
  const thumbWidth = wide ? 136 : 128;

  return (
    <div className="flex h-[calc(100dvh-3.5rem-1px)] flex-col bg-canvas" data-testid="editor">
      <div className="flex flex-wrap items-center gap-2 border-b border-line bg-white px-3 py-2">
        <h1 className="min-w-0 max-w-[28ch] truncate text-base font-bold text-gray-900" title={deck.title}>
          {deck.title || "Untitled"}
        </h1>
        <SaveStatus status={autosave.status} />
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          <Button size="sm" variant="ghost" onClick={undo} disabled={!history.canUndo} title="Undo (Ctrl+Z)">
            Undo
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={redo}
            disabled={!history.canRedo}
            title="Redo (Ctrl+Shift+Z)"
          >
            Redo
          </Button>
          <ShortcutsHelp />
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setPresenting(true)}
            disabled={!allPages.length}
          >
            Present
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              const opened = openPresenterWindow(presentationId, Math.max(0, presentStart));
              setNotice(opened ? null : POPUP_BLOCKED);
              setPresenting(opened);
            }}
            disabled={!allPages.length}
            title="Present here and open the presenter view, with notes, the next slide and a timer, in a window of its own"
          >
            Present with speaker view
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              closeField();
              setVersionsOpen(true);
            }}
            aria-haspopup="dialog"
            title="Named and automatic versions of this deck: preview and restore them"
          >
            Version history
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              closeField();
              setSharing(true);
            }}
            aria-haspopup="dialog"
          >
            Share
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => exportAs("pptx")}
            disabled={exporting !== null}
          >
            {exporting === "pptx" ? "Saving…" : "Export PPTX"}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => exportAs("pdf")} disabled={exporting !== null}>
            {exporting === "pdf" ? "Saving…" : "Export PDF"}
          </Button>
          <button
            type="button"
            className={buttonClass(showInspector ? "primary" : "secondary", "sm")}
            aria-expanded={showInspector}
            aria-controls="editor-inspector"
            onClick={() => setInspectorOpen(!showInspector)}
          >
            Inspector
          </button>
        </div>
        {notice && (
          <p role="alert" className="w-full text-xs font-semibold text-danger">
            {notice}
          </p>
        )}
      </div>

      <div className="relative flex min-h-0 flex-1 flex-col lg:flex-row">
        <nav
          aria-label="Slide list"
          className="flex shrink-0 items-start border-b border-line bg-white lg:w-52 lg:flex-col lg:border-r lg:border-b-0"
        >
          <div className="shrink-0 p-3 pb-0 max-lg:pr-0 max-lg:pb-3">
            <AddSlideMenu onAdd={add} />
          </div>
          {selection.length > 1 && (
            <SelectionBar
              count={selection.length}
              canDelete={selection.length < deck.slides.length}
              onMove={moveSelection}
              onDuplicate={duplicateSelection}
              onCopy={() => document.execCommand("copy")}
              onDelete={removeSelection}
              onClear={() => setPicked([])}
            />
          )}
          <div className="min-w-0 flex-1 self-stretch overflow-auto">
            <SlideList
              slides={deck.slides}
              selectedId={selected?.id ?? ""}
              selection={new Set(selection)}
              pagesOf={layouts.pagesOf}
              horizontal={!wide}
              thumbWidth={thumbWidth}
              onSelect={select}
              onMove={(activeId, overId) => change((current) => moveSlideOnto(current, activeId, overId))}
              onDuplicate={duplicate}
              onDelete={removeSlide}
            />
          </div>
        </nav>

        <main
          ref={canvasRef}
          aria-label="Slide canvas"
          className="relative flex min-w-0 flex-1 flex-col overflow-auto p-4"
        >
          {/* The AI prompt panel draws its proposal here (before and after), over the slide. */}
          <div
            ref={setProposalStage}
            data-testid="proposal-stage"
            className="absolute inset-0 z-10 overflow-auto bg-canvas p-4 empty:hidden"
          />
          {/* Auto margins centre the slide in the spare room, and give way to scrolling when it has none. */}
          {selected && canvasWidth > 0 && (
            <div className="m-auto">
              <SlideCanvas
                deck={deck}
                slide={selected}
                slideNumber={selectedIndex + 1}
                pages={layouts.pagesOf(selected.id)}
                layoutError={layouts.errorOf(selected.id)}
                width={canvasWidth}
                open={open}
                fieldError={fieldError}
                onOpen={(target) => {
                  setFieldError(null);
                  setOpen(target);
                }}
                onClose={closeField}
                onFieldChange={onFieldChange}
                onFormat={(slideId, role, format) =>
                  change((current) => setTextFormat(current, slideId, role, format))
                }
                onImage={onImage}
                onData={(section) => {
                  closeField();
                  setInspectorOpen(true);
                  setFocus({ section, at: Date.now() });
                }}
              />
            </div>
          )}
        </main>

        {showInspector && selected && (
          <aside
            id="editor-inspector"
            aria-label="Inspector"
            onKeyDown={(event) => {
              // The tablet drawer closes with Escape (docked on a wide screen, it stays).
              if (event.key === "Escape" && !wide && !event.defaultPrevented) setInspectorOpen(false);
            }}
            className="overflow-y-auto border-line bg-white max-lg:absolute max-lg:inset-y-0 max-lg:right-0 max-lg:z-30 max-lg:w-[min(24rem,92vw)] max-lg:border-l max-lg:shadow-2xl lg:w-80 lg:shrink-0 lg:border-l"
          >
            <div className="flex items-center justify-between border-b border-line px-4 py-2 lg:hidden">
              <span className="text-sm font-bold text-gray-900">Inspector</span>
              <Button size="sm" variant="ghost" onClick={() => setInspectorOpen(false)}>
                Close
              </Button>
            </div>
            <ProposalStageContext.Provider value={wide ? proposalStage : null}>
              <Inspector
                presentationId={presentationId}
                deck={deck}
                slide={selected}
                slideNumber={selectedIndex + 1}
                change={changeWithCheckpoint}
                focus={focus}
                onReplacePicture={() => setPicker({ kind: "image", slideId: selected.id })}
                onReplaceIcon={(path, label) =>
                  setPicker({ kind: "icon", slideId: selected.id, path, label })
                }
              />
            </ProposalStageContext.Provider>
          </aside>
        )}
      </div>

      <ImagePicker
        open={picker?.kind === "image" && pickerSlide !== undefined}
        presentationId={presentationId}
        value={pickerSlide?.content.image}
        onPick={(image) => {
          if (picker) change((current) => patchContent(current, picker.slideId, { image }));
          setPicker(null);
        }}
        onClose={() => setPicker(null)}
      />
      <IconPicker
        open={picker?.kind === "icon" && pickerSlide !== undefined}
        value={
          picker?.kind === "icon" && pickerSlide
            ? (getIn(pickerSlide.content, picker.path) as string | undefined)
            : undefined
        }
        onPick={(icon) => {
          if (picker?.kind === "icon") {
            const { slideId, path } = picker;
            change((current) =>
              updateSlide(current, slideId, (slide) => ({
                ...slide,
                content: setIn(slide.content, path, icon),
              })),
            );
          }
          setPicker(null);
        }}
        onClose={() => setPicker(null)}
      />

      <ConflictDialog
        open={autosave.status.state === "conflict"}
        currentVersion={autosave.status.currentVersion}
        busy={autosave.reloading}
        error={conflictError}
        onReload={() => {
          setConflictError(null);
          autosave
            .reloadLatest((latest) => {
              closeField();
              history.reset(latest);
            })
            .catch((error: unknown) =>
              setConflictError(
                `Could not load the newer version: ${error instanceof Error ? error.message : "error"}`,
              ),
            );
        }}
        onKeepMine={() => {
          setConflictError(null);
          autosave.keepMine().catch((error: unknown) => {
            if (!(error instanceof SaveError && error.conflict))
              setConflictError(
                `Could not save your version: ${error instanceof Error ? error.message : "error"}`,
              );
          });
        }}
      />

      <UndoToast toast={toast} onDismiss={dismissToast} />

      <ShareDialog
        open={sharing}
        presentationId={presentationId}
        beforeCreate={flushOrExplain}
        onClose={() => setSharing(false)}
      />

      <VersionHistoryDialog
        open={versionsOpen}
        presentationId={presentationId}
        beforeSave={flushOrExplain}
        onRestore={restoreVersion}
        onClose={() => setVersionsOpen(false)}
      />

      {presenting && (
        <PresentMode
          presentationId={presentationId}
          pages={allPages}
          notes={Object.fromEntries(deck.slides.map((slide) => [slide.id, slide.notes ?? ""]))}
          start={Math.max(0, presentStart)}
          onExit={() => setPresenting(false)}
        />
      )}
    </div>
  );
}
