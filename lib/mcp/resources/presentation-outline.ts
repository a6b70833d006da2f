import "server-only";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { deckOutline, outlineMarkdown } from "../deck-outline";
import type { TMcpContext } from "../mcp-context";
import { resourceError } from "../tool-result";

const OUTLINE_URI_TEMPLATE = "deckforge://presentations/{id}/outline";

/** How many of the account's decks resources/list names, newest updated first (all are readable). */
export const LISTED_OUTLINES = 50;

/** The outline resource's URI of a presentation. */
export function outlineUri(presentationId: string): string {
  return OUTLINE_URI_TEMPLATE.replace("{id}", encodeURIComponent(presentationId));
}

/**
 * `deckforge://presentations/{id}/outline`: a deck's slides with their text, as markdown and as the
 * same outline in JSON; only the key's account's decks, another's is "resource not found".
 */
export function registerPresentationOutline(server: McpServer, ctx: TMcpContext): void {
  server.registerResource(
    "presentation-outline",
    new ResourceTemplate(OUTLINE_URI_TEMPLATE, {
      list: async () => {
        // Ids and titles only: the dashboard's list (listPresentations) also lays out thumbnails.
        const rows = await ctx.db.presentation.findMany({
          where: { userId: ctx.userId },
          orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
          take: LISTED_OUTLINES,
          select: { id: true, title: true },
        });
        return {
          resources: rows.map((row) => ({
            uri: outlineUri(row.id),
            name: row.title || row.id,
            title: `Outline of “${row.title || "Untitled"}”`,
            mimeType: "text/markdown",
          })),
        };
      },
    }),
    {
      title: "Presentation outline",
      description:
        "Every slide of a presentation — number, id, layout, title, text and speaker notes — as markdown, and the same outline as JSON.",
      mimeType: "text/markdown",
    },
    async (uri, variables) => {
      try {
        const id = String(variables.id);
        const presentation = await getPresentationOrThrow(ctx.db, ctx.userId, id);
        const outline = deckOutline(presentation, ZDeck.parse(JSON.parse(presentation.deck)));
        return {
          contents: [
            { uri: uri.href, mimeType: "text/markdown", text: outlineMarkdown(outline) },
            { uri: uri.href, mimeType: "application/json", text: JSON.stringify(outline) },
          ],
        };
      } catch (error) {
        throw resourceError(error, ctx.requestId, uri.href);
      }
    },
  );
}
