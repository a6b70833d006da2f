// Replays a client of the peer product (Presenton) against the real server, end to end: it uploads
// documents and passes the upload's answer on as `files`, sends the peer's full field set (nulls for
// unset nullable fields, its newer `title` field), generates synchronously and as a task polled
// every 2 s until `completed` or a failure status, reads data.presentation_id/path/edit_path,
// retries a 429 after Retry-After (on a server limited to 2 requests a minute), and receives
// signed webhooks. Also: n_slides counts the whole deck, Prefer: handling=strict, and
// create/from-json without layouts.
import fs from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startMockServer, type TMockServer } from "../unit/net-mock-server";
import { cliCreateKey, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";
import { download, pptxSlides, squash, UUID } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/files");
/** Enough text for ten distinct content slides. */
const LONG = [
  SAMPLE_CONTENT,
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/text/article-heat-pumps.md"), "utf8"),
].join("\n\n");

/** The failure statuses a peer client waits for: the peer says `failed`, this API says `error`. */
const FAILURE_STATUSES = ["failed", "error"];

// biome-ignore lint/suspicious/noExplicitAny: the client reads arbitrary JSON answers
type TJson = any;

/** A client written for the peer product, pointed at this server. */
class PeerClient {
  /** Every answer status, in order, so tests can see what the client went through. */
  readonly seen: number[] = [];
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  /** One call; a 429 is retried after its Retry-After (at most 3 times), as the peer's clients do. */
  async call(
    pathname: string,
    init: { method?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, ...init.headers };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${this.baseUrl}${pathname}`, {
        method: init.method ?? (init.body !== undefined || init.form ? "POST" : "GET"),
        headers,
        body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
      });
      this.seen.push(res.status);
      if (res.status === 429 && attempt < 3) {
        const wait = Number(res.headers.get("retry-after"));
        expect(Number.isFinite(wait), "a 429 carries Retry-After").toBe(true);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        json: (text ? JSON.parse(text) : undefined) as TJson,
      };
    }
  }

  /** POST /api/v1/ppt/files/upload (multipart `files`): the answer as it comes back. */
  async upload(names: string[]) {
    const form = new FormData();
    for (const name of names)
      form.append("files", new Blob([new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)))]), name);
    const res = await this.call("/api/v1/ppt/files/upload", { form });
    expect(res.status).toBe(201);
    return res.json as TJson[];
  }

  generate(body: unknown, headers?: Record<string, string>) {
    return this.call("/api/v1/ppt/presentation/generate", { body, headers });
  }

  /** Queues, then polls GET /api/v1/ppt/presentation/status/{id} every 2 s until done or failed. */
  async generateAsync(body: unknown, pathname = "/api/v1/ppt/presentation/generate/async") {
    const queued = await this.call(pathname, { body });
    expect(queued.status, JSON.stringify(queued.json)).toBe(202);
    const statuses: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await this.call(`/api/v1/ppt/presentation/status/${queued.json.id}`);
      expect(res.status).toBe(200);
      statuses.push(res.json.status);
      if (res.json.status === "completed" || FAILURE_STATUSES.includes(res.json.status))
        return { queued: queued.json, task: res.json, statuses };
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    throw new Error(`task ${queued.json.id} did not finish: ${statuses.join(", ")}`);
  }
}

/** The peer's full field set, every nullable field null and the rest at its documented default. */
const PEER_DEFAULTS = {
  content: null,
  slides_markdown: null,
  instructions: null,
  tone: "default",
  verbosity: "standard",
  markdown_emphasis: true,
  web_search: false,
  image_type: "stock",
  theme: null,
  n_slides: 8,
  language: "English",
  template: "general",
  include_table_of_contents: false,
  include_title_slide: true,
  files: null,
  export_as: "pptx",
  trigger_webhook: false,
};

let client: PeerClient;
let receiver: TMockServer;
let secret: string;

beforeAll(async () => {
  client = new PeerClient(
    inject("baseUrl"),
    cliCreateKey(inject("dataDir"), "peer-client@example.com", "peer"),
  );
  receiver = await startMockServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ok");
  });
  const subscribed = await client.call("/api/v1/webhook/subscribe", {
    body: { url: `${receiver.origin}/hooks`, event: "presentation.generation.completed" },
  });
  expect(subscribed.status).toBe(201);
  secret = subscribed.json.secret;
  const failed = await client.call("/api/v1/webhook/subscribe", {
    body: { url: `${receiver.origin}/hooks`, event: "presentation.generation.failed", secret },
  });
  expect(failed.status).toBe(201);
});

afterAll(async () => {
  await receiver?.close();
});

/** The verified webhook bodies received for a presentation or task, waiting up to 20 s for one. */
async function webhooksFor(match: (body: TJson) => boolean): Promise<TJson[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const bodies = receiver.requests
      .filter((r) => r.url === "/hooks")
      .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as TJson)
      .filter(match);
    if (bodies.length > 0 || Date.now() > deadline) return bodies;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function slidesOf(result: TJson): Promise<string[]> {
  const file = await download(result.path);
  expect(file.status).toBe(200);
  return pptxSlides(file.bytes);
}

describe("a client of the peer product", () => {
  it("generates with every field at its default and the nullable ones null", async () => {
    const res = await client.generate({ ...PEER_DEFAULTS, content: SAMPLE_CONTENT });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.presentation_id).toMatch(UUID);
    // n_slides 8 counts the whole deck; a text that runs out of points makes fewer and says so.
    const slides = await slidesOf(res.json);
    expect(slides.length).toBeGreaterThanOrEqual(4);
    expect(slides.length).toBeLessThanOrEqual(8);
    if (slides.length < 8)
      expect(res.json.warnings.join(" ")).toContain(`The deck has ${slides.length} slides of the 8 asked`);
    // null with slides_markdown given instead of content
    const outline = await client.generate({
      ...PEER_DEFAULTS,
      slides_markdown: ["# Pilot\n- 92 percent uptime", "# Rollout\n- 40 clinics"],
    });
    expect(outline.status, JSON.stringify(outline.json)).toBe(200);
    expect(squash((await slidesOf(outline.json)).join(" "))).toContain("92 percent uptime");
  });

  it("uploads documents, passes the upload's answer as `files`, sends unknown fields, and gets a warning naming them", async () => {
    const uploaded = await client.upload(["plan.md", "notes.txt"]);
    expect(uploaded.map((f) => f.name)).toEqual(["plan.md", "notes.txt"]);
    const res = await client.generate({
      ...PEER_DEFAULTS,
      files: uploaded, // objects, as they came back
      n_slides: 6,
      trigger_webhook: true,
      title: "Peer deck",
      template: "general",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get("preference-applied")).toBeNull();
    const ignored = res.json.warnings.filter((w: string) => /unknown field/i.test(w));
    expect(ignored).toEqual([expect.stringContaining("'title'")]);
    expect(ignored[0]).toContain("Prefer: handling=strict");
    const slides = await slidesOf(res.json);
    expect(slides).toHaveLength(6);
    // The uploaded plan's text made the deck.
    const plan = fs.readFileSync(path.join(FIXTURES, "plan.md"), "utf8");
    const heading = /^#+\s+(.+)$/m.exec(plan)?.[1] ?? "";
    expect(heading.length).toBeGreaterThan(0);
    expect(squash(slides.join(" ")).toLowerCase()).toContain(heading.toLowerCase().split(" ")[0]);
    // Ids and objects mixed work too.
    const mixed = await client.generate({
      ...PEER_DEFAULTS,
      files: [uploaded[0].id, uploaded[1]],
      n_slides: 3,
    });
    expect(mixed.status, JSON.stringify(mixed.json)).toBe(200);
    const [hook] = await webhooksFor((b) => b.data?.presentation_id === res.json.presentation_id);
    expect(hook.type).toBe("presentation.generation.completed");
    expect(hook.data).toMatchObject({ path: expect.any(String), edit_path: res.json.edit_path });
  });

  it("Prefer: handling=strict refuses unknown fields with 422 and says it applied the preference", async () => {
    const body = { ...PEER_DEFAULTS, content: SAMPLE_CONTENT, title: "Peer deck" };
    const strict = await client.generate(body, { prefer: "handling=strict" });
    expect(strict.status).toBe(422);
    expect(strict.headers.get("content-type")).toContain("application/problem+json");
    expect(strict.headers.get("preference-applied")).toBe("handling=strict");
    expect(strict.json).toMatchObject({ code: "invalid_field", status: 422 });
    expect(strict.json.errors).toEqual([{ path: "(body)", message: expect.stringContaining('"title"') }]);
    // Without unknown fields a strict request generates, and says so.
    const { title: _title, ...known } = body;
    const ok = await client.generate({ ...known, n_slides: 2 }, { prefer: "handling=strict" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("preference-applied")).toBe("handling=strict");
    expect(ok.json.warnings ?? []).not.toContainEqual(expect.stringMatching(/unknown field/i));
    // Lenient, asked for explicitly.
    const lenient = await client.generate({ ...body, n_slides: 2 }, { prefer: "handling=lenient" });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get("preference-applied")).toBe("handling=lenient");
  });

  it("bad values are still field errors: a wrong type, a custom template id not in our form, an upload object without an id", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ n_slides: "ten" }, "n_slides", /number/],
      [{ template: "custom-3f2a" }, "template", /brand template is named 'custom-' and its UUID/],
      [{ files: [{ name: "plan.md" }] }, "files.0", /./],
      [{ tone: null }, "tone", /./],
    ];
    for (const [extra, field, message] of cases) {
      const res = await client.generate({ ...PEER_DEFAULTS, content: SAMPLE_CONTENT, ...extra });
      expect(res.status, field).toBe(422);
      expect(res.json.errors, field).toEqual([{ path: field, message: expect.stringMatching(message) }]);
    }
  });

  it("generates as a task: polls the v1 status until completed and reads data.presentation_id/path/edit_path", async () => {
    const uploaded = await client.upload(["plan.md"]);
    const { queued, task, statuses } = await client.generateAsync({
      ...PEER_DEFAULTS,
      content: SAMPLE_CONTENT,
      files: uploaded,
      n_slides: 10,
      include_table_of_contents: true,
      trigger_webhook: true,
      title: "Peer deck",
    });
    expect(queued.warnings).toEqual([expect.stringContaining("'title'")]);
    expect(task.status).toBe("completed");
    expect(statuses.every((s) => ["pending", "processing", "completed"].includes(s))).toBe(true);
    expect(task.data.presentation_id).toMatch(UUID);
    expect(task.data.edit_path).toContain(`/editor/${task.data.presentation_id}`);
    expect(task.data.warnings).toContainEqual(expect.stringContaining("'title'"));
    expect(task.data.credits_consumed).toBe(10);
    const slides = await slidesOf(task.data);
    expect(slides).toHaveLength(10);
    const [hook] = await webhooksFor((b) => b.data?.presentation_id === task.data.presentation_id);
    expect(hook.type).toBe("presentation.generation.completed");
  });

  it("a failed task ends in `error` (never `failed`), which the client stops on, and fires the failed webhook", async () => {
    // A chart layout for text without numbers is found out while the slides are written.
    const { task, statuses } = await client.generateAsync(
      {
        slides: [{ content: "## Mood\n- good", layout: "chart" }],
        trigger_webhook: true,
        title: null,
        theme: null,
      },
      "/api/v3/presentation/generate/async",
    );
    expect(task.status).toBe("error");
    expect(statuses).not.toContain("failed");
    expect(task.error).toMatchObject({ status: 422, code: "invalid_field" });
    const [hook] = await webhooksFor(
      (b) => b.type === "presentation.generation.failed" && b.data?.task_id === task.id,
    );
    expect(hook).toBeDefined();
  });
});

describe("n_slides is the number of slides the deck has", () => {
  // Measured before the change: 10 asked gave 11 (title slide on top), 12 with an agenda, and as many credits.
  it.each([
    [{}, ["title"]],
    [{ include_title_slide: false }, []],
    [{ include_table_of_contents: true }, ["title", "agenda"]],
    [{ include_title_slide: false, include_table_of_contents: true }, ["agenda"]],
  ])("n_slides 10 with %j: 10 slides, 10 credits", async (extra, frame) => {
    const res = await client.generate({ content: LONG, n_slides: 10, ...extra });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.credits_consumed).toBe(10);
    const deck = await client.call(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    const layouts = deck.json.deck.slides.map((s: { layout: string }) => s.layout);
    expect(layouts).toHaveLength(10);
    expect(layouts.slice(0, frame.length)).toEqual(frame);
    expect(layouts.slice(frame.length)).not.toContain("title");
    expect(await slidesOf(res.json)).toHaveLength(10);
  });

  it("one slide: a content slide, the title slide left out with a warning", async () => {
    const res = await client.generate({ content: LONG, n_slides: 1 });
    expect(res.status).toBe(200);
    expect(res.json.credits_consumed).toBe(1);
    expect(res.json.warnings).toContainEqual(expect.stringMatching(/no title slide/));
    expect(await slidesOf(res.json)).toHaveLength(1);
  });

  it("the two-step flow (outlines → v3 generate) makes n_slides slides too", async () => {
    const outlines = await client.call("/api/v3/presentation/outlines/generate", {
      body: { content: LONG, n_slides: 10, files: null, instructions: null },
    });
    expect(outlines.status).toBe(200);
    expect(outlines.json).toHaveLength(10);
    const deck = await client.call("/api/v3/presentation/generate", {
      body: { slides: outlines.json.map((content: string) => ({ content, layout: null })), title: null },
    });
    expect(deck.status, JSON.stringify(deck.json)).toBe(200);
    expect(deck.json.credits_consumed).toBe(10);
    expect(await slidesOf(deck.json)).toHaveLength(10);
  });
});

describe("create/from-json without layouts", () => {
  it("chooses each slide's layout from its content (layout left out or null)", async () => {
    const res = await client.call("/api/v1/ppt/presentation/create/from-json", {
      body: {
        title: null,
        author: null,
        theme: null,
        slides: [
          { content: { title: "Solar clinics", subtitle: "Pilot report" } },
          { layout: null, content: { title: "Results", bullets: ["92 percent uptime", "40 clinics"] } },
          {
            layout: null,
            content: { title: "Budget", table: { header: ["Item", "Cost"], rows: [["Panels", "12k"]] } },
          },
          { content: { title: "Next", metrics: [{ value: "40", label: "clinics" }] }, notes: null },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const deck = await client.call(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    expect(deck.json.deck.slides.map((s: { layout: string }) => s.layout)).toEqual([
      "title",
      "bullets",
      "table",
      "metrics",
    ]);
    const slides = await slidesOf(res.json);
    expect(squash(slides.join(" "))).toContain("92 percent uptime");
  });

  it("a named layout without its required content is still a 422 at the field", async () => {
    const res = await client.call("/api/v1/ppt/presentation/create/from-json", {
      body: { slides: [{ layout: "table", content: { title: "T" } }] },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ path: "slides.0.content.table", message: expect.any(String) }]);
  });
});

describe("a client over its rate limit", () => {
  let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
  beforeAll(async () => {
    const env = { ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "2" };
    server = await startDeckforgeServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is answered 429 with Retry-After, waits that long as the peer's clients do, and then generates", async () => {
    const env = { ...TEST_SERVER_ENV, RATE_LIMIT_PER_MINUTE: "2" };
    const limited = new PeerClient(
      server.baseUrl,
      cliCreateKey(server.dataDir, "limited@example.com", "peer", env),
    );
    expect((await limited.call("/api/v1/credits")).status).toBe(200);
    expect((await limited.call("/api/v1/credits")).status).toBe(200);
    const started = Date.now();
    const res = await limited.generate({ ...PEER_DEFAULTS, content: SAMPLE_CONTENT, n_slides: 4 });
    expect(limited.seen).toEqual([200, 200, 429, 200]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.presentation_id).toMatch(UUID);
    // The wait was the window's rest (the first request leaves it a minute after it came), not more.
    const waited = (Date.now() - started) / 1000;
    expect(waited).toBeGreaterThan(30);
    expect(waited).toBeLessThan(75);
    expect(await slidesOf(res.json)).toHaveLength(4);
  }, 150_000);
});
