// The generate request schemas as clients of the peer product send them: "… or null" fields as
// null, upload answers in `files`, from-json slides without a layout; and the Prefer parsing.
import { describe, expect, it } from "vitest";
import type { ApiError } from "@/lib/api/errors";
import { parseBodyLenient, preferredHandling } from "@/lib/api/parse-body";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGenerateOutlinesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";

const FILE_ID = "0b8f6a52-8d1e-4a8e-9f37-2c3d4e5f6a7b";

describe("nullable fields mean 'not given'", () => {
  it("v1 generate: every nullable field null parses to the defaults", () => {
    const parsed = ZGeneratePresentationRequest.parse({
      content: "Solar microgrids keep rural clinics running.",
      slides_markdown: null,
      instructions: null,
      theme: null,
      files: null,
    });
    const plain = ZGeneratePresentationRequest.parse({
      content: "Solar microgrids keep rural clinics running.",
    });
    expect(parsed).toEqual(plain);
    expect(parsed.theme).toBe("light");
    expect(parsed).not.toHaveProperty("instructions", null);
    expect(parsed.allow_access_to_user_info).toBe(true);
  });

  it("v1 generate: content null with slides_markdown given, and still refuses a body with nothing to read", () => {
    expect(ZGeneratePresentationRequest.parse({ content: null, slides_markdown: ["# A\n- a"] }).content).toBe(
      "",
    );
    const empty = ZGeneratePresentationRequest.safeParse({
      content: null,
      files: null,
      slides_markdown: null,
    });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.path.join("."))).toEqual(["content"]);
  });

  it("v3 outlines, v3 generate and from-json take null for their optional fields", () => {
    expect(
      ZGenerateOutlinesRequest.parse({ content: "Some text.", files: null, instructions: null }).files,
    ).toBe(undefined);
    const v3 = ZGenerateFromSlidesRequest.parse({
      slides: [{ content: "## A\n- a", layout: null }],
      title: null,
      theme: null,
    });
    expect([v3.title, v3.theme]).toEqual([undefined, "light"]);
    const json = ZCreateFromJsonRequest.parse({
      title: null,
      author: null,
      theme: null,
      slides: [{ layout: "bullets", content: { title: "A", bullets: ["x"] }, notes: null }],
    });
    expect([json.title, json.author, json.theme, json.slides[0].notes]).toEqual([
      undefined,
      undefined,
      "light",
      undefined,
    ]);
  });

  it("a null where the field is not nullable is still a field error", () => {
    const parsed = ZGeneratePresentationRequest.safeParse({ content: "Text.", n_slides: null, tone: null });
    expect(parsed.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["n_slides", "tone"]);
  });
});

describe("files takes ids or the upload's answer", () => {
  it("reads the id of each object as the upload answered it, and keeps plain ids", () => {
    const uploaded = { id: FILE_ID, name: "notes.md", type: "md", size: 120, characters: 100, images: 0 };
    const parsed = ZGeneratePresentationRequest.parse({ files: [uploaded, FILE_ID] });
    expect(parsed.files).toEqual([FILE_ID, FILE_ID]);
    // The stored request of an async task is parsed again: the output must be valid input.
    expect(ZGeneratePresentationRequest.parse(parsed)).toEqual(parsed);
  });

  it("refuses an object without an id, and a number", () => {
    const parsed = ZGeneratePresentationRequest.safeParse({ files: [{ name: "notes.md" }, 7] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["files.0", "files.1"]);
  });
});

describe("create/from-json chooses a layout for a slide that names none", () => {
  it("from the content's shape; the stored request parses again", () => {
    const parsed = ZCreateFromJsonRequest.parse({
      slides: [
        { content: { title: "Cover", subtitle: "Lead" } },
        { layout: null, content: { title: "Points", bullets: ["a", "b"] } },
        { content: { title: "Table", table: { header: ["A", "B"], rows: [["1", "2"]] } } },
        { content: { title: "Said", quote: { text: "Less is more." } } },
        { content: { title: "Figures", metrics: [{ value: "92%", label: "uptime" }] } },
        { content: { title: "Part two" } },
      ],
    });
    expect(parsed.slides.map((s) => s.layout)).toEqual([
      "title",
      "bullets",
      "table",
      "quote",
      "metrics",
      "section",
    ]);
    expect(ZCreateFromJsonRequest.parse(parsed)).toEqual(parsed);
  });

  it("a named layout is still checked against its required content", () => {
    const parsed = ZCreateFromJsonRequest.safeParse({
      slides: [{ layout: "table", content: { title: "T" } }],
    });
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["slides.0.content.table"]);
  });
});

describe("Prefer: handling", () => {
  it.each([
    [null, null],
    ["handling=strict", "strict"],
    ["HANDLING=Lenient", "lenient"],
    ['respond-async, handling="strict"; x=1', "strict"],
    ["handling=lenient, handling=strict", "lenient"],
    ["handling=other", null],
    ["return=minimal", null],
  ])("%s → %s", (header, expected) => {
    expect(preferredHandling(header)).toBe(expected);
  });
});

describe("parseBodyLenient", () => {
  const request = (body: unknown, prefer?: string) =>
    new Request("http://localhost/api/v1/ppt/presentation/generate", {
      method: "POST",
      headers: { "content-type": "application/json", ...(prefer ? { prefer } : {}) },
      body: JSON.stringify(body),
    });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable("parsed"),
      (error: ApiError) => error,
    );

  it("ignores unknown top-level fields and names them in one warning", async () => {
    const parsed = await parseBodyLenient(
      request({ content: "Text.", title: "Peer", colour: "red" }),
      ZGeneratePresentationRequest,
    );
    expect(parsed.data).toEqual(ZGeneratePresentationRequest.parse({ content: "Text." }));
    expect(parsed.warnings).toEqual([expect.stringMatching(/^Ignored unknown fields 'title', 'colour'/)]);
    expect(parsed.headers).toEqual({ vary: "Prefer" });
  });

  it("refuses them with Prefer: handling=strict, and echoes the preference", async () => {
    const error = await refusal(
      parseBodyLenient(
        request({ content: "Text.", title: "Peer" }, "handling=strict"),
        ZGeneratePresentationRequest,
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details?.headers).toMatchObject({ "preference-applied": "handling=strict" });
    const ok = await parseBodyLenient(
      request({ content: "Text." }, "handling=strict"),
      ZGeneratePresentationRequest,
    );
    expect([ok.warnings, ok.headers["preference-applied"]]).toEqual([[], "handling=strict"]);
  });

  it("still refuses an unknown key inside a slide's content (an image's credit is the service's)", async () => {
    const body = {
      slides: [{ layout: "image-left", content: { title: "x", image: { query: "q", credit: "Someone" } } }],
    };
    const error = await refusal(parseBodyLenient(request(body), ZCreateFromJsonRequest));
    expect(error.details?.errors?.map((e) => e.path)).toEqual(["slides.0.content.image"]);
  });

  it("reports the other errors of a body with unknown fields, not the unknown fields", async () => {
    const error = await refusal(
      parseBodyLenient(request({ content: "Text.", title: "x", n_slides: 0 }), ZGeneratePresentationRequest),
    );
    expect(error.details?.errors?.map((e) => e.path)).toEqual(["n_slides"]);
  });
});
