// The security probe's denial-of-service uploads against the real server: a PDF of 190,000 text
// runs on one line (it stalled the server for 15 minutes), a DOCX whose body is one paragraph of
// 500,000 runs, a CSV of 3,000,000 rows. Each is answered in seconds while /api/health keeps
// answering, the server's memory stays bounded, and the budgets hold: a reading thread past its
// heap or time is ended (422), a full reader queue or too many bytes in flight is a 503 with
// Retry-After, and a client that goes away frees its reader at once.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleTreeRss } from "../../bench/lib/process-rss";
import { cliCreateKey, startDeckforgeServer } from "../api/global-setup";
import { csvWithRows, docxWithOneHugeParagraph, pdfWithRunsOnOneLine } from "../fixtures/files/build-hostile";
import { probeUpload } from "./upload-probe";

const MB = 1024 * 1024;
/** The bound this suite holds the server's resident memory to (process tree; idle is ~290 MB). */
const RSS_BOUND = 1200 * MB;
/** Slowest /api/health answer allowed while a hostile file is read (bench: ≤ 50 ms measured). */
const HEALTH_BOUND_MS = 500;

type TServer = Awaited<ReturnType<typeof startDeckforgeServer>>;
const small = [{ name: "note.txt", bytes: Buffer.from("The ferry timetable changes in spring.") }];

describe("one upload cannot stall the server", () => {
  let server: TServer;
  let key: string;
  let rss: ReturnType<typeof sampleTreeRss>;
  let csvMs = 0;

  beforeAll(async () => {
    // One reading thread and no queue, so a busy reader is visible as a 503 (the cancellation test).
    server = await startDeckforgeServer({ CREDITS_GRANT: "10", PARSE_WORKERS: "1", PARSE_QUEUE: "0" });
    key = cliCreateKey(server.dataDir, "dos@example.com", "dos", { CREDITS_GRANT: "10" });
    rss = sampleTreeRss([server.pid], 100);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reads a PDF of 190,000 runs on one line in seconds, keeping the first 200,000 characters", async () => {
    const pdf = pdfWithRunsOnOneLine(190_000);
    expect(pdf.length).toBeLessThan(25_000);
    const res = await probeUpload(server.baseUrl, key, [{ name: "runs.pdf", bytes: pdf }]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json[0].warnings).toEqual(["Only the first 200,000 characters are used."]);
    expect(res.json[0].characters).toBeLessThanOrEqual(200_000);
    expect(res.ms).toBeLessThan(20_000);
    expect(res.healthCalls).toBeGreaterThan(0);
    expect(res.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it("cuts a DOCX whose body is one paragraph of 500,000 runs inside that paragraph", async () => {
    const docx = await docxWithOneHugeParagraph(500_000);
    const res = await probeUpload(server.baseUrl, key, [{ name: "paragraph.docx", bytes: docx }]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json[0].warnings).toEqual(["Only the first 200,000 characters are used."]);
    expect(res.json[0].characters).toBeGreaterThan(100_000);
    expect(res.ms).toBeLessThan(20_000);
    expect(res.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it("summarises a CSV of 3,000,000 rows without holding the event loop", async () => {
    const csv = csvWithRows(3_000_000);
    const res = await probeUpload(server.baseUrl, key, [{ name: "rows.csv", bytes: csv }]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json[0].warnings[0]).toMatch(/^The CSV is summarised: 3,000,000 rows and 2 columns/);
    expect(res.ms).toBeLessThan(30_000);
    expect(res.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
    csvMs = res.ms;
  });

  it("ends the reading thread when the client goes away, freeing the reader at once", async () => {
    const csv = csvWithRows(3_000_000);
    // The big upload; on a loaded machine a small probe may take the one reader while the big
    // body is still on its way, and the big upload is then refused: it is sent again.
    let abort = new AbortController();
    let refused = false;
    const startSlow = () => {
      abort = new AbortController();
      refused = false;
      const upload = probeUpload(server.baseUrl, key, [{ name: "rows.csv", bytes: csv }], {
        signal: abort.signal,
      });
      upload.then(
        (res) => {
          refused = res.status === 503;
        },
        () => {},
      );
      return upload;
    };
    let slow = startSlow();
    // The one reader is busy once a small upload is refused for it.
    let busy: Awaited<ReturnType<typeof probeUpload>> | undefined;
    for (let i = 0; i < 100 && !busy; i++) {
      if (refused) slow = startSlow();
      const res = await probeUpload(server.baseUrl, key, small);
      // A refusal counts only while the big upload is the one reading.
      if (res.status === 503 && !refused) busy = res;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(busy?.json).toMatchObject({ status: 503, code: "server_busy" });
    expect(busy?.headers.get("retry-after")).toBe("5");
    const aborted = performance.now();
    abort.abort();
    let freedMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 100; i++) {
      const res = await probeUpload(server.baseUrl, key, small);
      if (res.status === 201) {
        freedMs = performance.now() - aborted;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect(slow).rejects.toThrow();
    // Reading that CSV took csvMs above; the reader came back well before it could have finished.
    expect(freedMs).toBeLessThan(csvMs / 2);
  });

  it("kept the server's memory under the bound through all of it", () => {
    const { peak } = rss.stop();
    expect(peak).toBeLessThan(RSS_BOUND);
  });
});

describe("reading budgets", () => {
  let server: TServer;
  let key: string;

  beforeAll(async () => {
    server = await startDeckforgeServer({
      CREDITS_GRANT: "10",
      PARSE_TIMEOUT_MS: "1500",
      UPLOAD_BYTES_IN_FLIGHT: String(24 * MB),
    });
    key = cliCreateKey(server.dataDir, "budgets@example.com", "budgets", { CREDITS_GRANT: "10" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("ends a reading thread that passes PARSE_TIMEOUT_MS: 422 naming the file and the setting", async () => {
    const res = await probeUpload(server.baseUrl, key, [{ name: "rows.csv", bytes: csvWithRows(3_000_000) }]);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toEqual({
      path: "files.0",
      message:
        "'rows.csv' took longer than 1.5 s to read (PARSE_TIMEOUT_MS) and was stopped; it is too complex to use.",
    });
    expect(res.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
    // The reader is usable again at once.
    expect((await probeUpload(server.baseUrl, key, small)).status).toBe(201);
  });

  it("ends a reading thread that passes PARSE_MEMORY_MB: 422 naming the file and the setting", async () => {
    const tight = await startDeckforgeServer({ CREDITS_GRANT: "10", PARSE_MEMORY_MB: "64" });
    try {
      const tightKey = cliCreateKey(tight.dataDir, "memory@example.com", "memory", { CREDITS_GRANT: "10" });
      const docx = await docxWithOneHugeParagraph(500_000);
      const res = await probeUpload(tight.baseUrl, tightKey, [{ name: "paragraph.docx", bytes: docx }]);
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        {
          path: "files.0",
          message:
            "'paragraph.docx' needs more than 64 MB of memory to read (PARSE_MEMORY_MB) and was stopped; it is too complex to use.",
        },
      ]);
      expect(res.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
      // The pool starts a fresh thread for the next file.
      expect((await probeUpload(tight.baseUrl, tightKey, small)).status).toBe(201);
    } finally {
      await tight.stop();
    }
  });

  it("refuses bytes past UPLOAD_BYTES_IN_FLIGHT with a 503 and Retry-After while another upload holds them", async () => {
    // An upload that sends 20 MB of its file and then waits: those bytes are held meanwhile.
    const boundary = "deckforge-held-upload";
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let sentAll = () => {};
    const allSent = new Promise<void>((resolve) => {
      sentAll = resolve;
    });
    const line = Buffer.from("The ferry timetable changes in spring and autumn.\n");
    let pulls = 0;
    const held = new ReadableStream<Uint8Array>({
      // Each chunk is handed over when the client asks for it, so the 20 MB are on their way when
      // the 21st pull comes.
      async pull(controller) {
        pulls++;
        if (pulls === 1) {
          controller.enqueue(
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="held.txt"\r\nContent-Type: text/plain\r\n\r\n`,
            ),
          );
        } else if (pulls <= 21) {
          controller.enqueue(Buffer.alloc(MB, line));
        } else {
          sentAll();
          await finished;
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const first = fetch(`${server.baseUrl}/api/v1/ppt/files/upload`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: held,
      // biome-ignore lint/suspicious/noExplicitAny: Node needs duplex for stream bodies; lib.dom lacks it
      ...({ duplex: "half" } as any),
    });
    let firstStatus = 0;
    first.then((res) => (firstStatus = res.status)).catch(() => {});
    await allSent;
    // The server has taken the 20 MB once its temporary file holds them.
    const received = () =>
      fs
        .readdirSync(path.join(server.dataDir, "tmp", "uploads"))
        .map((folder) => path.join(server.dataDir, "tmp", "uploads", folder, "part-0"))
        .some((file) => fs.existsSync(file) && fs.statSync(file).size >= 20 * MB);
    for (let i = 0; i < 200 && !received(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(received()).toBe(true);
    // Now a 5 MB upload is refused.
    const five = [{ name: "five.txt", bytes: Buffer.alloc(5 * MB, "Spring timetable. ") }];
    let refused: Awaited<ReturnType<typeof probeUpload>> | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const res = await probeUpload(server.baseUrl, key, five);
      if (res.status === 503) refused = res;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(firstStatus, "the held upload is still open").toBe(0);
    expect(refused?.json).toMatchObject({ status: 503, code: "server_busy" });
    expect(refused?.json.detail).toMatch(/as many upload bytes as it holds at once \(24 MB\)/);
    expect(refused?.headers.get("retry-after")).toBe("5");
    finish();
    const done = await first;
    expect(done.status).toBe(201);
    // Its bytes are given back: the same 5 MB upload now goes through.
    expect((await probeUpload(server.baseUrl, key, five)).status).toBe(201);
  });

  it("answers a body larger than UPLOAD_BYTES_IN_FLIGHT with 413 from its declared length", async () => {
    const res = await probeUpload(server.baseUrl, key, [
      { name: "big.txt", bytes: Buffer.alloc(25 * MB - 10, "a ") },
    ]);
    expect(res.status).toBe(413);
    expect(res.json.detail).toBe(
      "The request body exceeds 24 MB, the upload bytes this server holds at once (UPLOAD_BYTES_IN_FLIGHT).",
    );
  });
});
