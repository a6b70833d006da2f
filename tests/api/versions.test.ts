// Version history over real HTTP: saves through PUT keep the replaced deck as an automatic version
// (once per stretch of editing, always with a checkpoint, the newest 50 kept), named versions are
// made, renamed and deleted, a restore brings an old deck back as the next version after keeping
// the current one (with PUT's 409 check), another account's deck or version is a 404, deleting the
// deck deletes its history, and bad input is a problem naming the field.
import { describe, expect, inject, it } from "vitest";
import { api, download, pptxSlides, UUID } from "./helpers";

const keyB = () => inject("keyB");
const versions = (id: string) => `/api/v3/presentation/${id}/versions`;

type TDeck = { title: string; slides: { content: { title?: string; bullets?: string[] } }[] };

/** A two-slide deck titled `title` whose second slide's bullets are `bullets`; answers its id. */
async function makeDeck(title: string, bullets: string[], key?: string): Promise<string> {
  const res = await api("/api/v1/ppt/presentation/create/from-json", {
    key,
    body: {
      title,
      slides: [
        { layout: "title", content: { title, subtitle: "Versions" } },
        { layout: "bullets", content: { title: "Plan", bullets } },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.presentation_id;
}

async function detail(id: string): Promise<{ version: number; deck: TDeck }> {
  const res = await api(`/api/v1/ppt/presentation/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Saves the deck with its second slide's bullets replaced; answers the PUT. */
async function saveBullets(id: string, bullets: string[], extra: Record<string, unknown> = {}) {
  const { version, deck } = await detail(id);
  const edited = structuredClone(deck);
  edited.slides[1].content.bullets = bullets;
  return api(`/api/v1/ppt/presentation/${id}`, { method: "PUT", body: { version, deck: edited, ...extra } });
}

const bulletsOf = (deck: TDeck) => deck.slides[1].content.bullets;

describe("version history", () => {
  it("keeps the deck a save replaces as an automatic version, once per stretch of editing and always with a checkpoint", async () => {
    const id = await makeDeck("Automatic versions", ["Original plan"]);
    const empty = await api(versions(id));
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);

    expect((await saveBullets(id, ["First edit"])).status).toBe(200);
    const afterFirst = await api(versions(id));
    expect(afterFirst.json).toEqual([
      {
        id: expect.stringMatching(UUID),
        presentation_id: id,
        kind: "automatic",
        name: null,
        reason: "editing",
        revision: 1,
        created_at: expect.any(String),
        slide_count: 2,
        first_slide_title: "Automatic versions",
      },
    ]);
    // The list carries no deck; the version itself does, as it was before the edit.
    expect(afterFirst.json[0]).not.toHaveProperty("deck");
    const first = await api(`${versions(id)}/${afterFirst.json[0].id}`);
    expect(first.status).toBe(200);
    expect(bulletsOf(first.json.deck)).toEqual(["Original plan"]);
    expect(first.json.revision).toBe(1);

    // More editing within minutes: no new automatic version.
    expect((await saveBullets(id, ["Second edit"])).status).toBe(200);
    expect((await api(versions(id))).json).toHaveLength(1);

    // An accepted AI edit or a layout switch keeps the stored deck whatever the time.
    const switched = await saveBullets(id, ["After a layout switch"], { checkpoint: "layout_switch" });
    expect(switched.status, switched.text).toBe(200);
    const list = (await api(versions(id))).json;
    expect(list.map((v: { reason: string; revision: number }) => [v.reason, v.revision])).toEqual([
      ["layout_switch", 3],
      ["editing", 1],
    ]);
    const kept = await api(`${versions(id)}/${list[0].id}`);
    expect(bulletsOf(kept.json.deck)).toEqual(["Second edit"]);

    // A refused (stale) save keeps nothing.
    const stale = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PUT",
      body: { version: 1, deck: kept.json.deck, checkpoint: "ai_edit" },
    });
    expect(stale.status).toBe(409);
    expect((await api(versions(id))).json).toHaveLength(2);
  });

  it("keeps the newest 50 automatic versions", async () => {
    const id = await makeDeck("Many checkpoints", ["Start"]);
    for (let i = 1; i <= 52; i++) {
      const res = await saveBullets(id, [`Edit ${i}`], { checkpoint: "ai_edit" });
      expect(res.status, res.text).toBe(200);
    }
    const list = (await api(versions(id))).json as { revision: number; kind: string }[];
    expect(list).toHaveLength(50);
    expect(list.every((v) => v.kind === "automatic")).toBe(true);
    // Revisions 1–52 were kept in turn; the two oldest went.
    expect(list.map((v) => v.revision)).toEqual(Array.from({ length: 50 }, (_, i) => 52 - i));
  });

  it("names the current deck, renames and deletes versions, and names an automatic one to keep it", async () => {
    const id = await makeDeck("Named versions", ["Board draft"]);
    const created = await api(versions(id), { body: { name: "  Sent to the board  " } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      presentation_id: id,
      kind: "named",
      name: "Sent to the board",
      reason: null,
      revision: 1,
      slide_count: 2,
    });
    const named = await api(`${versions(id)}/${created.json.id}`);
    expect(bulletsOf(named.json.deck)).toEqual(["Board draft"]);

    // The first save after it keeps nothing more: revision 1 is already in the history.
    expect((await saveBullets(id, ["Later"])).status).toBe(200);
    expect((await api(versions(id))).json.map((v: { id: string }) => v.id)).toEqual([created.json.id]);

    const renamed = await api(`${versions(id)}/${created.json.id}`, {
      method: "PATCH",
      body: { name: "Board, final" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe("Board, final");

    const second = await api(versions(id), { body: { name: "Second" } });
    expect(second.json.revision).toBe(2);
    const list = (await api(versions(id))).json;
    expect(list.map((v: { name: string }) => v.name)).toEqual(["Second", "Board, final"]);

    // An automatic version, named, becomes a named one.
    await saveBullets(id, ["Checkpointed"], { checkpoint: "ai_edit" });
    await saveBullets(id, ["After"], { checkpoint: "ai_edit" });
    const auto = (await api(versions(id))).json.find((v: { kind: string }) => v.kind === "automatic");
    const promoted = await api(`${versions(id)}/${auto.id}`, { method: "PATCH", body: { name: "Keep me" } });
    expect(promoted.json).toMatchObject({ kind: "named", name: "Keep me", reason: null });

    const gone = await api(`${versions(id)}/${second.json.id}`, { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe("");
    expect((await api(`${versions(id)}/${second.json.id}`)).status).toBe(404);
    const again = await api(`${versions(id)}/${second.json.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    // The deck itself is untouched by deleting a version.
    expect(bulletsOf((await detail(id)).deck)).toEqual(["After"]);
  });

  it("restores an old deck as the next version after keeping the current one, which can be restored back", async () => {
    const id = await makeDeck("Restore me", ["Old words 4821"]);
    const named = (await api(versions(id), { body: { name: "Before the rewrite" } })).json;
    await saveBullets(id, ["New words 9930"]);
    const before = await detail(id);
    expect(before.version).toBe(2);

    const restored = await api(`${versions(id)}/${named.id}/restore`, { body: { version: 2 } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ presentation_id: id, version: 3, restored_from: named.id });
    expect(bulletsOf(restored.json.deck)).toEqual(["Old words 4821"]);
    const now = await detail(id);
    expect(now.version).toBe(3);
    expect(bulletsOf(now.deck)).toEqual(["Old words 4821"]);

    // What was there before the restore is kept, and restoring it undoes the restore.
    const list = (await api(versions(id))).json;
    expect(list[0]).toMatchObject({ kind: "automatic", reason: "restore", revision: 2 });
    const kept = await api(`${versions(id)}/${list[0].id}`);
    expect(bulletsOf(kept.json.deck)).toEqual(["New words 9930"]);
    const undo = await api(`${versions(id)}/${list[0].id}/restore`, { body: {} });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.version).toBe(4);
    expect(bulletsOf((await detail(id)).deck)).toEqual(["New words 9930"]);

    // The export draws the restored deck.
    const exported = await api(`/api/v1/ppt/presentation/${id}/export`, { body: { export_as: "pptx" } });
    expect(exported.status, exported.text).toBe(200);
    const file = await download(exported.json.path);
    expect(file.status).toBe(200);
    const slides = await pptxSlides(file.bytes);
    expect(slides[1]).toContain("New words 9930");
    expect(slides.join(" ")).not.toContain("Old words 4821");

    // A restore based on a stale version is refused and changes nothing.
    const stale = await api(`${versions(id)}/${named.id}/restore`, { body: { version: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "conflict", status: 409, current_version: 4 });
    const after = await detail(id);
    expect(after.version).toBe(4);
    expect(bulletsOf(after.deck)).toEqual(["New words 9930"]);
  });

  it("answers another account's deck or version as an unknown one, and deletes the history with the deck", async () => {
    const id = await makeDeck("A's history", ["Private"]);
    const named = (await api(versions(id), { body: { name: "Mine" } })).json;
    const unknown = "00000000-0000-4000-8000-000000000000";
    const calls: { path: string; method: string; body?: unknown }[] = [
      { path: versions(id), method: "GET" },
      { path: versions(id), method: "POST", body: { name: "B's" } },
      { path: `${versions(id)}/${named.id}`, method: "GET" },
      { path: `${versions(id)}/${named.id}`, method: "PATCH", body: { name: "B's" } },
      { path: `${versions(id)}/${named.id}`, method: "DELETE" },
      { path: `${versions(id)}/${named.id}/restore`, method: "POST", body: {} },
    ];
    for (const call of calls) {
      const res = await api(call.path, { key: keyB(), method: call.method, body: call.body });
      expect(res.status, `${call.method} ${call.path}`).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    // A's version under another of A's decks is not found either.
    const other = await makeDeck("A's other deck", ["Other"]);
    expect((await api(`${versions(other)}/${named.id}`)).status).toBe(404);
    expect((await api(`${versions(other)}/${named.id}/restore`, { body: {} })).status).toBe(404);
    expect((await api(`${versions(id)}/${unknown}`)).status).toBe(404);
    expect((await api(`${versions(id)}/not-a-uuid`)).status).toBe(404);
    // Nothing of A's changed.
    expect((await api(`${versions(id)}/${named.id}`)).json.name).toBe("Mine");
    expect((await api(versions(id))).json).toHaveLength(1);

    expect((await api(`/api/v1/ppt/presentation/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(versions(id))).status).toBe(404);
    expect((await api(`${versions(id)}/${named.id}`)).status).toBe(404);
  });

  it("holds at most 100 named versions (then a 422 saying so)", async () => {
    const id = await makeDeck("Many names", ["One"]);
    for (let i = 1; i <= 100; i++) {
      const res = await api(versions(id), { body: { name: `Name ${i}` } });
      expect(res.status, res.text).toBe(201);
    }
    const over = await api(versions(id), { body: { name: "One too many" } });
    expect(over.status).toBe(422);
    expect(over.json.detail).toContain("100 named versions");
    expect(over.json.errors).toEqual([{ path: "name", message: "At most 100 named versions." }]);
  });

  it("refuses bad input with a problem naming the field", async () => {
    const id = await makeDeck("Bad input", ["One"]);
    const named = (await api(versions(id), { body: { name: "Ok" } })).json;
    const cases: {
      path: string;
      method?: string;
      body?: unknown;
      raw?: string;
      type?: string;
      status: number;
      code: string;
      field?: string;
    }[] = [
      { path: versions(id), body: { name: "" }, status: 422, code: "invalid_field", field: "name" },
      { path: versions(id), body: { name: "   " }, status: 422, code: "invalid_field", field: "name" },
      {
        path: versions(id),
        body: { name: "x".repeat(101) },
        status: 422,
        code: "invalid_field",
        field: "name",
      },
      { path: versions(id), body: {}, status: 422, code: "invalid_field", field: "name" },
      { path: versions(id), body: { name: "a", kind: "named" }, status: 422, code: "invalid_field" },
      { path: versions(id), raw: "{", type: "application/json", status: 400, code: "invalid_json" },
      { path: versions(id), raw: "name=a", type: "text/plain", status: 415, code: "unsupported_media_type" },
      {
        path: `${versions(id)}/${named.id}`,
        method: "PATCH",
        body: { name: 7 },
        status: 422,
        code: "invalid_field",
        field: "name",
      },
      {
        path: `${versions(id)}/${named.id}/restore`,
        body: { version: 0 },
        status: 422,
        code: "invalid_field",
        field: "version",
      },
      {
        path: `${versions(id)}/${named.id}/restore`,
        body: { version: "2" },
        status: 422,
        code: "invalid_field",
        field: "version",
      },
      {
        path: `/api/v1/ppt/presentation/${id}`,
        method: "PUT",
        body: { version: 1, deck: (await detail(id)).deck, checkpoint: "whenever" },
        status: 422,
        code: "invalid_field",
        field: "checkpoint",
      },
      { path: `${versions(id)}/${named.id}/restore`, method: "GET", status: 405, code: "method_not_allowed" },
    ];
    for (const c of cases) {
      const label = `${c.method ?? "POST"} ${c.path} ${c.raw ?? JSON.stringify(c.body)?.slice(0, 80)}`;
      const res = await api(c.path, {
        method: c.method ?? "POST",
        body: c.body,
        raw: c.raw,
        headers: c.type ? { "content-type": c.type } : undefined,
      });
      expect(res.status, label).toBe(c.status);
      expect(res.headers.get("content-type"), label).toContain("application/problem+json");
      expect(res.json, label).toMatchObject({ status: c.status, code: c.code });
      if (c.field)
        expect(
          res.json.errors.map((e: { path: string }) => e.path),
          label,
        ).toContain(c.field);
    }
    // Nothing was made or changed by the refused calls.
    expect((await api(versions(id))).json.map((v: { name: string }) => v.name)).toEqual(["Ok"]);
    expect((await detail(id)).version).toBe(1);
  });
});
