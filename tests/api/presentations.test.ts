// The dashboard's presentation API over real HTTP: list (paging, search, only the caller's decks,
// thumbnails), rename, duplicate, delete, export of the edited deck, another account's ids, and the
// PUT conflict check under 50 concurrent saves.
import crypto from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { sessionCookieFor, signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { api, baseUrl, download, pdfText, pptxSlides, squash, UUID } from "./helpers";

const keyB = () => inject("keyB");

/** A three-slide deck titled `title` (its title slide says so), made with `key`; answers its id. */
async function makeDeck(title: string, key?: string): Promise<string> {
  const res = await api("/api/v1/ppt/presentation/create/from-json", {
    key,
    body: {
      title,
      slides: [
        { layout: "title", content: { title, subtitle: "Dashboard tests" } },
        { layout: "bullets", content: { title: "Alpha point", bullets: ["First alpha", "Second alpha"] } },
        { layout: "bullets", content: { title: "Beta point", bullets: ["First beta", "Second beta"] } },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.presentation_id;
}

const detail = (id: string, key?: string) => api(`/api/v1/ppt/presentation/${id}`, { key });
const list = (query: Record<string, string | number>, key?: string) =>
  api(
    `/api/v1/ppt/presentations?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    {
      key,
    },
  );

/** The text of a rendered page's boxes with a role, by role. */
function textByRole(slide: {
  boxes: { kind: string; role?: string; paragraphs?: { runs: { text: string }[] }[] }[];
}) {
  return Object.fromEntries(
    slide.boxes
      .filter((box) => box.kind === "text" && box.role)
      .map((box) => [
        box.role,
        (box.paragraphs ?? []).map((p) => p.runs.map((r) => r.text).join("")).join("\n"),
      ]),
  );
}

describe("GET /api/v1/ppt/presentations", () => {
  it("pages the caller's decks newest first, filters by title, and carries a thumbnail of the first slide", async () => {
    const tag = `list-${crypto.randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await makeDeck(`Deck ${n} ${tag}`));
    const bobs = await makeDeck(`Bob's deck ${tag}`, keyB());

    const first = await list({ q: tag, page: 1, page_size: 2 });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ page: 1, page_size: 2, total: 3 });
    const second = await list({ q: tag, page: 2, page_size: 2 });
    expect(second.json).toMatchObject({ page: 2, page_size: 2, total: 3 });
    const third = await list({ q: tag, page: 3, page_size: 2 });
    expect(third.json.items).toEqual([]);
    // Newest updated first; the pages neither repeat nor skip a deck; Bob's deck is not among them.
    const seen = [...first.json.items, ...second.json.items].map(
      (item: { presentation_id: string }) => item.presentation_id,
    );
    expect(seen).toEqual([...ids].reverse());
    expect(seen).not.toContain(bobs);

    const item = first.json.items[0];
    expect(item).toMatchObject({
      presentation_id: ids[2],
      title: `Deck 3 ${tag}`,
      slide_count: 3,
      version: 1,
      template: "general",
      theme: "light",
      edit_path: `${baseUrl()}/editor/${ids[2]}`,
    });
    expect(Date.parse(item.updated_at)).toBeGreaterThanOrEqual(Date.parse(item.created_at));
    // The thumbnail is the title slide laid out: positioned boxes, its title text in a "title" box.
    expect(item.thumbnail.slideId).toBeTruthy();
    expect(item.thumbnail.boxes.length).toBeGreaterThan(1);
    expect(textByRole(item.thumbnail).title).toBe(`Deck 3 ${tag}`);
    expect(textByRole(item.thumbnail).subtitle).toBe("Dashboard tests");

    // Search ignores case; Bob sees only his own deck under the same tag.
    const upper = await list({ q: tag.toUpperCase() });
    expect(upper.json.total).toBe(3);
    const accents = `accents-${crypto.randomUUID().slice(0, 8)}`;
    await makeDeck(`Réunion d'ÉTÉ ${accents}`);
    expect((await list({ q: `d'été ${accents}` })).json.total).toBe(1);
    // LIKE wildcards in the search are plain characters.
    expect((await list({ q: `${tag}%` })).json.total).toBe(0);
    expect((await list({ q: `Deck _ ${tag}` })).json.total).toBe(0);
    const asBob = await list({ q: tag }, keyB());
    expect(asBob.json.items.map((i: { presentation_id: string }) => i.presentation_id)).toEqual([bobs]);
    expect(asBob.json.total).toBe(1);

    // Without a query: page 1 of 20, the account's newest deck first.
    const all = await list({});
    expect(all.json).toMatchObject({ page: 1, page_size: 20 });
    expect(all.json.total).toBeGreaterThanOrEqual(3);
  });

  it("searches slide text and speaker notes too, saying on which slide a deck matched", async () => {
    const word = `zephyr${crypto.randomUUID().slice(0, 6)}`;
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: {
        title: "Harbour plan",
        slides: [
          { layout: "title", content: { title: "Harbour plan" } },
          { layout: "bullets", content: { title: "Works", bullets: ["New quay wall"] } },
          {
            layout: "bullets",
            content: {
              title: "Budget",
              bullets: [`The **${word.toUpperCase()}** crane arrives in May 2027`],
            },
            notes: `Ask about the ${word}-class tugs.`,
          },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const titled = await makeDeck(`${word} in the title`);
    const found = await list({ q: word });
    expect(found.json.total).toBe(2);
    const byId = new Map(found.json.items.map((i: { presentation_id: string }) => [i.presentation_id, i]));
    // Found in the title: no match; found on a slide: its number and the text, markdown dropped.
    expect(byId.get(titled)).toMatchObject({ match: null });
    expect(byId.get(res.json.presentation_id)).toMatchObject({
      match: { slide: 3, text: `The ${word.toUpperCase()} crane arrives in May 2027` },
    });
    // Speaker notes are searched; stored JSON keys ("bullets", "layout") are not words of a deck.
    expect((await list({ q: `${word}-class tugs` })).json.items[0].match).toEqual({
      slide: 3,
      text: `Ask about the ${word}-class tugs.`,
    });
    expect((await list({ q: `bullets":["New quay` })).json.total).toBe(0);
    // Without a search there is no match field.
    expect((await list({})).json.items[0]).not.toHaveProperty("match");
  });

  it("refuses a bad page or page size with 422 naming the parameter, and a missing key with 401", async () => {
    for (const [query, path] of [
      [{ page: 0 }, "page"],
      [{ page_size: 51 }, "page_size"],
      [{ page_size: "many" }, "page_size"],
    ] as const) {
      const res = await list(query);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("invalid_field");
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    const anonymous = await api("/api/v1/ppt/presentations", { key: null });
    expect(anonymous.status).toBe(401);
  });
});

describe("PATCH /api/v1/ppt/presentation/{id} (rename)", () => {
  it("renames the presentation and its deck, raises the version, and moves it to the top of the list", async () => {
    const tag = `rename-${crypto.randomUUID().slice(0, 8)}`;
    const id = await makeDeck(`Before ${tag}`);
    await makeDeck(`Later ${tag}`);
    const res = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PATCH",
      body: { title: `  After ${tag} ` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ presentation_id: id, title: `After ${tag}`, version: 2 });
    const saved = await detail(id);
    expect(saved.json).toMatchObject({ title: `After ${tag}`, version: 2 });
    expect(saved.json.deck.title).toBe(`After ${tag}`);
    expect(saved.json.updated_at).toBe(res.json.updated_at);
    const listed = await list({ q: tag });
    expect(listed.json.items[0]).toMatchObject({ presentation_id: id, title: `After ${tag}`, version: 2 });

    // With the version it is based on: the current one renames again, a stale one is a 409.
    const again = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PATCH",
      body: { title: `Final ${tag}`, version: 2 },
    });
    expect(again.json.version).toBe(3);
    const stale = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PATCH",
      body: { title: "Lost rename", version: 2 },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "conflict", current_version: 3 });
    const after = await detail(id);
    expect(after.json).toMatchObject({ title: `Final ${tag}`, version: 3 });
  });

  it("refuses an empty title or an unknown field with 422 and changes nothing", async () => {
    const id = await makeDeck("Keeps its title");
    for (const [body, path] of [
      [{ title: "   " }, "title"],
      [{ title: "x".repeat(501) }, "title"],
      [{ title: "Fine", colour: "red" }, "(body)"],
    ] as const) {
      const res = await api(`/api/v1/ppt/presentation/${id}`, { method: "PATCH", body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    expect((await detail(id)).json).toMatchObject({ title: "Keeps its title", version: 1 });
  });
});

describe("POST /api/v1/ppt/presentation/{id}/duplicate", () => {
  it("copies the current deck into a new presentation titled '(copy)' at version 1", async () => {
    const id = await makeDeck("Original deck");
    const edited = (await detail(id)).json;
    edited.deck.slides[1].content.title = "Edited before copying";
    const put = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PUT",
      body: { version: edited.version, deck: edited.deck },
    });
    expect(put.status).toBe(200);

    const res = await api(`/api/v1/ppt/presentation/${id}/duplicate`, { method: "POST" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.presentation_id).toMatch(UUID);
    expect(res.json.presentation_id).not.toBe(id);
    expect(res.json).toMatchObject({
      title: "Original deck (copy)",
      version: 1,
      edit_path: `${baseUrl()}/editor/${res.json.presentation_id}`,
    });
    const copy = (await detail(res.json.presentation_id)).json;
    expect(copy.title).toBe("Original deck (copy)");
    expect(copy.deck.title).toBe("Original deck (copy)");
    expect(copy.deck.slides).toEqual(edited.deck.slides);
    expect(copy.exports).toEqual([]);
    // The original is untouched.
    expect((await detail(id)).json).toMatchObject({ title: "Original deck", version: 2 });
  });
});

describe("DELETE /api/v1/ppt/presentation/{id}", () => {
  it("answers 204, then the presentation is gone from GET, the list and its download links", async () => {
    const tag = `delete-${crypto.randomUUID().slice(0, 8)}`;
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { title: `Doomed ${tag}`, slides: [{ layout: "title", content: { title: `Doomed ${tag}` } }] },
    });
    const id = created.json.presentation_id;
    expect((await download(created.json.path)).status).toBe(200);
    const kept = await makeDeck(`Kept ${tag}`);

    const res = await api(`/api/v1/ppt/presentation/${id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await detail(id)).status).toBe(404);
    const listed = await list({ q: tag });
    expect(listed.json.items.map((i: { presentation_id: string }) => i.presentation_id)).toEqual([kept]);
    expect(listed.json.total).toBe(1);
    expect((await download(created.json.path)).status).toBe(404);
    const again = await api(`/api/v1/ppt/presentation/${id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.json.code).toBe("not_found");
  });
});

describe("another account's presentation", () => {
  it("is a 404 for GET, PUT, PATCH, DELETE, duplicate and export, and stays unchanged", async () => {
    const id = await makeDeck("Alice's private deck");
    const deck = (await detail(id)).json.deck;
    const calls: [string, string, unknown][] = [
      ["GET", "", undefined],
      ["PUT", "", { version: 1, deck: { ...deck, title: "Hijacked" } }],
      ["PATCH", "", { title: "Hijacked" }],
      ["DELETE", "", undefined],
      ["POST", "/duplicate", undefined],
      ["POST", "/export", { export_as: "pptx" }],
    ];
    for (const [method, suffix, body] of calls) {
      const res = await api(`/api/v1/ppt/presentation/${id}${suffix}`, { method, body, key: keyB() });
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.json.code).toBe("not_found");
      expect(res.json.detail).not.toContain("Alice");
    }
    const after = (await detail(id)).json;
    expect(after).toMatchObject({ title: "Alice's private deck", version: 1 });
    expect(after.exports).toHaveLength(1);
    expect((await list({ q: "Alice's private deck" }, keyB())).json.total).toBe(0);
  });
});

describe("POST /api/v1/ppt/presentation/{id}/export", () => {
  it("renders the deck as saved by PUT, records the export of that version, and reuses it until the next save", async () => {
    const id = await makeDeck("Export source");
    const loaded = (await detail(id)).json;
    const deck = loaded.deck;
    deck.slides[1].content.bullets = ["Rewritten after generation", "Second alpha"];
    // Beta before alpha now.
    deck.slides = [deck.slides[0], deck.slides[2], deck.slides[1]];
    const put = await api(`/api/v1/ppt/presentation/${id}`, { method: "PUT", body: { version: 1, deck } });
    expect(put.json.version).toBe(2);

    const res = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ format: "pptx", slide_count: 3, version: 2 });
    const file = await download(res.json.path);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("presentationml");
    const slides = await pptxSlides(file.bytes);
    expect(slides).toHaveLength(3);
    expect(slides[0]).toContain("Export source");
    expect(slides[1]).toContain("Beta point");
    expect(slides[2]).toContain("Alpha point");
    expect(slides[2]).toContain("Rewritten after generation");
    expect(slides.join(" ")).not.toContain("First alpha");

    // The same version asked again: the same file; the presentation lists it with the generation's.
    const repeat = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(new URL(repeat.json.path).pathname).toBe(new URL(res.json.path).pathname);
    expect((await detail(id)).json.exports).toHaveLength(2);

    // PDF of the same deck; a body without export_as means PPTX; a bad format is a 422.
    const pdf = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pdf" } });
    expect(pdf.json).toMatchObject({ format: "pdf", version: 2 });
    expect(new URL(pdf.json.path).pathname).toMatch(/\/export-source\.pdf$/);
    const text = squash(pdfText((await download(pdf.json.path)).bytes));
    expect(text.indexOf("Beta point")).toBeLessThan(text.indexOf("Alpha point"));
    expect(text).toContain("Rewritten after generation");
    const byDefault = await api(`/api/v1/ppt/presentation/${id}/export`, { body: {} });
    expect(byDefault.json.format).toBe("pptx");
    const bad = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "key" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("export_as");

    // A rename is a new version: the next export is a new file with the new version.
    await api(`/api/v1/ppt/presentation/${id}`, { method: "PATCH", body: { title: "Export renamed" } });
    const renamed = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(renamed.json.version).toBe(3);
    expect(new URL(renamed.json.path).pathname).not.toBe(new URL(res.json.path).pathname);
    expect(new URL(renamed.json.path).pathname).toMatch(/\/export-renamed\.pptx$/);
  });
});

describe("PUT /api/v1/ppt/presentation/{id} under concurrency", () => {
  it("accepts exactly one of 50 parallel saves at the same version; the others get 409 with current_version", async () => {
    const id = await makeDeck("Contested deck");
    const { deck, version } = (await detail(id)).json;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        api(`/api/v1/ppt/presentation/${id}`, {
          method: "PUT",
          body: { version, deck: { ...deck, title: `Writer ${n}` } },
        }),
      ),
    );
    const winners = results.flatMap((res, n) => (res.status === 200 ? [n] : []));
    expect(winners).toHaveLength(1);
    const losers = results.filter((res) => res.status !== 200);
    expect(losers).toHaveLength(49);
    for (const res of losers) {
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: "conflict", current_version: version + 1 });
    }
    const saved = (await detail(id)).json;
    expect(saved.version).toBe(version + 1);
    expect(saved.deck.title).toBe(`Writer ${winners[0]}`);
    expect(saved.title).toBe(`Writer ${winners[0]}`);
  });
});

describe("the dashboard's session calls", () => {
  it("work with the session cookie and a same-site Origin, refuse a cross-site one, and see only that account", async () => {
    const user = uniqueUser("dash-api");
    const { cookie } = await signUpViaHttp(baseUrl(), user);
    expect(sessionCookieFor(baseUrl(), cookie).length).toBeGreaterThan(0);
    const call = (path: string, init: { method?: string; body?: unknown; origin?: string } = {}) =>
      api(path, {
        key: null,
        method: init.method,
        body: init.body,
        headers: { cookie, ...(init.origin ? { origin: init.origin } : {}) },
      });
    const empty = await call("/api/v1/ppt/presentations");
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ items: [], total: 0 });

    const aliceDeck = await makeDeck("Not the session's");
    expect(
      (await call(`/api/v1/ppt/presentation/${aliceDeck}`, { method: "DELETE", origin: baseUrl() })).status,
    ).toBe(404);
    const created = await call("/api/v1/ppt/presentation/create/from-json", {
      method: "POST",
      origin: baseUrl(),
      body: { title: "Session deck", slides: [{ layout: "title", content: { title: "Session deck" } }] },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json.presentation_id;
    const crossSite = await call(`/api/v1/ppt/presentation/${id}`, {
      method: "PATCH",
      origin: "https://evil.example",
      body: { title: "Forged" },
    });
    expect(crossSite.status).toBe(403);
    const renamed = await call(`/api/v1/ppt/presentation/${id}`, {
      method: "PATCH",
      origin: baseUrl(),
      body: { title: "Session deck, renamed" },
    });
    expect(renamed.status).toBe(200);
    const listed = await call("/api/v1/ppt/presentations");
    expect(listed.json.items.map((i: { title: string }) => i.title)).toEqual(["Session deck, renamed"]);
  });
});
