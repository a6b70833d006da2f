// Run by `npm start` (scripts/start.mjs) before it builds or serves: checks every setting in the
// environment with the server's own schemas. A wrong one: one line per variable on stderr (name,
// value, what is allowed) and exit 1. All good: where the data lives, as JSON on stdout.
//
//   node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/check-settings.ts
import { checkEnvironment, formatSettingProblem } from "@/lib/lifecycle/check-environment";
import { describeDataLocation } from "@/lib/lifecycle/describe-data-location";

const problems = checkEnvironment(process.env);
if (problems.length > 0) {
  for (const problem of problems) console.error(formatSettingProblem(problem));
  process.exit(1);
}
console.log(JSON.stringify(describeDataLocation(process.env)));
