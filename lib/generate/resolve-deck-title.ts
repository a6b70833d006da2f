/** The deck's title: asked for, or named in the instructions, or taken from the content. */
import { describeContent } from "./offline/describe-content";
import { interpretInstructions } from "./offline/interpret-instructions";
import type { TOutlineSlide, TWriteOptions } from "./types";

/** Title and subtitle for the deck; the subtitle only when it comes from the content. */
export function resolveDeckTitle(
  outline: readonly TOutlineSlide[],
  opts: Pick<TWriteOptions, "title" | "instructions" | "content">,
): { title: string; subtitle?: string } {
  const described = describeContent(opts.content);
  const asked = opts.title?.trim() || interpretInstructions(opts.instructions).title;
  const title = asked || described.title || outline[0]?.title || "Presentation";
  return { title, subtitle: described.subtitle };
}
