/**
 * Hostile-upload bench: starts the built app (NEXT_DIST_DIR) with its defaults and sends the
 * security probe's denial-of-service files — a PDF of 190,000 text runs on one line, a DOCX whose
 * body is one paragraph of 500,000 runs, a CSV of 3,000,000 rows — one at a time, while
 * /api/health is asked every 50 ms. Prints each answer and its time, the slowest health answer, and
 * the server's peak RSS (process tree, sampled every 100 ms).
 * Run: npx tsx --conditions=react-server bench/hostile-uploads.ts [--json]
 */
import { parseArgs } from "node:util";
import { cliCreateKey, startDeckforgeServer } from "../tests/api/global-setup";
import {
  csvWithRows,
  docxWithOneHugeParagraph,
  pdfWithRunsOnOneLine,
} from "../tests/fixtures/files/build-hostile";
import { probeUpload } from "../tests/security/upload-probe";
import { sampleTreeRss, treeRss } from "./lib/process-rss";
import { writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });
const MB = 1024 * 1024;

const server = await startDeckforgeServer({ CREDITS_GRANT: "1000", RATE_LIMIT_PER_MINUTE: "100000" });
try {
  const key = cliCreateKey(server.dataDir, "bench@example.com", "bench", { CREDITS_GRANT: "1000" });
  const files = [
    { label: "PDF, 190,000 runs on one line", name: "runs.pdf", bytes: pdfWithRunsOnOneLine(190_000) },
    {
      label: "DOCX, one paragraph of 500,000 runs",
      name: "para.docx",
      bytes: await docxWithOneHugeParagraph(500_000),
    },
    { label: "CSV, 3,000,000 rows", name: "rows.csv", bytes: csvWithRows(3_000_000) },
  ];
  const idle = treeRss([server.pid]);
  const rows = [];
  for (const file of files) {
    const rss = sampleTreeRss([server.pid], 100);
    const res = await probeUpload(server.baseUrl, key, [file]);
    const { peak } = rss.stop();
    rows.push({
      file: file.label,
      bytes: file.bytes.length,
      status: res.status,
      answer_ms: Math.round(res.ms),
      health_max_ms: Math.round(res.healthMaxMs),
      health_calls: res.healthCalls,
      peak_rss_mb: Math.round(peak / MB),
      detail: res.status === 201 ? (res.json[0].warnings ?? []).join(" ") : res.json.detail,
    });
  }
  console.log(`idle RSS ${Math.round(idle / MB)} MB`);
  console.table(rows);
  const out = writeBenchJson("hostile-uploads", {
    command: "npm run bench:hostile-uploads",
    idle_rss_mb: Math.round(idle / MB),
    rows,
  });
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  console.log(`figures written to ${out}`);
} finally {
  await server.stop();
}
