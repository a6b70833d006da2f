import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "@/lib/search/clean-result";
import { getSearchProvider } from "@/lib/search/get-search-provider";
import { searchTopic } from "@/lib/search/search-topic";
import { clipQuery, searchWeb } from "@/lib/search/search-web";
import { webContext } from "@/lib/search/web-context";
import { WebSearchError } from "@/lib/search/web-search-provider";
import { send, sendJson, startMockServer, type TMockServer } from "./net-mock-server";

let server: TMockServer;

const TAVILY_RESULTS = [
  {
    title: "Heat pumps &amp; the grid",
    url: "https://www.energy.example/heat-pumps",
    content:
      "Heat pumps   cut household gas use by **60%** in the trial.\n\nInstallers report waiting lists.",
    score: 0.91,
  },
  {
    title: "Same page again",
    url: "https://www.energy.example/heat-pumps",
    content: "duplicate",
    score: 0.5,
  },
  { title: "A script", url: "javascript:alert(1)", content: "dropped", score: 0.4 },
  { title: "", url: "https://stats.example.org/report?id=7", content: "Sales rose 12% in 2024.", score: 0.3 },
];

const BRAVE_RESULTS = [
  {
    title: "Heat <strong>pumps</strong> explained",
    url: "https://guide.example.com/heat",
    description: "How a <strong>heat pump</strong> moves heat &#8211; not makes it.",
    extra_snippets: ["Efficiency is 3&ndash;4 times a heater's."],
  },
  { title: "Policy", url: "https://gov.example/policy", description: "Grants cover half the cost." },
];

beforeAll(async () => {
  server = await startMockServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mock");
    if (url.pathname === "/search" && request.method === "POST") {
      const body = JSON.parse(request.body) as { query: string };
      if (body.query === "refused") return sendJson(response, { detail: { error: "Unauthorized" } }, 401);
      if (body.query === "nothing") return sendJson(response, { query: body.query, results: [] });
      return sendJson(response, { query: body.query, results: TAVILY_RESULTS, response_time: 0.4 });
    }
    if (url.pathname === "/res/v1/web/search") {
      if (url.searchParams.get("q") === "broken")
        return send(response, 200, "text/html", "<html>oops</html>");
      return sendJson(response, { type: "search", web: { type: "search", results: BRAVE_RESULTS } });
    }
    send(response, 404, "text/plain", "not found");
  });
});
afterAll(() => server.close());

const tavilyEnv = () => ({
  TAVILY_API_KEY: "tvly-key",
  TAVILY_BASE_URL: server.origin,
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
});
const braveEnv = () => ({
  BRAVE_SEARCH_API_KEY: "brave-key",
  BRAVE_SEARCH_BASE_URL: `${server.origin}/res/v1`,
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
});
const last = () => server.requests[server.requests.length - 1];

describe("getSearchProvider", () => {
  it("takes the first configured backend, or the one WEB_SEARCH_PROVIDER names", () => {
    expect(getSearchProvider({ TAVILY_API_KEY: "a", BRAVE_SEARCH_API_KEY: "b" }).provider?.id).toBe("tavily");
    expect(getSearchProvider({ BRAVE_SEARCH_API_KEY: "b" }).provider?.id).toBe("brave");
    expect(
      getSearchProvider({ TAVILY_API_KEY: "a", BRAVE_SEARCH_API_KEY: "b", WEB_SEARCH_PROVIDER: "brave" })
        .provider?.id,
    ).toBe("brave");
  });

  it("says why there is none", () => {
    const reason = (env: Record<string, string>) => {
      const choice = getSearchProvider(env);
      return "reason" in choice ? choice.reason : "";
    };
    expect(reason({})).toBe("no search provider is configured (set TAVILY_API_KEY or BRAVE_SEARCH_API_KEY)");
    expect(reason({ WEB_SEARCH_PROVIDER: "brave", TAVILY_API_KEY: "a" })).toBe(
      'WEB_SEARCH_PROVIDER is "brave" but BRAVE_SEARCH_API_KEY is not set',
    );
    expect(reason({ WEB_SEARCH_PROVIDER: "bing" })).toContain("not one of tavily, brave");
  });
});

describe("searchWeb", () => {
  it("Tavily: POST /search with a Bearer key and the query; results cleaned and de-duplicated", async () => {
    const results = await searchWeb("heat pumps in Europe", { limit: 4, env: tavilyEnv() });
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/search");
    expect(request.headers.authorization).toBe("Bearer tvly-key");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      query: "heat pumps in Europe",
      max_results: 4,
      search_depth: "basic",
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    });
    expect(results).toEqual([
      {
        title: "Heat pumps & the grid",
        url: "https://www.energy.example/heat-pumps",
        snippet: "Heat pumps cut household gas use by **60%** in the trial. Installers report waiting lists.",
      },
      {
        title: "stats.example.org",
        url: "https://stats.example.org/report?id=7",
        snippet: "Sales rose 12% in 2024.",
      },
    ]);
  });

  it("Brave: GET /web/search with the subscription token; markup and entities removed", async () => {
    const results = await searchWeb("heat pumps", { limit: 1, env: braveEnv() });
    const request = last();
    expect(request.method).toBe("GET");
    const url = new URL(request.url, server.origin);
    expect(url.pathname).toBe("/res/v1/web/search");
    expect(url.searchParams.get("q")).toBe("heat pumps");
    expect(url.searchParams.get("count")).toBe("1");
    expect(request.headers["x-subscription-token"]).toBe("brave-key");
    expect(request.headers.accept).toBe("application/json");
    expect(results).toEqual([
      {
        title: "Heat pumps explained",
        url: "https://guide.example.com/heat",
        snippet: "How a heat pump moves heat – not makes it. Efficiency is 3–4 times a heater's.",
      },
    ]);
  });

  it("fails with a WebSearchError when nothing is configured or the backend fails", async () => {
    await expect(searchWeb("x", { env: {} })).rejects.toThrow(WebSearchError);
    await expect(searchWeb("refused", { env: tavilyEnv() })).rejects.toThrow(
      'Tavily refused the API key (HTTP 401: {"detail":{"error":"Unauthorized"}})',
    );
    await expect(searchWeb("broken", { env: braveEnv() })).rejects.toThrow(
      "Brave Search: The answer is not JSON.",
    );
  });

  it("reaches the operator's configured base URL even without ALLOW_PRIVATE_NETWORK_FETCH", async () => {
    const { ALLOW_PRIVATE_NETWORK_FETCH: _, ...strict } = tavilyEnv();
    expect(await searchWeb("heat pumps", { env: strict })).toHaveLength(2);
  });

  it("decodes entities without choking on invalid ones", () => {
    expect(plainText("a &#99999999; b &#xD800; c &bogus; d &#x41;", 100)).toBe("a b c &bogus; d A");
  });

  it("clips long queries at a word", () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join("  ");
    const clipped = clipQuery(long);
    expect(clipped.split(" ")).toHaveLength(40);
    expect(clipped.startsWith("word0 word1 ")).toBe(true);
    expect(clipQuery(`${"a".repeat(200)} ${"b".repeat(200)}`)).toBe("a".repeat(200));
  });
});

describe("webContext", () => {
  it("returns a findings section naming each source, the sources and a summary", async () => {
    const context = await webContext("heat pumps", {
      env: tavilyEnv(),
      now: new Date("2026-03-01T12:00:00Z"),
    });
    expect(context.warnings).toEqual([]);
    expect(context.text).toBe(
      [
        "## Web research: heat pumps",
        "",
        "Findings from a Tavily web search on 2026-03-01; each names its source.",
        "",
        "- **Heat pumps & the grid** (energy.example): Heat pumps cut household gas use by \\*\\*60%\\*\\* in the trial. Installers report waiting lists.",
        "- **stats.example.org** (stats.example.org): Sales rose 12% in 2024.",
        "",
      ].join("\n"),
    );
    expect(context.sources).toEqual([
      {
        title: "Heat pumps & the grid",
        url: "https://www.energy.example/heat-pumps",
        name: "energy.example",
      },
      { title: "stats.example.org", url: "https://stats.example.org/report?id=7", name: "stats.example.org" },
    ]);
    expect(context.summary).toBe(
      "web_search added 2 findings from Tavily (sources: energy.example, stats.example.org).",
    );
  });

  it("warns instead of failing: not configured, refused, nothing found", async () => {
    const none = await webContext("heat pumps", { env: {} });
    expect(none).toEqual({
      text: "",
      sources: [],
      warnings: [
        "web_search was requested but no search provider is configured (set TAVILY_API_KEY or BRAVE_SEARCH_API_KEY); only the given content was used.",
      ],
    });
    const refused = await webContext("refused", { env: tavilyEnv() });
    expect(refused.text).toBe("");
    expect(refused.warnings[0]).toMatch(
      /^web_search was requested but the search failed \(Tavily refused the API key/,
    );
    const nothing = await webContext("nothing", { env: tavilyEnv() });
    expect(nothing.warnings).toEqual([
      'web_search was requested but Tavily found nothing for "nothing"; only the given content was used.',
    ]);
  });
});

describe("searchTopic", () => {
  it.each([
    ["# Heat pumps in **Europe**\n\nLong text follows. More.", undefined, "Heat pumps in Europe"],
    ["Intro line without heading. Second sentence.\n## Later heading", undefined, "Later heading"],
    ["Our quarterly results were strong. Revenue grew.", undefined, "Our quarterly results were strong"],
    ["- first bullet item\n- second", undefined, "first bullet item"],
    ["", "Make a deck about coral reef bleaching", "Make a deck about coral reef bleaching"],
    ["   \n  ", "", ""],
    [
      Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "),
      undefined,
      Array.from({ length: 16 }, (_, i) => `w${i}`).join(" "),
    ],
  ])("%j → %j", (content, instructions, expected) => {
    expect(searchTopic(content, instructions)).toBe(expected);
  });
});
