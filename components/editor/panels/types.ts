/**
 * Props of the editor's panels (components/editor/panels/*), the contract between the editor
 * shell and the panels. Client-safe.
 */
import type { TChart, TImage, TSlide, TTable } from "@/lib/deck/schema";

/** Replace a slide's picture: upload, search the configured stock/AI provider, or an offline picture. */
export type TImagePickerProps = {
  open: boolean;
  presentationId: string;
  /** The slide's current picture (its query seeds the search box). */
  value: TImage | undefined;
  /** The chosen picture, stored by the server (`asset` set) or offline (`query` only). */
  onPick: (image: TImage) => void;
  onClose: () => void;
};

/** Choose an icon from the shipped set with a search box. */
export type TIconPickerProps = {
  open: boolean;
  /** The current icon name or keywords. */
  value: string | undefined;
  /** A Lucide icon name ("rocket"). */
  onPick: (icon: string) => void;
  onClose: () => void;
};

/** Edit a table's cells, add/remove rows and columns; every change is a valid ZTable. */
export type TTableEditorProps = { value: TTable; onChange: (table: TTable) => void };

/** Edit a chart's type, categories, series and values; every change is a valid ZChart. */
export type TChartEditorProps = { value: TChart; onChange: (chart: TChart) => void };

/**
 * The AI prompt box of a slide: sends the prompt (POST /api/v1/ppt/presentation/{id}/ai-edit),
 * shows the cost before, the proposal and the balance after, and hands accepted slides back.
 */
export type TAiPromptPanelProps = {
  presentationId: string;
  slide: TSlide;
  /** The accepted proposal: replaces the slide (see ZAiEditResponse.slides). */
  onAccept: (slides: TSlide[]) => void;
};
