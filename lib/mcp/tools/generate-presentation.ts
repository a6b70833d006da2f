import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import { TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { assertUploadedFiles } from "@/lib/files/assert-uploaded-files";
import { onceForKey } from "@/lib/idempotency/with-idempotency";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { mcpRequestKey } from "../cancel-mcp-generation";
import type { TMcpContext } from "../mcp-context";
import { runTool } from "../tool-result";
import { ZGeneratePresentationInput } from "../tool-schemas";
import { waitForTask } from "../wait-for-task";

const DESCRIPTION = [
  "Generate a presentation — an editable PPTX or a PDF — from text (`content`) or a markdown outline (`slides_markdown`, one string per slide). Takes the fields of POST /api/v1/ppt/presentation/generate: `n_slides` is the deck's whole slide count (title slide and agenda included), nullable fields take null as not given, and `allow_access_to_user_info: false` keeps the account's name out of the deck. Unknown arguments are refused.",
  `Templates: ${TEMPLATE_IDS.join(", ")} (default general), or \`custom-<id>\` of a brand template the account uploaded (POST /api/v1/ppt/templates), which brings its own colours and fonts (another theme than the default is then refused). Themes: ${THEME_IDS.join(", ")} (default light); list_templates describes them.`,
  "Runs as an asynchronous task: when the call carries a progressToken, notifications/progress report each step (0–100). Answers once the deck is ready: `presentation_id`, `path` (a signed download URL that expires), `edit_path` (the deck in the web editor) and `credits_consumed`, plus `warnings` for what could not be done as asked.",
  "Credits are reserved before any work (an insufficient_credits error when the balance is short) and refunded when the generation fails. Cancelling the call (notifications/cancelled) cancels the generation: it stops, no deck is kept and the credits are refunded. Closing the connection without cancelling does not: the deck is still made (its task id is in the progress messages).",
  "`idempotency_key` (optional, 1–255 visible ASCII characters, e.g. a UUID): a call repeated with the same key and the same arguments within 24 hours answers the deck the first call queued — awaited if it is still being made — and is not charged again; the key with other arguments is an invalid_field error.",
].join("\n\n");

/** generate_presentation: the v1 generate fields, queued as a task like the /async endpoint, awaited. */
export function registerGeneratePresentation(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "generate_presentation",
    {
      title: "Generate a presentation",
      description: DESCRIPTION,
      inputSchema: ZGeneratePresentationInput,
      outputSchema: ZPresentationResult,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ idempotency_key, ...request }, extra) =>
      runTool(ctx.requestId, extra, async () => {
        const queue = async () => {
          // As the async endpoint: a bad file reference is refused now, not as a failed task.
          await assertUploadedFiles(ctx.db, ctx.userId, request.files ?? []);
          // The tool's arguments arrive with defaults applied: a theme other than the default is one sent.
          await assertTemplateUsable(ctx.db, ctx.userId, {
            template: request.template,
            themeSent: request.theme !== "light",
          });
          const task = await enqueueTask(
            ctx.db,
            ctx.userId,
            { kind: "generate_presentation", request },
            ctx.origin,
            { apiKeyId: ctx.apiKeyId, requestId: mcpRequestKey(extra.requestId) },
          );
          return Response.json({ task_id: task.id }, { status: 202 });
        };
        const queued =
          idempotency_key === undefined
            ? await queue()
            : await onceForKey(
                { db: ctx.db, userId: ctx.userId },
                { key: idempotency_key, route: "MCP generate_presentation", field: "idempotency_key" },
                request,
                queue,
              );
        const { task_id: taskId } = (await queued.json()) as { task_id: string };
        const progressToken = extra._meta?.progressToken;
        return waitForTask(ctx.db, ctx.userId, taskId, {
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
