// allow_access_to_user_info over real HTTP on an LLM provider (a local OpenAI-compatible server):
// true puts the account's name on the cover, in the PPTX's docProps/core.xml and the PDF's Author,
// and in the prompt; false lets no name or email reach the deck, its files or the model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockOpenAiServer, type TMockServer, userText } from "../llm/mock-openai-server";
import { scriptedModel } from "../llm/scripted-model";
import { cliCreateKey, cliCreateUser, startDeckforgeServer } from "./global-setup";
import { download, pdfInfo, pdfText, pptxSlides, squash, zipEntry } from "./helpers";

const NAME = "Imogen Quaresma";
const EMAIL = "imogen.quaresma@example.com";

let mock: TMockServer;
let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
let key: string;

beforeAll(async () => {
  mock = await startMockOpenAiServer({ handler: scriptedModel() });
  const env = {
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: mock.url,
    LLM_MODEL: "scripted-model",
    LLM_MAX_RETRIES: "0",
  };
  server = await startDeckforgeServer(env);
  cliCreateUser(server.dataDir, EMAIL, NAME, env);
  key = cliCreateKey(server.dataDir, EMAIL, "user-info-tests", env);
});

afterAll(async () => {
  await server?.stop();
  await mock?.close();
});

/** Generates, downloads the file and collects every prompt the model was sent for it. */
async function generate(body: Record<string, unknown>) {
  mock.reset();
  const res = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/generate`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ content: "Heat pumps move heat instead of making it.", n_slides: 5, ...body }),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  const file = await download(json.path);
  expect(file.status).toBe(200);
  const prompts = mock.requests.map((r) => JSON.stringify(r.body)).join("\n");
  expect(mock.requests.length).toBeGreaterThan(0);
  return { file: file.bytes, prompts };
}

/** dc:creator and cp:lastModifiedBy of a PPTX, read with unzip. */
function pptxPeople(bytes: Buffer) {
  const core = zipEntry(bytes, "docProps/core.xml");
  return {
    core,
    creator: /<dc:creator>([^<]*)<\/dc:creator>/.exec(core)?.[1],
    lastModifiedBy: /<cp:lastModifiedBy>([^<]*)<\/cp:lastModifiedBy>/.exec(core)?.[1],
  };
}

describe("allow_access_to_user_info", () => {
  it("true (the default): the account's name is the author on the cover, in the PPTX metadata and in the prompt", async () => {
    const { file, prompts } = await generate({});
    const people = pptxPeople(file);
    expect(people.creator).toBe(NAME);
    expect(people.lastModifiedBy).toBe(NAME);
    const slides = await pptxSlides(file);
    expect(slides).toHaveLength(5);
    expect(squash(slides[0])).toContain(NAME);
    expect(prompts).toContain(NAME);
    // The name is what the generator may use; the email is never sent.
    expect(prompts).not.toContain(EMAIL);
  });

  it("true: the PDF's Author and its cover name the account's owner", async () => {
    const { file } = await generate({ export_as: "pdf", allow_access_to_user_info: true });
    expect(pdfInfo(file).Author).toBe(NAME);
    expect(squash(pdfText(file).split("\f")[0])).toContain(NAME);
  });

  it.each(["pptx", "pdf"] as const)(
    "false (%s): no name or email in the deck, its metadata or any prompt",
    async (format) => {
      const { file, prompts } = await generate({ export_as: format, allow_access_to_user_info: false });
      for (const secret of [NAME, EMAIL, "Quaresma", "imogen"])
        expect(prompts.toLowerCase()).not.toContain(secret.toLowerCase());
      if (format === "pptx") {
        const people = pptxPeople(file);
        expect([people.creator, people.lastModifiedBy]).toEqual(["Deckforge", "Deckforge"]);
        const everything = [
          people.core,
          zipEntry(file, "docProps/app.xml"),
          ...(await pptxSlides(file)),
        ].join(" ");
        for (const secret of [NAME, EMAIL, "Quaresma"]) expect(everything).not.toContain(secret);
      } else {
        const info = pdfInfo(file);
        expect(info.Author).toBe("Deckforge");
        const everything = `${JSON.stringify(info)} ${pdfText(file)} ${file.toString("latin1")}`;
        for (const secret of [NAME, EMAIL, "Quaresma"]) expect(everything).not.toContain(secret);
      }
      // The prompts are the model's whole view of the request: they were logged and checked.
      expect(userText(mock.requests[0].body)).toContain("Heat pumps");
    },
  );

  it("is refused when not a boolean, with a field error", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Text.", allow_access_to_user_info: "yes" }),
    });
    expect(res.status).toBe(422);
    const problem = await res.json();
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["allow_access_to_user_info"]);
  });
});
