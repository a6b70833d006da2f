import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { getPresentationDetail } from "@/lib/presentations/get-presentation-detail";
import { deckOutline } from "../deck-outline";
import type { TMcpContext } from "../mcp-context";
import { outlineUri } from "../resources/presentation-outline";
import { runTool } from "../tool-result";
import { type TPresentationOverview, ZGetPresentationInput, ZPresentationOverview } from "../tool-schemas";

/** get_presentation: what GET /api/v1/ppt/presentation/{id} answers, with the slides listed instead of the Deck. */
export function registerGetPresentation(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "get_presentation",
    {
      title: "Get a presentation",
      description:
        "A presentation of this account: title, version, dates, template, theme, language, `edit_path`, every export with a fresh signed download link, and its slides (number, id, layout, title). Each slide's full text is in the resource named by `outline_uri`. Another account's presentation is not_found, like an unknown id.",
      inputSchema: ZGetPresentationInput,
      outputSchema: ZPresentationOverview,
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    (input, extra) =>
      runTool(ctx.requestId, extra, async () => {
        const { deck, ...detail } = await getPresentationDetail(
          ctx.db,
          ctx.userId,
          input.presentation_id,
          ctx.origin,
        );
        const outline = deckOutline({ id: detail.presentation_id, version: detail.version }, deck);
        const overview: TPresentationOverview = {
          ...detail,
          language: deck.language,
          template: deck.template,
          theme: deck.theme,
          outline_uri: outlineUri(detail.presentation_id),
          slides: outline.slides.map(({ number, id, layout, title }) => ({ number, id, layout, title })),
        };
        return overview;
      }),
  );
}
