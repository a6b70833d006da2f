/**
 * The deck's frame: the slides around its content — title slide, agenda, closing — as the request
 * and its instructions ask for them. `n_slides` counts them: a deck asked to have 10 slides has 10.
 */
import { interpretInstructions } from "./offline/interpret-instructions";

export type TFrame = { title: boolean; agenda: boolean; closing: boolean };

/** What decides the frame: the request's switches and its instructions ("add an agenda", "no thank-you slide"). */
export type TFrameRequest = {
  include_title_slide: boolean;
  include_table_of_contents: boolean;
  instructions?: string;
  /** Append a closing slide unless the instructions say not to. */
  includeClosing?: boolean;
};

/** The frame the request asks for. */
export function planFrame(request: TFrameRequest): TFrame {
  const plan = interpretInstructions(request.instructions);
  return {
    title: request.include_title_slide,
    agenda: (request.include_table_of_contents && !plan.noAgenda) || plan.agenda,
    closing: (!!request.includeClosing && !plan.noClosing) || plan.closing,
  };
}

/** Slides of a frame. */
export function frameSize(frame: TFrame): number {
  return Number(frame.title) + Number(frame.agenda) + Number(frame.closing);
}

/** Frame slides a deck of `nSlides` leaves out, least needed first. */
const DROP_ORDER = [
  ["closing", "closing slide"],
  ["agenda", "agenda"],
  ["title", "title slide"],
] as const;

/**
 * Fits a frame into a deck of `nSlides` slides: the content slides are what the frame leaves,
 * at least one; when the frame leaves none, the closing slide, then the agenda, then the title
 * slide are left out, and `dropped` names them for a warning.
 */
export function fitFrame(
  nSlides: number,
  frame: TFrame,
): { frame: TFrame; contentSlides: number; dropped: string[] } {
  const fitted = { ...frame };
  const dropped: string[] = [];
  for (const [part, name] of DROP_ORDER) {
    if (frameSize(fitted) < nSlides) break;
    if (!fitted[part]) continue;
    fitted[part] = false;
    dropped.push(name);
  }
  return { frame: fitted, contentSlides: Math.max(1, nSlides - frameSize(fitted)), dropped };
}

/**
 * The frame and content-slide count of a generate request: n_slides fitted (fitFrame), or, for a
 * given outline (slides_markdown), one content slide per item with the whole frame added.
 */
export function requestFrame(
  request: TFrameRequest & { n_slides: number; slides_markdown?: readonly string[] },
): { frame: TFrame; contentSlides: number; dropped: string[] } {
  const planned = planFrame(request);
  return request.slides_markdown
    ? { frame: planned, contentSlides: request.slides_markdown.length, dropped: [] }
    : fitFrame(request.n_slides, planned);
}
