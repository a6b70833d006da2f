/**
 * The LLM provider end to end over real HTTP: the AI SDK talks to a local OpenAI-compatible
 * server (tests/llm/mock-openai-server.ts) that answers from a script and records every request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZDeck } from "@/lib/deck/schema";
import { GenerationInputError, ProviderUnavailableError } from "@/lib/generate/errors";
import { generateDeck } from "@/lib/generate/generate-deck";
import { readLlmConfig } from "@/lib/generate/llm/llm-config";
import { createLlmProvider } from "@/lib/generate/llm/llm-provider";
import { ZGenerateOptions } from "@/lib/generate/types";
import { startMockOpenAiServer, type TMockServer, userText } from "./mock-openai-server";
import {
  answerJson,
  asAnswer,
  COVER,
  kindOf,
  modeOf,
  OUTLINE,
  scriptedModel,
  slideAnswer,
} from "./scripted-model";

const CONTENT = [
  "# Heat pumps",
  "Heat pumps move heat instead of making it. A household saves about 1,200 euros a year.",
  "Installation costs 9,000 euros and pays back in seven years. A pilot ran in 2024 in three towns.",
].join("\n\n");

let server: TMockServer;

beforeAll(async () => {
  server = await startMockOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.setHandler(scriptedModel());
  server.setOptions({ latencyMs: 0, rejectJsonSchema: false, rejectTools: false, apiKey: undefined });
});

/** A fresh provider (no shared fallback state) against the mock server. */
function provider(env: Record<string, string> = {}) {
  return createLlmProvider(
    readLlmConfig({
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: server.url,
      LLM_MODEL: "mock-model",
      ...env,
    }),
  );
}

function options(overrides: Record<string, unknown> = {}) {
  return {
    ...ZGenerateOptions.parse({ content: CONTENT, n_slides: 4, language: "French", ...overrides }),
    template: "general" as const,
    theme: "light" as const,
  };
}

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

const requestsOf = (kind: string) => server.requests.filter((r) => kindOf(r.body).kind === kind);
const slideRequests = (number: number) =>
  server.requests.filter((r) => {
    const k = kindOf(r.body);
    return k.kind === "slide" && k.number === number;
  });

describe("LLM provider: a deck from the model's answers", () => {
  it("sends the request's options and each layout's schema, and builds the deck from the answers", async () => {
    const opts = options({
      tone: "professional",
      verbosity: "concise",
      instructions: "Focus on costs for homeowners",
      include_table_of_contents: true,
    });
    const result = await generateDeck(provider(), opts);

    // One outline call (which also writes the cover), one call per content slide.
    expect(server.requests).toHaveLength(5);
    const [outlineRequest] = requestsOf("outline");
    expect(outlineRequest.body.model).toBe("mock-model");
    expect(outlineRequest.body.response_format?.type).toBe("json_schema");
    const outlineSchema = outlineRequest.body.response_format?.json_schema;
    expect(outlineSchema?.name).toBe("deck_outline");
    expect(outlineSchema?.schema).toMatchObject({
      properties: { title: { type: "string" }, slides: { type: "array", minItems: 4, maxItems: 4 } },
      required: ["slides"],
    });
    const prompt = userText(outlineRequest.body);
    expect(prompt).toContain("exactly 4 content slides (n_slides = 4)");
    expect(prompt).toContain("in French");
    expect(prompt).toContain('Tone "professional"');
    expect(prompt).toContain("at most 8 words"); // concise
    expect(prompt).toContain("<instructions>Focus on costs for homeowners</instructions>");
    expect(prompt).toContain("pays back in seven years");
    expect(outlineRequest.body.messages[0].role).toBe("system");

    const [metrics] = slideRequests(2);
    const slideSchema = metrics.body.response_format?.json_schema;
    expect(slideSchema?.name).toBe("slide_metrics");
    expect(slideSchema?.schema).toMatchObject({
      required: expect.arrayContaining(["title", "metrics"]),
      properties: { metrics: { type: "array", items: { required: ["value", "label"] } } },
    });
    expect(Object.keys(slideSchema?.schema.properties as object).sort()).toEqual([
      "body",
      "metrics",
      "title",
    ]);
    expect(userText(metrics.body)).toContain("Économies annuelles: 1 200 €");
    expect(userText(metrics.body)).toContain("in French");
    expect(slideRequests(3)[0].body.response_format?.json_schema?.name).toBe("slide_timeline");

    const { deck } = result;
    expect(ZDeck.safeParse(deck).success).toBe(true);
    // The two short bullet slides get a picture beside them, on alternating sides.
    expect(deck.slides.map((s) => s.layout)).toEqual([
      "title",
      "agenda",
      "image-right",
      "metrics",
      "timeline",
      "image-left",
    ]);
    expect(deck.title).toBe(COVER.title);
    expect(deck.slides[0].content).toEqual(COVER);
    expect(deck.slides[1].content).toEqual({
      title: "Ordre du jour",
      bullets: OUTLINE.slides.map((s) => s.title),
    });
    expect(deck.slides[2].content).toEqual(slideAnswer(1, "bullets"));
    expect(deck.slides[2].notes).toBe(OUTLINE.slides[0].notes);
    expect(deck.slides[3].content).toEqual(slideAnswer(2, "metrics"));
    expect(deck.slides[4].content.timeline?.map((e) => e.date)).toEqual(["2024", "2025", "2026"]);
    expect(result.outline.map((s) => s.title)).toEqual(OUTLINE.slides.map((s) => s.title));
    expect(result.warnings).toEqual([]);
  });

  it("writes slides for a reviewed outline, leaving a source table and section dividers to the outline", async () => {
    const outline = [
      { title: "Tarifs", bullets: [], table: { header: ["Offre", "Prix"], rows: [["Base", "9 000 €"]] } },
      { title: "Partie 2", bullets: [] },
      { title: "Conclusion", bullets: ["Agir maintenant est rentable pour la plupart des ménages"] },
    ];
    const opts = options({ n_slides: 3, include_title_slide: false });
    const slides = await provider().writeSlides(outline, opts);
    expect(slides.map((s) => s.layout)).toEqual(["table", "section", "image-right"]);
    expect(slides[0].content.table).toEqual(outline[0].table);
    expect(server.requests).toHaveLength(1);
    expect(userText(server.requests[0].body)).toContain("Write slide 3 of 3");
    expect(slides[2].content).toEqual(slideAnswer(3, "bullets"));
  });

  it("writes from the instructions alone when there is no content, and refuses when there is neither", async () => {
    await provider().generateOutline(options({ content: "", instructions: "A talk about heat pumps" }));
    expect(userText(server.requests[0].body)).toContain("No source text was given");
    expect(userText(server.requests[0].body)).not.toContain("<source>");
    const error = await failure(provider().generateOutline(options({ content: "  " })));
    expect(error).toBeInstanceOf(GenerationInputError);
  });

  it("cuts long content to LLM_MAX_CONTENT_CHARS, keeping its end, and says so", async () => {
    const long = `${"Opening paragraph about heat pumps. ".repeat(200)}\n\nThe final conclusion is unique.`;
    const opts = options({ content: long });
    const p = provider({ LLM_MAX_CONTENT_CHARS: "2000" });
    await p.generateOutline(opts);
    const prompt = userText(server.requests[0].body);
    const source = prompt.slice(prompt.indexOf("<source>"));
    expect(source.length).toBeLessThan(2100);
    expect(source).toContain("[…]");
    expect(source).toContain("The final conclusion is unique.");
    expect(p.listWarnings(opts)).toEqual([expect.objectContaining({ code: "content_truncated" })]);
    expect(p.listWarnings(options())).toEqual([]);
  });

  it("writes the cover of a reviewed outline in a call of its own", async () => {
    const outline = OUTLINE.slides.slice(0, 2);
    const slides = await provider().writeSlides(outline, options({ n_slides: 2 }));
    expect(server.requests.map((r) => kindOf(r.body).kind)).toEqual(["cover", "slide", "slide"]);
    const [cover] = requestsOf("cover");
    expect(userText(cover.body)).toContain("1. Pourquoi les pompes à chaleur | 2. Les coûts en bref");
    expect(cover.body.response_format?.json_schema?.name).toBe("cover");
    expect(slides[0]).toEqual({ id: "s1", layout: "title", content: COVER });
  });

  it("keeps a title the caller asked for and tells when the fixed words have no translation", async () => {
    const opts = {
      ...options({ language: "Swahili", include_table_of_contents: true }),
      title: "Pampu za joto",
    };
    const p = provider();
    const result = await generateDeck(p, opts);
    expect(result.deck.slides[0].content).toEqual({ title: "Pampu za joto", subtitle: COVER.subtitle });
    expect(userText(requestsOf("outline")[0].body)).toContain('The presentation is titled "Pampu za joto"');
    expect(requestsOf("cover")).toHaveLength(0);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: "translation_unavailable",
        message: expect.stringContaining("Swahili"),
      }),
    ]);
  });
});

describe("LLM provider: invalid answers", () => {
  it("retries a malformed outline, falling back to JSON mode with the schema in the prompt", async () => {
    server.enqueue({ type: "content", content: '{"slides": [{"title": "Pourquoi' });
    const result = await generateDeck(provider(), options());
    const outline = requestsOf("outline");
    expect(outline.map((r) => modeOf(r.body))).toEqual(["json-schema", "json"]);
    const retry = userText(outline[1].body);
    expect(retry).toContain("Your previous answer was rejected: the answer was not valid JSON");
    expect(retry).toContain('The JSON must match this JSON Schema: {"type":"object"');
    expect(result.deck.slides).toHaveLength(5);
    expect(result.warnings).toEqual([]);
  });

  it("retries an empty, cut-off answer instead of failing the provider", async () => {
    server.enqueue({ type: "content", content: "", finishReason: "length" });
    const outline = await provider({ LLM_STRUCTURED_OUTPUT: "json-schema" }).generateOutline(options());
    expect(outline).toHaveLength(4);
    const requests = requestsOf("outline");
    expect(requests).toHaveLength(2);
    expect(userText(requests[1].body)).toContain("Your previous answer was rejected: the answer was empty");
  });

  it("retries a schema-violating outline in the same mode when the mode is fixed, naming the problem", async () => {
    server.enqueue({ type: "content", content: { slides: OUTLINE.slides.slice(0, 3) } });
    await provider({ LLM_STRUCTURED_OUTPUT: "json-schema" }).generateOutline(options());
    const outline = requestsOf("outline");
    expect(outline.map((r) => modeOf(r.body))).toEqual(["json-schema", "json-schema"]);
    expect(userText(outline[1].body)).toContain("it had 3 slides; exactly 4 are required");
  });

  it("trims an outline that keeps having too many slides, and says so", async () => {
    const five = { slides: [...OUTLINE.slides, { title: "En plus", bullets: ["Une de trop"] }] };
    server.setHandler(
      scriptedModel((body) => (kindOf(body).kind === "outline" ? asAnswer(body, five) : undefined)),
    );
    const p = provider();
    const opts = options();
    const result = await generateDeck(p, opts);
    expect(requestsOf("outline")).toHaveLength(3);
    expect(result.outline.map((s) => s.title)).toEqual(OUTLINE.slides.map((s) => s.title));
    expect(result.warnings).toEqual([
      {
        code: "outline_adjusted",
        message: "The model wrote 5 slides instead of 4 in 3 attempts; the last 1 were dropped.",
      },
    ]);
  });

  it("splits the longest slides of an outline that keeps having too few", async () => {
    const two = { slides: [OUTLINE.slides[0], OUTLINE.slides[2]] };
    server.setHandler(
      scriptedModel((body) => (kindOf(body).kind === "outline" ? asAnswer(body, two) : undefined)),
    );
    const p = provider({ LLM_MAX_RETRIES: "1" });
    const opts = options();
    const outline = await p.generateOutline(opts);
    expect(outline.map((s) => s.title)).toEqual([
      "Pourquoi les pompes à chaleur",
      "Pourquoi les pompes à chaleur (suite)",
      "Déploiement",
      "Déploiement (suite)",
    ]);
    expect(outline.flatMap((s) => s.bullets)).toEqual([
      ...OUTLINE.slides[0].bullets,
      ...OUTLINE.slides[2].bullets,
    ]);
    expect(p.listWarnings(opts)[0].message).toContain("2 of its longest slides were split in two");
  });

  it("uses the layout the model chose from the catalogue, and repairs a choice the content cannot fill", async () => {
    const chosen = {
      ...COVER,
      slides: [
        // A choice that fits: two options, each bullet labelled with its option.
        {
          title: "Avant et après",
          layout: "comparison",
          bullets: [
            "Avant: chaudière au fioul",
            "Avant: facture élevée",
            "Après: pompe à chaleur",
            "Après: facture réduite",
          ],
        },
        // A timeline of bullets that carry no dates cannot be drawn: the shape decides instead.
        { ...OUTLINE.slides[0], layout: "timeline" },
        // Not a layout of the catalogue: no choice at all, so the shape decides, without a warning.
        { ...OUTLINE.slides[1], layout: "hexagon" },
        { ...OUTLINE.slides[2], layout: "timeline" },
      ],
    };
    server.setHandler(
      scriptedModel((body) => (kindOf(body).kind === "outline" ? asAnswer(body, chosen) : undefined)),
    );
    const result = await generateDeck(provider(), options());
    const prompt = userText(requestsOf("outline")[0].body);
    expect(prompt).toContain('- "timeline": 2–10 dated events or steps in order');
    expect(prompt).toContain('"layout"');
    expect(result.outline.map((s) => s.layout)).toEqual(["comparison", "timeline", undefined, "timeline"]);
    expect(result.deck.slides.map((s) => s.layout)).toEqual([
      "title",
      "comparison",
      "image-right",
      "metrics",
      "timeline",
    ]);
    // The model wrote the chosen layout's content: it was asked for that layout's schema.
    expect(requestsOf("slide").map((r) => kindOf(r.body))).toContainEqual({
      kind: "slide",
      number: 1,
      layout: "comparison",
    });
    expect(result.warnings).toEqual([
      {
        code: "layout_replaced",
        message:
          "Content slide 2 (\"Pourquoi les pompes à chaleur\") was given the 'timeline' layout, which its content cannot fill (The 'timeline' layout needs 2–10 dated bullets, like '- 2024: Pilot' in the slide's content); it uses 'image-right'.",
      },
    ]);
  });

  it("fails with a clear error when the outline never validates", async () => {
    server.setHandler(
      scriptedModel((body) =>
        kindOf(body).kind === "outline" ? asAnswer(body, { slides: "none" }) : undefined,
      ),
    );
    const error = await failure(provider().generateOutline(options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(
      /^The openai-compatible model "mock-model" returned no valid outline in 3 attempts: the JSON did not match the schema \(slides: /,
    );
  });

  it("repairs a slide whose answer keeps violating its layout, naming the slide", async () => {
    server.setHandler(
      scriptedModel((body) => {
        const k = kindOf(body);
        return k.kind === "slide" && k.number === 2 ? asAnswer(body, { title: "Sans chiffres" }) : undefined;
      }),
    );
    const result = await generateDeck(provider(), options());
    const tries = slideRequests(2);
    expect(tries).toHaveLength(3);
    expect(userText(tries[1].body)).toContain("the JSON did not match the schema (metrics:");
    // The outline's own bullets, read as metrics by chooseLayout.
    const repaired = result.deck.slides[2];
    expect(repaired.layout).toBe("metrics");
    expect(repaired.content.title).toBe("Les coûts en bref");
    expect(repaired.content.metrics?.map((m) => m.value)).toEqual(["1 200 €", "9 000 €", "7 ans"]);
    expect(result.deck.slides[1].content).toEqual(slideAnswer(1, "bullets"));
    expect(result.warnings).toEqual([
      {
        code: "slide_repaired",
        message: expect.stringMatching(
          /^The model's answer for content slide 2 \("Les coûts en bref"\) stayed invalid after 3 attempts \(the JSON did not match the schema/,
        ),
      },
    ]);
  });

  it("does not accept a slide that has a title and nothing else", async () => {
    server.setHandler(
      scriptedModel((body) => {
        const k = kindOf(body);
        return k.kind === "slide" && k.number === 1
          ? asAnswer(body, { title: "Vide", bullets: [" "] })
          : undefined;
      }),
    );
    const result = await generateDeck(provider({ LLM_MAX_RETRIES: "0" }), options());
    expect(result.deck.slides[1].content.bullets).toEqual(OUTLINE.slides[0].bullets);
    expect(result.warnings[0].message).toContain("the slide has a title but no content");
  });
});

describe("LLM provider: structured-output modes", () => {
  it("json mode sends response_format json_object with the layout's schema in the prompt, and reads fenced JSON", async () => {
    server.setHandler((body) => ({
      type: "content",
      content: `Here you go:\n\`\`\`json\n${JSON.stringify(answerJson(body))}\n\`\`\``,
    }));
    const result = await generateDeck(provider({ LLM_STRUCTURED_OUTPUT: "json" }), options());
    expect(server.requests.every((r) => modeOf(r.body) === "json")).toBe(true);
    const metrics = userText(slideRequests(2)[0].body);
    expect(metrics).toMatch(/matching this JSON Schema: \{.*"metrics":\{.*"required":\["value","label"\]/);
    expect(result.deck.slides[2].content).toEqual(slideAnswer(2, "metrics"));
  });

  it("tool mode sends one forced tool whose parameters are the schema, and reads its call", async () => {
    const result = await generateDeck(provider({ LLM_STRUCTURED_OUTPUT: "tool" }), options());
    expect(server.requests.every((r) => modeOf(r.body) === "tool" && !r.body.response_format)).toBe(true);
    const metrics = slideRequests(2)[0].body;
    expect(metrics.tools).toHaveLength(1);
    expect(metrics.tools?.[0].function.name).toBe("slide_metrics");
    expect(metrics.tools?.[0].function.parameters).toMatchObject({
      required: expect.arrayContaining(["metrics"]),
    });
    expect(metrics.tool_choice).toEqual({ type: "function", function: { name: "slide_metrics" } });
    expect(result.deck.slides.map((s) => s.layout)).toEqual([
      "title",
      "image-right",
      "metrics",
      "timeline",
      "image-left",
    ]);
    expect(result.deck.slides[2].content).toEqual(slideAnswer(2, "metrics"));
  });

  it("auto mode moves to JSON mode for good when the server rejects json_schema", async () => {
    server.setOptions({ rejectJsonSchema: true });
    const p = provider();
    const result = await generateDeck(p, options());
    expect(server.requests.map((r) => modeOf(r.body))).toEqual(["json-schema", ...Array(5).fill("json")]);
    expect(result.deck.slides[2].content).toEqual(slideAnswer(2, "metrics"));
    server.reset();
    await p.generateOutline(options());
    expect(server.requests.map((r) => modeOf(r.body))).toEqual(["json"]);
  });

  it("auto mode reaches the tool call when json_schema is rejected and JSON mode answers badly", async () => {
    server.setOptions({ rejectJsonSchema: true });
    server.enqueue({ type: "content", content: "Sure! Here is your outline: slides about heat pumps." });
    const outline = await provider().generateOutline(options());
    expect(server.requests.map((r) => modeOf(r.body))).toEqual(["json-schema", "json", "tool"]);
    expect(outline).toHaveLength(4);
  });

  it("a fixed mode the server rejects fails with a hint to use auto", async () => {
    server.setOptions({ rejectTools: true });
    const error = await failure(provider({ LLM_STRUCTURED_OUTPUT: "tool" }).generateOutline(options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain("failed with HTTP 400 while writing the outline");
    expect(error.message).toContain('LLM_STRUCTURED_OUTPUT=tool; "auto" falls back');
  });
});

describe("LLM provider: provider failures", () => {
  const rateLimited = {
    type: "error",
    status: 429,
    message: "Rate limit reached",
    headers: { "retry-after-ms": "1" },
  } as const;

  it("retries a 429 and fails with ProviderUnavailableError once retries run out", async () => {
    server.setHandler(() => rateLimited);
    const error = await failure(provider().generateOutline(options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toBe(
      'The openai-compatible model "mock-model" is rate limited (HTTP 429) after 3 attempts while writing the outline: Rate limit reached',
    );
    expect(server.requests).toHaveLength(3);
  });

  it("rides out a passing 500 and fails on a lasting one", async () => {
    server.enqueue({ type: "error", status: 500, headers: { "retry-after-ms": "1" } });
    expect(await provider().generateOutline(options())).toHaveLength(4);
    expect(server.requests).toHaveLength(2);

    server.reset();
    server.setHandler(() => ({
      type: "error",
      status: 503,
      message: "overloaded",
      headers: { "retry-after-ms": "1" },
    }));
    const error = await failure(provider({ LLM_MAX_RETRIES: "1" }).generateOutline(options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain(
      "failed with HTTP 503 after 2 attempts while writing the outline: overloaded",
    );
  });

  it("names the slide whose call failed and stops the others", async () => {
    server.setHandler(
      scriptedModel((body) => {
        const k = kindOf(body);
        return k.kind === "slide" && k.number === 2 ? rateLimited : undefined;
      }),
    );
    const p = provider({ LLM_MAX_RETRIES: "0", LLM_CONCURRENCY: "1" });
    const outline = await p.generateOutline(options());
    server.reset();
    const error = await failure(p.writeSlides(outline, options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain(
      'rate limited (HTTP 429) while writing content slide 2 ("Les coûts en bref")',
    );
    // cover, slide 1, slide 2 — nothing started after the failure.
    expect(server.requests.map((r) => kindOf(r.body).kind)).toEqual(["cover", "slide", "slide"]);
  });

  it("reports a rejected key and sends the configured one", async () => {
    server.setOptions({ apiKey: "sk-right" });
    const error = await failure(provider({ LLM_API_KEY: "sk-wrong" }).generateOutline(options()));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain(
      "refused the credentials (HTTP 401) while writing the outline; check LLM_API_KEY",
    );
    expect(server.requests).toHaveLength(1);
    await provider({ LLM_API_KEY: "sk-right" }).generateOutline(options());
    expect(server.requests[1].headers.authorization).toBe("Bearer sk-right");
  });

  it("gives up on a slow answer after LLM_TIMEOUT_MS", async () => {
    server.setHandler(() => ({ type: "content", content: OUTLINE, delayMs: 3000 }));
    const started = performance.now();
    const error = await failure(provider({ LLM_TIMEOUT_MS: "200" }).generateOutline(options()));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toBe(
      'The openai-compatible model "mock-model" did not answer within 200 ms while writing the outline (LLM_TIMEOUT_MS).',
    );
  });

  it("reports a server that cannot be reached", async () => {
    const gone = await startMockOpenAiServer();
    await gone.close();
    const error = await failure(
      provider({ LLM_BASE_URL: gone.url, LLM_MAX_RETRIES: "0" }).generateOutline(options()),
    );
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain(
      `could not be reached at ${gone.url}/chat/completions while writing the outline`,
    );
  });
});

describe("LLM provider: concurrency", () => {
  it("never has more than LLM_CONCURRENCY slide calls in flight, and does use them", async () => {
    server.setOptions({ latencyMs: 80 });
    const p = provider({ LLM_CONCURRENCY: "3" });
    const opts = options({ n_slides: 4 });
    const outline = await p.generateOutline(opts);
    server.reset();
    const started = performance.now();
    await p.writeSlides([...outline, ...outline], { ...opts, n_slides: 8 });
    const elapsed = performance.now() - started;
    expect(server.requests).toHaveLength(9); // cover + 8 slides
    expect(server.peakInFlight).toBe(3);
    // 9 calls, 3 at a time: 3 rounds of 80 ms, not 9.
    expect(elapsed).toBeLessThan(9 * 80);
    expect(elapsed).toBeGreaterThanOrEqual(3 * 80 - 5);
  });
});

describe("LLM provider: openai and ollama against the same server", () => {
  it("talks Chat Completions to LLM_BASE_URL with OPENAI_API_KEY", async () => {
    const p = createLlmProvider(
      readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-test", LLM_BASE_URL: server.url }),
    );
    const result = await generateDeck(p, options());
    const [first] = server.requests;
    expect(first.headers.authorization).toBe("Bearer sk-test");
    expect(first.body.model).toBe("gpt-4.1-mini");
    expect(first.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "deck_outline", strict: false },
    });
    expect(result.deck.slides.map((s) => s.layout)).toEqual([
      "title",
      "image-right",
      "metrics",
      "timeline",
      "image-left",
    ]);
  });

  it("ollama uses the server's /v1 API with its default model and no key", async () => {
    const p = createLlmProvider(
      readLlmConfig({ LLM_PROVIDER: "ollama", LLM_BASE_URL: server.url.replace(/\/v1$/, "") }),
    );
    const outline = await p.generateOutline(options());
    expect(outline).toHaveLength(4);
    expect(server.requests[0].body.model).toBe("qwen2.5");
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });
});
