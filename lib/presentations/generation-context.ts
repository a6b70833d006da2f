import type {
  TCreateFromJsonRequest,
  TGenerateFromSlidesRequest,
  TGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";

/** Reports a step of a generation: a human message and a percentage (0–100). */
export type TProgress = (message: string, progress: number) => Promise<void>;

/** The credits reserved for one generation (lib/credits): settled with the actual charge on success. */
export type TCharge = { entryId: string };

/** What a generation runs with besides its request. */
export type TGenerationContext = {
  /** The origin the result's links are built on. */
  origin: string;
  charge: TCharge;
  progress?: TProgress;
  /** Set when the generation runs as an async task. */
  taskId?: string;
  /** Aborted when the task is no longer this worker's (cancelled): the model calls stop. */
  signal?: AbortSignal;
};

/**
 * One generation request, tagged with its kind (the kinds lib/credits estimates), with what the
 * request's parse already has to tell the caller (ignored unknown fields): the result's
 * `warnings` start with these.
 */
export type TGenerationJob = (
  | { kind: "generate_presentation"; request: TGeneratePresentationRequest }
  | { kind: "generate_from_slides"; request: TGenerateFromSlidesRequest }
  | { kind: "create_from_json"; request: TCreateFromJsonRequest }
) & { warnings?: string[] };

export type TGenerationKind = TGenerationJob["kind"];
