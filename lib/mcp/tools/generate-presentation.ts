import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import { TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { assertUploadedFiles } from "@/lib/files/assert-uploaded-files";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import type { TMcpContext } from "../mcp-context";
import { runTool } from "../tool-result";
import { waitForTask } from "../wait-for-task";

const DESCRIPTION = [
  "Generate a presentation — an editable PPTX or a PDF — from text (`content`) or a markdown outline (`slides_markdown`, one string per slide). Takes the fields of POST /api/v1/ppt/presentation/generate: `n_slides` is the deck's whole slide count (title slide and agenda included), nullable fields take null as not given, and `allow_access_to_user_info: false` keeps the account's name out of the deck. Unknown arguments are refused.",
  `Templates: ${TEMPLATE_IDS.join(", ")} (default general). Themes: ${THEME_IDS.join(", ")} (default light); list_templates describes them.`,
  "Runs as an asynchronous task: when the call carries a progressToken, notifications/progress report each step (0–100). Answers once the deck is ready: `presentation_id`, `path` (a signed download URL that expires), `edit_path` (the deck in the web editor) and `credits_consumed`, plus `warnings` for what could not be done as asked.",
  "Credits are reserved before any work (an insufficient_credits error when the balance is short) and refunded when the generation fails. A cancelled call does not stop the task: the deck is still made and charged.",
].join("\n\n");

/** generate_presentation: the v1 generate fields, queued as a task like the /async endpoint, awaited. */
export function registerGeneratePresentation(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "generate_presentation",
    {
      title: "Generate a presentation",
      description: DESCRIPTION,
      inputSchema: ZGeneratePresentationRequest,
      outputSchema: ZPresentationResult,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    (request, extra) =>
      runTool(ctx.requestId, extra, async () => {
        // As the async endpoint: a bad file reference is refused now, not as a failed task.
        await assertUploadedFiles(ctx.db, ctx.userId, request.files ?? []);
        const task = await enqueueTask(
          ctx.db,
          ctx.userId,
          { kind: "generate_presentation", request },
          ctx.origin,
        );
        const progressToken = extra._meta?.progressToken;
        return waitForTask(ctx.db, ctx.userId, task.id, {
          signal: extra.signal,
          onProgress: async (view) => {
            if (progressToken === undefined) return;
            await extra.sendNotification({
              method: "notifications/progress",
              params: {
                progressToken,
                progress: view.progress,
                total: 100,
                message: `${view.message} (task ${view.id})`,
              },
            });
          },
        });
      }),
  );
}
