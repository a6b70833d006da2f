import { ApiError } from "@/lib/api/errors";

/**
 * The 422 for references the account does not own — unknown and another account's alike, so ids
 * cannot be probed — with one `files.N` entry each, as generate's contract has it; null when all
 * are known.
 */
export function unknownFileRefs(refs: string[], known: Set<string>): ApiError | null {
  const errors = refs.flatMap((ref, i) =>
    known.has(ref) ? [] : [{ path: `files.${i}`, message: `Unknown file reference '${ref}'.` }],
  );
  if (errors.length === 0) return null;
  const detail = `${errors[0].path}: ${errors[0].message}`;
  return new ApiError(
    "invalid_field",
    errors.length > 1 ? `${detail} (and ${errors.length - 1} more)` : detail,
    {
      errors,
    },
  );
}
