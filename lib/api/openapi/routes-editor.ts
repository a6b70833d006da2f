/** OpenAPI entries of the editor's endpoints (layout preview, stored pictures, icons, pictures, AI prompt edit). */
import "server-only";
import { z } from "zod";
import { ZLayoutRequest, ZLayoutResponse } from "@/lib/api/schemas/presentations";
import { EXAMPLE_PRESENTATION } from "./examples";
import type { TApiRoute } from "./routes";

export const EDITOR_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/ppt/layout",
    operationId: "layoutSlides",
    summary: "Lay out slides",
    description:
      "Runs the layout engine on a Deck document (saved or not) and answers each page's positioned boxes — measured, fitted text lines, shapes, pictures, tables, charts — exactly as the PPTX, the PDF and the editor draw them. The editor calls it while the user types; stored pictures are referenced by their GET /api/v1/ppt/assets URL. Charges nothing.",
    tags: ["Editor"],
    auth: "api-key",
    body: {
      mediaType: "application/json",
      schema: ZLayoutRequest,
      example: { deck: EXAMPLE_PRESENTATION.deck, slide_ids: ["s2"] },
    },
    response: { status: 200, description: "The pages, in deck order.", schema: ZLayoutResponse },
    errors: [],
  },
  {
    method: "get",
    path: "/api/v1/ppt/assets/{name}",
    operationId: "getAsset",
    summary: "Get a stored picture",
    description:
      "A picture the service stored for this account (its upload, a provider's photo or a generated image found for it or its decks), named by the SHA-256 of its bytes as decks refer to it (`image.asset` = `assets/{name}`). Pictures belong to accounts: only an account that stored the picture (the same bytes uploaded by two accounts belong to both) or whose deck, or a saved version of one, shows it may read it; for any other account the answer is the 404 of a name nobody stored, so it cannot learn that the picture exists. Served `Cache-Control: private`.",
    tags: ["Editor"],
    auth: "api-key",
    pathParams: z.object({
      name: z.string().meta({
        description: "`<sha256>.jpg` or `<sha256>.png`.",
        example: `${"3f".repeat(32)}.jpg`,
      }),
    }),
    response: {
      status: 200,
      description: "The picture.",
      schema: { mediaTypes: ["image/jpeg", "image/png"] },
    },
    errors: ["not_found"],
  },
];
