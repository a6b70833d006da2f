import "server-only";
import { checkEnvironment, formatSettingProblem } from "./check-environment";

/**
 * Ends this process with exit code 1 when a setting is wrong, after one line per variable (name,
 * value, what is allowed) on stderr: for the instrumentation hook, so a plain `next start` stops as
 * `npm start` does (scripts/check-settings.ts) instead of serving while never becoming healthy.
 */
export function stopOnBadSettings(env: Record<string, string | undefined> = process.env): void {
  const problems = checkEnvironment(env);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(formatSettingProblem(problem));
  process.exit(1);
}
