/**
 * The web app's calls to the API: same-origin fetch with the session cookie; a problem answer
 * (RFC 9457) is thrown as a ProblemError carrying its body, so forms can show `detail` and the
 * per-field `errors`. Client-safe.
 */

export type TClientProblem = {
  type?: string;
  title: string;
  status: number;
  detail: string;
  code?: string;
  errors?: { path: string; message: string }[];
  [extension: string]: unknown;
};

export class ProblemError extends Error {
  constructor(readonly problem: TClientProblem) {
    super(problem.detail || problem.title);
    this.name = "ProblemError";
  }

  get status(): number {
    return this.problem.status;
  }

  /** The message of the field at `path` ("password", "slides.0.layout"), if the server named it. */
  fieldError(path: string): string | undefined {
    return this.problem.errors?.find((error) => error.path === path)?.message;
  }
}

/** JSON request to the API; resolves with the parsed answer (undefined for 204). */
export async function apiFetch<T>(
  path: string,
  init: Omit<RequestInit, "body"> & { body?: unknown } = {},
): Promise<T> {
  const { body, headers, ...rest } = init;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(path, {
    credentials: "same-origin",
    ...rest,
    headers: {
      accept: "application/json",
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const problem =
      parsed && typeof parsed === "object" && "status" in parsed
        ? (parsed as TClientProblem)
        : {
            title: response.statusText || "Request failed",
            status: response.status,
            detail: `The server answered ${response.status}.`,
          };
    throw new ProblemError(problem);
  }
  return parsed as T;
}

/** A message for any thrown error, for toasts and form banners. */
export function errorMessage(error: unknown): string {
  if (error instanceof ProblemError) return error.problem.detail || error.problem.title;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
