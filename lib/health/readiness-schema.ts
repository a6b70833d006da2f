import { z } from "zod";

/** One readiness check: its outcome, how long it took, and on failure a short public reason. */
export const ZReadinessCheck = z.object({
  status: z.enum(["ok", "error"]),
  latency_ms: z.number().int().min(0).describe("How long the check took, in milliseconds."),
  detail: z
    .string()
    .optional()
    .describe("Why the check failed (or a note); never an internal error message."),
});
export type TReadinessCheck = z.infer<typeof ZReadinessCheck>;

/** The queue check adds what the queue holds. */
export const ZQueueCheck = ZReadinessCheck.extend({
  engine: z
    .enum(["in-process", "pg-boss"])
    .describe("The job queue engine (JOB_QUEUE): pg-boss on PostgreSQL, else the in-process worker."),
  queued_jobs: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe("pg-boss only: jobs waiting for a worker in its task queue (null on the in-process engine)."),
  pending: z.number().int().min(0).nullable().describe("Tasks waiting for a worker (null when unread)."),
  processing: z.number().int().min(0).nullable().describe("Tasks being run by some worker."),
  oldest_pending_age_ms: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe("Age of the oldest waiting task; null when none waits."),
});
export type TQueueCheck = z.infer<typeof ZQueueCheck>;

export const READINESS_CHECKS = ["database", "queue", "storage"] as const;
export type TReadinessCheckName = (typeof READINESS_CHECKS)[number];

/** GET /api/health/ready: 200 with `ready`, or 503 with `not_ready` and the failing checks. */
export const ZReadinessResponse = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: ZReadinessCheck, queue: ZQueueCheck, storage: ZReadinessCheck }),
  failing: z.array(z.enum(READINESS_CHECKS)).describe("The checks that failed; empty when ready."),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;
