// `npx deckforge mcp` (bin/deckforge.mjs → cli/main.ts): the MCP server on stdio, spawned by the
// SDK's StdioClientTransport and relaying to the running test server with the key from --key or
// DECKFORGE_KEY. The same tools, progress notifications and charges as over HTTP; a refused key or
// an unreachable server is an answer the client reads, never a hang; closing the client ends it.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, inject, it } from "vitest";
import { freePort } from "../free-port";
import { api, baseUrl } from "./helpers";
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
} from "./mcp-helpers";

const root = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(root, "bin/deckforge.mjs");

/** The test process's environment without a key or server of its own, plus `extra`. */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv & Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && name !== "DECKFORGE_KEY" && name !== "DECKFORGE_URL") env[name] = value;
  // Every variable of process.env but the two, so it is one (Next's types require NODE_ENV in it).
  return { ...env, ...extra } as NodeJS.ProcessEnv & Record<string, string>;
}

type TSpawned = { client: Client; transport: StdioClientTransport; stderr: () => string };
const spawned: TSpawned[] = [];

/** Spawns `deckforge mcp <args>` and connects an SDK client to it. */
async function spawnMcp(args: string[], env: Record<string, string>): Promise<TSpawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    cwd: root,
    env: envWith(env),
    stderr: "pipe",
  });
  let stderr = "";
  const pipe = transport.stderr as PassThrough | null;
  pipe?.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "deckforge-stdio-tests", version: "1.0.0" });
  const entry = { client, transport, stderr: () => stderr };
  spawned.push(entry);
  await client.connect(transport);
  return entry;
}

afterEach(async () => {
  for (const { client } of spawned.splice(0)) await client.close();
});

describe("deckforge mcp (stdio)", () => {
  it("serves the tools with --key: generate with progress, get, export and the outline, charged as over HTTP", async () => {
    const key = inject("keyA");
    const { client } = await spawnMcp(["--key", key], { DECKFORGE_URL: baseUrl() });
    expect(client.getServerVersion()?.name).toBe("deckforge");
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);

    const before = await balanceOf(key);
    const { result, progress } = await generateWithProgress(client, {
      content: SOURCE,
      n_slides: 3,
      export_as: "pdf",
    });
    const generated = structured(result);
    expectProgressReports(progress);
    expect(generated.path).toMatch(new RegExp(`^${baseUrl()}/api/v1/ppt/exports/.+\\.pdf\\?`));
    expect(generated.edit_path).toBe(`${baseUrl()}/editor/${generated.presentation_id}`);
    expect(await balanceOf(key)).toBe(before - generated.credits_consumed);
    const rest = await api("/api/v1/ppt/presentation/generate", {
      key,
      body: { content: SOURCE, n_slides: 3, export_as: "pdf" },
    });
    expect(rest.json.credits_consumed).toBe(generated.credits_consumed);

    const detail = structured(
      await client.callTool({
        name: "get_presentation",
        arguments: { presentation_id: generated.presentation_id },
      }),
    );
    expect(await downloadPdfPages(generated.path)).toBeGreaterThanOrEqual(detail.slide_count);
    const pptx = structured(
      await client.callTool({
        name: "export_presentation",
        arguments: { presentation_id: generated.presentation_id, export_as: "pptx" },
      }),
    );
    expect((await downloadPptx(pptx.path)).join(" ")).toContain("Solar power for rural clinics");

    const { contents } = await client.readResource({ uri: detail.outline_uri });
    const markdown = "text" in contents[0] ? contents[0].text : "";
    expect(markdown).toContain(`## 1. ${detail.slides[0].title}`);
  });

  it("takes the key from DECKFORGE_KEY, and edit_slide saves as over HTTP", async () => {
    const key = inject("keyB");
    const deckId = await createDeck(key);
    const { client } = await spawnMcp([], { DECKFORGE_URL: baseUrl(), DECKFORGE_KEY: key });
    const edit = structured(
      await client.callTool({
        name: "edit_slide",
        arguments: { presentation_id: deckId, slide: 3, prompt: "turn into a table" },
      }),
    );
    expect(edit).toMatchObject({ applied: true, version: 2, provider: "offline", credits_consumed: 1 });
    const saved = (await api(`/api/v1/ppt/presentation/${deckId}`, { key })).json;
    expect(saved.deck.slides[2].layout).toBe("table");
    // Account A's key never reaches B's deck.
    const other = await spawnMcp(["--key", inject("keyA")], { DECKFORGE_URL: baseUrl() });
    const refused = await other.client.callTool({
      name: "get_presentation",
      arguments: { presentation_id: deckId },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([
      { type: "text", text: `not_found (404): No presentation with id '${deckId}'.` },
    ]);
  });

  it("answers the initialize request with the server's 401 when the key is refused", async () => {
    const refused = await spawnMcp(["--key", "df_revokedorwrong000000000000000000000000000"], {
      DECKFORGE_URL: baseUrl(),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).message).toContain(
      `Deckforge at ${baseUrl()} refused the request: unauthorized (401): The API key is invalid or has been revoked.`,
    );
  });

  it("answers with where it tried when no server listens there", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const refused = await spawnMcp(["--key", inject("keyA"), "--url", url], {}).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).message).toContain(`Could not reach Deckforge at ${url}`);
    expect((refused as McpError).message).toContain("DECKFORGE_URL");
  });

  it("refuses to start without a key or with a URL that is not http(s)", () => {
    const run = (args: string[], env: Record<string, string>) => {
      try {
        execFileSync(process.execPath, [BIN, "mcp", ...args], {
          cwd: root,
          env: envWith(env),
          input: "",
          encoding: "utf8",
          stdio: "pipe",
        });
      } catch (error) {
        return error as { status: number; stderr: string; stdout: string };
      }
      throw new Error(`deckforge mcp ${args.join(" ")} started`);
    };
    const noKey = run([], { DECKFORGE_URL: baseUrl() });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toContain("No API key: pass --key <key> or set DECKFORGE_KEY");
    expect(noKey.stdout).toBe("");
    const badUrl = run(["--url", "ftp://example.com"], { DECKFORGE_KEY: inject("keyA") });
    expect(badUrl.status).toBe(1);
    expect(badUrl.stderr).toContain("must be an http(s) URL, got 'ftp://example.com'");
  });

  it("exits when the client closes its stdin, well before the SDK would send SIGTERM", async () => {
    const entry = await spawnMcp(["--key", inject("keyA")], { DECKFORGE_URL: baseUrl() });
    await entry.client.listTools();
    const pid = entry.transport.pid as number;
    expect(pid).toBeGreaterThan(0);
    spawned.splice(spawned.indexOf(entry), 1);
    const started = Date.now();
    // close() ends stdin, then waits up to 2 s for the process before SIGTERM.
    await entry.client.close();
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(entry.stderr()).toBe("");
  });
});
