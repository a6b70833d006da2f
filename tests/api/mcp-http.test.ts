// The MCP server over streamable HTTP (POST /api/mcp), driven by the SDK's own Client on the real
// server: the tools and their schemas, a generation with progress notifications and the credits the
// REST generate charges, downloads that are real PPTX and PDF files, the AI slide edit as the REST
// ai-edit answers it (then saved), the outline resource, one account never seeing another's decks,
// REST problems as tool errors, and the HTTP exchange's own refusals (401, 405, 406, 422).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cliCreateKey, cliGrantCredits, TEST_SERVER_ENV } from "./global-setup";
import { api, baseUrl, UUID } from "./helpers";
import {
  balanceOf,
  createDeck,
  downloadPdfPages,
  downloadPptx,
  expectProgressReports,
  generateWithProgress,
  SOURCE,
  structured,
  TOOL_NAMES,
  toolErrorText,
} from "./mcp-helpers";

/** An SDK client connected to /api/mcp with the key (none for null). */
async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: "deckforge-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  return client;
}

const open: Client[] = [];
let alice: Client;
let bob: Client;

beforeAll(async () => {
  alice = await connect(inject("keyA"));
  bob = await connect(inject("keyB"));
  open.push(alice, bob);
});

afterAll(async () => {
  for (const client of open) await client.close();
});

describe("MCP over streamable HTTP: discovery", () => {
  it("names the server and lists the five tools with the REST schemas as input and declared outputs", async () => {
    expect(alice.getServerVersion()?.name).toBe("deckforge");
    expect(alice.getInstructions()).toContain("generate_presentation");
    const { tools } = await alice.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const generate = tools.find((tool) => tool.name === "generate_presentation");
    const input = generate?.inputSchema as { properties: Record<string, Record<string, unknown>> };
    // The fields of POST /api/v1/ppt/presentation/generate, their limits and strictness, and the
    // idempotency key that endpoint takes as a header.
    expect(Object.keys(input.properties).sort()).toEqual(
      [
        "allow_access_to_user_info",
        "content",
        "export_as",
        "files",
        "idempotency_key",
        "image_type",
        "include_table_of_contents",
        "include_title_slide",
        "instructions",
        "language",
        "markdown_emphasis",
        "n_slides",
        "slides_markdown",
        "template",
        "theme",
        "tone",
        "trigger_webhook",
        "verbosity",
        "web_search",
      ].sort(),
    );
    expect(input.properties.n_slides).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 8 });
    // An MCP client sees the schema and gets unknown arguments refused; nullable fields take null.
    expect(generate?.inputSchema.additionalProperties).toBe(false);
    expect(JSON.stringify(input.properties.files)).toContain('"null"');
    expect(generate?.description).toContain("midnight");
    expect(generate?.outputSchema?.required).toEqual(
      expect.arrayContaining(["presentation_id", "path", "edit_path", "credits_consumed"]),
    );
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
    const get = tools.find((tool) => tool.name === "get_presentation");
    expect(get?.annotations?.readOnlyHint).toBe(true);

    const { resourceTemplates } = await alice.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        name: "presentation-outline",
        uriTemplate: "deckforge://presentations/{id}/outline",
        mimeType: "text/markdown",
      }),
    ]);
  });

  it("list_templates answers the templates and themes GET /api/v1/ppt/templates has, without content schemas", async () => {
    const overview = structured(await alice.callTool({ name: "list_templates", arguments: {} }));
    const rest = await api("/api/v1/ppt/templates");
    expect(overview.templates.map((t: { id: string }) => t.id)).toEqual(
      rest.json.templates.map((t: { id: string }) => t.id),
    );
    expect(overview.templates.map((t: { id: string }) => t.id)).toEqual([
      "general",
      "modern",
      "standard",
      "swift",
    ]);
    expect(overview.themes).toEqual(rest.json.themes);
    expect(overview.layouts.map((l: { id: string }) => l.id)).toEqual(
      rest.json.templates[0].layouts.map((l: { id: string }) => l.id),
    );
    expect(overview.layouts.find((l: { id: string }) => l.id === "comparison")).toEqual({
      id: "comparison",
      description: expect.any(String),
      requires: expect.any(Array),
    });
    expect(JSON.stringify(overview)).not.toContain("content_schema");
  });
});

describe("MCP over streamable HTTP: generate, get, export", () => {
  let generated: {
    presentation_id: string;
    path: string;
    edit_path: string;
    credits_consumed: number;
    warnings?: string[];
  };

  it("generate_presentation reports progress to the SDK client, answers the result, and charges what REST generate charges", async () => {
    const key = inject("keyA");
    const before = await balanceOf(key);
    const { result, progress } = await generateWithProgress(alice, { content: SOURCE, n_slides: 4 });
    generated = structured(result);
    // The offline server has no stock picture provider: `warnings` says so, as the REST answer does.
    expect(Object.keys(generated).sort()).toEqual([
      "credits_consumed",
      "edit_path",
      "path",
      "presentation_id",
      "warnings",
    ]);
    expect(generated).toMatchObject({
      presentation_id: expect.stringMatching(UUID),
      path: expect.stringMatching(
        new RegExp(`^${baseUrl()}/api/v1/ppt/exports/[0-9a-f-]{36}/[\\w-]+\\.pptx\\?`),
      ),
      edit_path: `${baseUrl()}/editor/${generated.presentation_id}`,
      credits_consumed: expect.any(Number),
    });
    expect(generated.credits_consumed).toBeGreaterThan(0);
    expectProgressReports(progress);
    expect(await balanceOf(key)).toBe(before - generated.credits_consumed);

    // The same request over REST is charged the same, and ends in the same kind of ledger entry.
    const rest = await api("/api/v1/ppt/presentation/generate", {
      key,
      body: { content: SOURCE, n_slides: 4 },
    });
    expect(rest.status).toBe(200);
    expect(rest.json.credits_consumed).toBe(generated.credits_consumed);
    expect(rest.json.warnings).toEqual(generated.warnings);
    expect(await balanceOf(key)).toBe(before - 2 * generated.credits_consumed);
    const ledger = (await api("/api/v1/credits?limit=100", { key })).json.entries as {
      delta: number;
      reason: string;
      presentation_id: string | null;
    }[];
    const mine = ledger.find((entry) => entry.presentation_id === generated.presentation_id);
    const theirs = ledger.find((entry) => entry.presentation_id === rest.json.presentation_id);
    expect(mine).toMatchObject({ delta: -generated.credits_consumed });
    expect(mine?.reason).toBe(theirs?.reason);

    // The link downloads a real PPTX holding the source's words.
    const slides = await downloadPptx(generated.path);
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(slides.join(" ")).toContain("Solar power for rural clinics");
  });

  it("streams notifications/progress for the call's token, rising to 100, then the result, on one event stream", async () => {
    const res = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${inject("keyA")}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 5,
        method: "tools/call",
        params: {
          name: "generate_presentation",
          arguments: { content: SOURCE, n_slides: 2 },
          _meta: { progressToken: "deck-1" },
        },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const messages = (await res.text())
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice("data: ".length)));
    const reports = messages.slice(0, -1);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (const report of reports) {
      expect(report.method).toBe("notifications/progress");
      expect(report.params).toMatchObject({ progressToken: "deck-1", total: 100 });
    }
    const values = reports.map((report) => report.params.progress as number);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.at(-1)).toBe(100);
    expect(reports.at(-1).params.message).toMatch(/^Completed \(task [0-9a-f-]{36}\)$/);
    const answer = messages.at(-1);
    expect(answer).toMatchObject({
      jsonrpc: "2.0",
      id: 5,
      result: { structuredContent: { credits_consumed: expect.any(Number) } },
    });
    expect(answer.result.isError).toBeUndefined();
  });

  it("get_presentation answers the deck's facts, its export and its slides; the same for REST's GET", async () => {
    const detail = structured(
      await alice.callTool({
        name: "get_presentation",
        arguments: { presentation_id: generated.presentation_id },
      }),
    );
    const rest = (await api(`/api/v1/ppt/presentation/${generated.presentation_id}`)).json;
    expect(detail).toMatchObject({
      presentation_id: generated.presentation_id,
      title: rest.title,
      version: 1,
      slide_count: rest.deck.slides.length,
      edit_path: generated.edit_path,
      template: "general",
      theme: "light",
      language: rest.deck.language,
      outline_uri: `deckforge://presentations/${generated.presentation_id}/outline`,
    });
    expect(detail.slides).toEqual(
      rest.deck.slides.map(
        (slide: { id: string; layout: string; content: { title?: string } }, i: number) => ({
          number: i + 1,
          id: slide.id,
          layout: slide.layout,
          title: slide.content.title ?? "",
        }),
      ),
    );
    expect(detail.exports).toEqual([
      expect.objectContaining({ format: "pptx", path: expect.stringContaining("/api/v1/ppt/exports/") }),
    ]);
    expect(detail).not.toHaveProperty("deck");
  });

  it("export_presentation answers download links that are a real PDF and a real PPTX", async () => {
    const pdf = structured(
      await alice.callTool({
        name: "export_presentation",
        arguments: { presentation_id: generated.presentation_id, export_as: "pdf" },
      }),
    );
    expect(pdf).toMatchObject({ presentation_id: generated.presentation_id, format: "pdf", version: 1 });
    expect(pdf.path).toMatch(/\.pdf\?/);
    expect(await downloadPdfPages(pdf.path)).toBe(pdf.slide_count);

    const pptx = structured(
      await alice.callTool({
        name: "export_presentation",
        arguments: { presentation_id: generated.presentation_id },
      }),
    );
    expect(pptx.format).toBe("pptx");
    expect((await downloadPptx(pptx.path)).length).toBe(pptx.slide_count);
  });

  it("another account's presentation is not_found, exactly like an unknown id", async () => {
    const id = generated.presentation_id;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [name, args] of [
      ["get_presentation", { presentation_id: id }],
      ["export_presentation", { presentation_id: id, export_as: "pdf" }],
      ["edit_slide", { presentation_id: id, slide: 1, prompt: "make it shorter" }],
    ] as const) {
      const theirs = toolErrorText(await bob.callTool({ name, arguments: args }));
      expect(theirs, name).toBe(`not_found (404): No presentation with id '${id}'.`);
      const none = toolErrorText(
        await bob.callTool({ name, arguments: { ...args, presentation_id: unknown } }),
      );
      expect(none, name).toBe(`not_found (404): No presentation with id '${unknown}'.`);
    }
  });

  it("idempotency_key: a repeated call answers the first call's deck, charged once; the key with other arguments is refused", async () => {
    const key = inject("keyA");
    const idempotencyKey = `mcp-${crypto.randomUUID()}`;
    const args = { content: SOURCE, n_slides: 3, idempotency_key: idempotencyKey };
    const before = await balanceOf(key);
    const first = structured(await alice.callTool({ name: "generate_presentation", arguments: args }));
    expect(await balanceOf(key)).toBe(before - first.credits_consumed);
    const again = structured(await alice.callTool({ name: "generate_presentation", arguments: args }));
    expect(again.presentation_id).toBe(first.presentation_id);
    expect(again.credits_consumed).toBe(first.credits_consumed);
    expect(await balanceOf(key)).toBe(before - first.credits_consumed);

    const other = toolErrorText(
      await alice.callTool({ name: "generate_presentation", arguments: { ...args, n_slides: 4 } }),
    );
    expect(other).toContain("invalid_field (422): idempotency_key reused");
    // Keys are per account: Bob's call with Alice's key makes a deck of his own.
    const his = structured(await bob.callTool({ name: "generate_presentation", arguments: args }));
    expect(his.presentation_id).not.toBe(first.presentation_id);
    const bad = toolErrorText(
      await alice.callTool({
        name: "generate_presentation",
        arguments: { ...args, idempotency_key: "has space" },
      }),
    );
    expect(bad).toContain("idempotency_key");
    expect(await balanceOf(key)).toBe(before - first.credits_consumed);
  });
});

describe("MCP over streamable HTTP: edit_slide", () => {
  let deckId: string;
  beforeAll(async () => {
    deckId = await createDeck(inject("keyA"));
  });

  it("proposes what REST ai-edit proposes, charges the same credit, and saves it as the next version", async () => {
    const key = inject("keyA");
    const stored = (await api(`/api/v1/ppt/presentation/${deckId}`)).json.deck.slides;
    const rest = await api(`/api/v1/ppt/presentation/${deckId}/ai-edit`, {
      body: { prompt: "turn into a table", slide: stored[2] },
    });
    expect(rest.status).toBe(200);

    const before = await balanceOf(key);
    const edit = structured(
      await alice.callTool({
        name: "edit_slide",
        arguments: { presentation_id: deckId, slide: 3, prompt: "turn into a table" },
      }),
    );
    expect(edit.slides).toEqual(rest.json.slides);
    expect(edit.slides[0]).toMatchObject({ id: "s3", layout: "table" });
    expect(edit).toMatchObject({
      presentation_id: deckId,
      summary: rest.json.summary,
      provider: "offline",
      credits_consumed: rest.json.credits_consumed,
      balance_before: before,
      balance_after: before - rest.json.credits_consumed,
      applied: true,
      version: 2,
      slide_count: 3,
    });
    expect(await balanceOf(key)).toBe(before - 1);

    const saved = (await api(`/api/v1/ppt/presentation/${deckId}`)).json;
    expect(saved.version).toBe(2);
    expect(saved.deck.slides[2]).toEqual(rest.json.slides[0]);
    expect(saved.deck.slides.slice(0, 2)).toEqual(stored.slice(0, 2));
    // The next export draws the edit.
    const file = structured(
      await alice.callTool({ name: "export_presentation", arguments: { presentation_id: deckId } }),
    );
    expect(file.version).toBe(2);
    expect((await downloadPptx(file.path))[2]).toContain("Batteries");
  });

  it("names the slide by id too; an added slide lands after it; apply: false saves nothing", async () => {
    const proposal = structured(
      await alice.callTool({
        name: "edit_slide",
        arguments: { presentation_id: deckId, slide: "s2", prompt: "add a slide about risks", apply: false },
      }),
    );
    expect(proposal.slides).toHaveLength(2);
    expect(proposal.slides[0].id).toBe("s2");
    expect(proposal).toMatchObject({ applied: false, version: 2, slide_count: 3, credits_consumed: 1 });
    expect((await api(`/api/v1/ppt/presentation/${deckId}`)).json.version).toBe(2);

    const applied = structured(
      await alice.callTool({
        name: "edit_slide",
        arguments: { presentation_id: deckId, slide: "s2", prompt: "add a slide about risks" },
      }),
    );
    expect(applied).toMatchObject({ applied: true, version: 3, slide_count: 4 });
    const ids = (await api(`/api/v1/ppt/presentation/${deckId}`)).json.deck.slides.map(
      (s: { id: string }) => s.id,
    );
    expect(ids).toEqual(["s1", "s2", applied.slides[1].id, "s3"]);
  });

  it("refuses, charging nothing: a prompt the offline rules do not know, a slide the deck lacks, a bad prompt", async () => {
    const key = inject("keyA");
    const before = await balanceOf(key);
    const restRefusal = await api(`/api/v1/ppt/presentation/${deckId}/ai-edit`, {
      body: {
        prompt: "translate into Klingon",
        slide: (await api(`/api/v1/ppt/presentation/${deckId}`)).json.deck.slides[0],
      },
    });
    expect(restRefusal.status).toBe(422);
    const unknown = toolErrorText(
      await alice.callTool({
        name: "edit_slide",
        arguments: { presentation_id: deckId, slide: 1, prompt: "translate into Klingon" },
      }),
    );
    expect(unknown).toBe(`invalid_field (422): ${restRefusal.json.detail}`);
    expect(
      toolErrorText(
        await alice.callTool({
          name: "edit_slide",
          arguments: { presentation_id: deckId, slide: 9, prompt: "make it shorter" },
        }),
      ),
    ).toBe("invalid_field (422): slide: The deck has 4 slides; there is no slide 9.");
    expect(
      toolErrorText(
        await alice.callTool({
          name: "edit_slide",
          arguments: { presentation_id: deckId, slide: "nope", prompt: "make it shorter" },
        }),
      ),
    ).toBe("invalid_field (422): slide: The deck has no slide with id 'nope'.");
    expect(
      toolErrorText(
        await alice.callTool({
          name: "edit_slide",
          arguments: { presentation_id: deckId, slide: 1, prompt: "  " },
        }),
      ),
    ).toMatch(/prompt/);
    expect(await balanceOf(key)).toBe(before);
    expect((await api(`/api/v1/ppt/presentation/${deckId}`)).json.version).toBe(3);
  });
});

describe("MCP over streamable HTTP: the outline resource", () => {
  let deckId: string;
  beforeAll(async () => {
    deckId = await createDeck(inject("keyA"));
  });

  it("reads a deck's slides and their text as markdown and JSON", async () => {
    const uri = `deckforge://presentations/${deckId}/outline`;
    const { contents } = await alice.readResource({ uri });
    expect(contents.map((c) => c.mimeType)).toEqual(["text/markdown", "application/json"]);
    const [markdown, json] = contents.map((content) => ("text" in content ? content.text : ""));
    expect(markdown).toMatch(/^# Solar clinics\n\n3 slides · template general · theme light/);
    expect(markdown).toContain(
      "## 1. Solar power for rural clinics\n\n_Layout title, id s1_\n\nA plan for 2026–2028",
    );
    expect(markdown).toContain("## 3. Costs per clinic");
    expect(markdown).toContain("- Panels: $6,000\n- Batteries: $4,500\n- Installation: $1,500");
    expect(markdown).toContain("Speaker notes:\n\n> Prices per clinic, quoted in March.");
    const outline = JSON.parse(json);
    expect(outline).toMatchObject({ presentation_id: deckId, title: "Solar clinics", version: 1 });
    expect(outline.slides[2]).toEqual({
      number: 3,
      id: "s3",
      layout: "bullets",
      title: "Costs per clinic",
      points: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"],
      notes: "Prices per clinic, quoted in March.",
    });
  });

  it("lists the account's decks as resources; another account's deck is not found", async () => {
    const uri = `deckforge://presentations/${deckId}/outline`;
    const { resources } = await alice.listResources();
    expect(resources.map((r) => r.uri)).toContain(uri);
    expect(resources.find((r) => r.uri === uri)).toMatchObject({
      name: "Solar clinics",
      mimeType: "text/markdown",
    });
    expect((await bob.listResources()).resources.map((r) => r.uri)).not.toContain(uri);

    const refused = await bob.readResource({ uri }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(-32002);
    expect((refused as McpError).message).toContain(`not_found (404): No presentation with id '${deckId}'.`);
    const malformed = await alice
      .readResource({ uri: "deckforge://presentations/not-a-deck/outline" })
      .catch((error: unknown) => error);
    expect((malformed as McpError).code).toBe(-32002);
    const elsewhere = await alice
      .readResource({ uri: "deckforge://elsewhere/x" })
      .catch((error: unknown) => error);
    expect((elsewhere as McpError).code).toBe(ErrorCode.InvalidParams);
  });
});

describe("MCP over streamable HTTP: refusals", () => {
  it("answers REST's problems as tool errors: invalid fields, a bad file reference, a short balance", async () => {
    const invalid = toolErrorText(
      await alice.callTool({ name: "generate_presentation", arguments: { content: SOURCE, n_slides: 500 } }),
    );
    expect(invalid).toMatch(/n_slides/);
    const theme = toolErrorText(
      await alice.callTool({ name: "generate_presentation", arguments: { content: SOURCE, theme: "neon" } }),
    );
    expect(theme).toContain("Unknown theme. Valid themes: 'light'");
    const empty = toolErrorText(await alice.callTool({ name: "generate_presentation", arguments: {} }));
    expect(empty).toContain("Give content, files or slides_markdown.");
    const file = toolErrorText(
      await alice.callTool({
        name: "generate_presentation",
        arguments: { content: SOURCE, files: ["not-an-upload"] },
      }),
    );
    expect(file).toMatch(/^invalid_field \(422\): files/);

    // An account with 2 credits left: REST answers 402, the tool the same problem, and nothing is charged.
    const email = "mcp-poor@example.com";
    const key = cliCreateKey(inject("dataDir"), email, "poor");
    const grant = Number(TEST_SERVER_ENV.CREDITS_GRANT);
    cliGrantCredits(inject("dataDir"), email, 2 - grant);
    const rest = await api("/api/v1/ppt/presentation/generate", {
      key,
      body: { content: SOURCE, n_slides: 4 },
    });
    expect(rest.status).toBe(402);
    const poor = await connect(key);
    open.push(poor);
    const short = toolErrorText(
      await poor.callTool({ name: "generate_presentation", arguments: { content: SOURCE, n_slides: 4 } }),
    );
    expect(short).toBe(`insufficient_credits (402): ${rest.json.detail}`);
    expect(await balanceOf(key)).toBe(2);
  });

  it("refuses a missing or invalid key with 401 and WWW-Authenticate; the SDK client cannot connect", async () => {
    for (const key of [null, "df_notakey0000000000000000000000000000000000"]) {
      const refused = await connect(key).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(401);
      const res = await fetch(`${baseUrl()}/api/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="deckforge"');
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(((await res.json()) as { code: string }).code).toBe("unauthorized");
    }
  });

  it("answers the HTTP exchange's own refusals as problems: 405 for GET, 406 without event streams, 422 for a non-message", async () => {
    const headers = { authorization: `Bearer ${inject("keyA")}`, "content-type": "application/json" };
    const get = await fetch(`${baseUrl()}/api/mcp`, { headers: { ...headers, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(((await get.json()) as { code: string }).code).toBe("method_not_allowed");

    const listTools = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const json = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: { ...headers, accept: "application/json" },
      body: listTools,
    });
    expect(json.status).toBe(406);
    expect(json.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(((await json.json()) as { code: string }).code).toBe("not_acceptable");

    const accept = "application/json, text/event-stream";
    for (const [body, detail] of [
      ["{}", '(body): Not a JSON-RPC 2.0 message: jsonrpc: Invalid input: expected "2.0"'],
      [
        JSON.stringify({ jsonrpc: "2.0", id: 1 }),
        "method: A message needs a method (request or notification), or a result or error (response).",
      ],
      ["[]", "(body): Too small: expected array to have >=1 items"],
    ]) {
      const res = await fetch(`${baseUrl()}/api/mcp`, {
        method: "POST",
        headers: { ...headers, accept },
        body,
      });
      expect(res.status, body).toBe(422);
      expect(await res.json()).toMatchObject({ code: "invalid_field", detail });
    }

    // A bare request without initialize works statelessly and streams its answer.
    const streamed = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: { ...headers, accept },
      body: listTools,
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-type")).toBe("text/event-stream");
    expect(streamed.headers.get("mcp-session-id")).toBeNull();
    const events = await streamed.text();
    expect(events).toMatch(/^event: message$/m);
    expect(events).toContain('"tools":[{');

    // An unsupported protocol version is the transport's refusal, as a problem.
    const version = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: { ...headers, accept, "mcp-protocol-version": "1999-01-01" },
      body: listTools,
    });
    expect(version.status).toBe(400);
    const problem = (await version.json()) as { code: string; detail: string };
    expect(problem.code).toBe("bad_request");
    expect(problem.detail).toMatch(/protocol version/i);
  });
});
