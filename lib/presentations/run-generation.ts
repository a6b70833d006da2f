import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { Db } from "@/lib/db";
import { createFromJson } from "./create-from-json";
import { generateFromSlides } from "./generate-from-slides";
import { generatePresentation } from "./generate-presentation";
import type { TGenerationContext, TGenerationJob } from "./generation-context";

/**
 * Runs one generation of any kind against its reservation (settled when the deck is saved). On
 * failure the caller refunds: it alone knows whether the reservation is still its own.
 */
export async function runGeneration(
  db: Db,
  userId: string,
  job: TGenerationJob,
  ctx: TGenerationContext,
): Promise<TPresentationResult> {
  const result = await runJob(db, userId, job, ctx);
  const warnings = [...(job.warnings ?? []), ...(result.warnings ?? [])];
  return warnings.length > 0 ? { ...result, warnings } : result;
}

function runJob(
  db: Db,
  userId: string,
  job: TGenerationJob,
  ctx: TGenerationContext,
): Promise<TPresentationResult> {
  switch (job.kind) {
    case "generate_presentation":
      return generatePresentation(db, userId, job.request, ctx);
    case "generate_from_slides":
      return generateFromSlides(db, userId, job.request, ctx);
    case "create_from_json":
      return createFromJson(db, userId, job.request, ctx);
  }
}
