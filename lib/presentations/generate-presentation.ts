import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import { getConfig } from "@/lib/config";
import { countDocumentPages } from "@/lib/credits/count-document-pages";
import type { Db } from "@/lib/db";
import { resolveUploadedFiles } from "@/lib/files/resolve-uploaded-files";
import { requestFrame } from "@/lib/generate/frame-slides";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { parseSlideMarkdown } from "@/lib/generate/parse-outline";
import { resolveDeckImages } from "@/lib/images/resolve-deck-images";
import { searchTopic } from "@/lib/search/search-topic";
import { webContext } from "@/lib/search/web-context";
import { getStorage } from "@/lib/storage";
import type { TGenerationContext } from "./generation-context";
import { placeDocumentImages } from "./place-document-images";
import { savePresentation } from "./save-presentation";

/**
 * POST /api/v1/ppt/presentation/generate: content (or the caller's slides_markdown) → outline →
 * deck → exported file. Requested behaviour that cannot be carried out is reported in `warnings`.
 */
export async function generatePresentation(
  db: Db,
  userId: string,
  input: TGeneratePresentationRequest,
  ctx: TGenerationContext,
): Promise<TPresentationResult> {
  const progress = ctx.progress ?? (async () => {});
  const storage = getStorage();
  const messages: string[] = [];
  let content = input.content;
  if (input.files?.length) await progress("Reading files", 2);
  // Files share the content limit with the request's own text.
  const files = await resolveUploadedFiles(db, userId, input.files ?? [], {
    maxChars: Math.max(1000, getConfig().MAX_CONTENT_CHARS - content.length),
  });
  if (files.text) content = [content.trim(), files.text].filter(Boolean).join("\n\n");
  messages.push(...files.warnings);
  if (input.web_search) {
    await progress("Searching the web", 5);
    const web = await webContext(
      searchTopic(content || (input.slides_markdown ?? []).join("\n"), input.instructions),
    );
    if (web.text) content = `${content}\n\n${web.text}`;
    messages.push(...web.warnings, ...(web.summary ? [web.summary] : []));
  }
  const provider = getProvider();
  await progress(input.slides_markdown ? "Reading the outline" : "Generating outline", 10);
  const outline = input.slides_markdown?.map((md) =>
    parseSlideMarkdown(md, { stripEmphasis: !input.markdown_emphasis }),
  );
  // n_slides counts the whole deck: the frame (title slide, agenda, closing) comes out of it. A
  // given outline is the content as it stands, the frame added.
  const fitted = requestFrame(input);
  if (fitted.dropped.length > 0)
    messages.push(
      `n_slides ${input.n_slides} leaves room for one content slide only, so the deck has no ${fitted.dropped.join(", ")}; ask for more slides to have ${fitted.dropped.length === 1 ? "it" : "them"}.`,
    );
  const author = input.allow_access_to_user_info ? await accountName(db, userId) : undefined;
  const generated = await generateDeck(
    provider,
    {
      content,
      instructions: input.instructions,
      tone: input.tone,
      verbosity: input.verbosity,
      language: input.language,
      n_slides: fitted.contentSlides,
      frame: fitted.frame,
      include_title_slide: fitted.frame.title,
      include_table_of_contents: fitted.frame.agenda,
      markdown_emphasis: input.markdown_emphasis,
      template: input.template,
      theme: input.theme,
      ...(author ? { author } : {}),
      ...(files.title && !input.content.trim() ? { title: files.title } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      // Not awaited: the provider calls this synchronously; the task's reporter writes in order.
      onSlideWritten: (done, total) =>
        void progress(`Generating slides ${done}/${total}`, 20 + Math.round((40 * done) / total)),
    },
    outline,
  );
  messages.unshift(...generated.warnings.map((warning) => warning.message));
  await progress("Finding pictures", 62);
  const fromDocuments = await placeDocumentImages(generated.deck, files.images, storage, { db, userId });
  const pictures = await resolveDeckImages(fromDocuments.deck, {
    imageType: input.image_type,
    storage,
    owner: { db, userId },
    presentationScope: userId,
  });
  messages.push(...pictures.warnings);
  await progress("Exporting", 75);
  return savePresentation(db, userId, pictures.deck, {
    format: input.export_as,
    origin: ctx.origin,
    charge: ctx.charge,
    warnings: messages,
    aiImages: pictures.aiImages,
    documentPages: await countDocumentPages(db, userId, input.files ?? []),
  });
}

/** The account's display name, the deck's author when the request allows it (none when unset). */
async function accountName(db: Db, userId: string): Promise<string | undefined> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { name: true } });
  return user?.name?.trim() || undefined;
}
