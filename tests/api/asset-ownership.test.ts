// Stored pictures belong to accounts, over real HTTP against the shared server and its database:
// account A's upload is read by A and is the 404 of an unknown name for B; B cannot put A's picture
// into a deck of its own, by create/from-json or by the editor's save (a 422 naming the slide, the
// same whether or not the key names a stored file); B uploading the very same bytes makes them B's
// too; A's deck, its PPTX and its share link show the picture; and a deck made before pictures had
// owners (its grant rows deleted here) still shows its pictures, from the deck or a saved version,
// the grant being written again on that first use — while a key that is only text in a deck grants
// nothing.
import crypto from "node:crypto";
import path from "node:path";
import { createClient } from "@libsql/client";
import JSZip from "jszip";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { queryPostgres } from "../pg/test-database";
import { cliCreateKey, databaseUrlOf } from "./global-setup";
import { api, download } from "./helpers";

type TColor = { r: number; g: number; b: number };

let keyA: string;
let keyB: string;

/** A solid picture of a colour no other test uses, so its stored key is this test's alone. */
async function solidPicture(): Promise<{ bytes: Buffer; color: TColor }> {
  const [r, g, b] = crypto.randomBytes(3);
  const color = { r, g, b };
  const bytes = await sharp({ create: { width: 480, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { bytes, color };
}

/** Uploads a picture with a key; answers its asset key (`assets/<sha256>.<ext>`). */
async function upload(key: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "picture.png");
  const res = await fetch(`${inject("baseUrl")}/api/v1/ppt/images/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.asset;
}

const assetPath = (asset: string) => `/api/v1/ppt/assets/${asset.slice("assets/".length)}`;

/** A deck of a title slide and one picture slide showing `asset` (none when undefined). */
function deckBody(title: string, asset?: string) {
  return {
    title,
    export_as: "pptx",
    slides: [
      { layout: "title", content: { title } },
      {
        layout: "image-right",
        content: {
          title: "The picture",
          bullets: ["Shown beside this"],
          image: { query: "a picture", alt: "The picture", ...(asset ? { asset } : {}) },
        },
      },
    ],
  };
}

/** Runs SQL on the shared server's database (its SQLite file, or its PostgreSQL schema). */
async function sql(statement: string, params: string[]): Promise<Record<string, unknown>[]> {
  const dataDir = inject("dataDir");
  const url = databaseUrlOf(dataDir);
  if (url) {
    let n = 0;
    return queryPostgres(
      url,
      statement.replace(/\?/g, () => `$${++n}`),
      params,
    );
  }
  const client = createClient({ url: `file:${path.join(dataDir, "deckforge.db")}` });
  try {
    return (await client.execute({ sql: statement, args: params })).rows as Record<string, unknown>[];
  } finally {
    client.close();
  }
}

/** How many accounts hold a grant of the picture. */
async function grants(asset: string): Promise<number> {
  const rows = await sql(`SELECT COUNT(*) AS n FROM "AssetGrant" WHERE "key" = ?`, [asset]);
  return Number(rows[0]?.n);
}

/** True when a picture in the PPTX is (nearly) the solid colour: the stored picture was drawn. */
async function pptxShows(bytes: Buffer, color: TColor): Promise<boolean> {
  const zip = await JSZip.loadAsync(bytes);
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/media\/.+\.(png|jpe?g)$/i.test(n))) {
    const media = await zip.file(name)?.async("nodebuffer");
    if (!media) continue;
    const { dominant } = await sharp(media).stats();
    if (Math.abs(dominant.r - color.r) + Math.abs(dominant.g - color.g) + Math.abs(dominant.b - color.b) < 40)
      return true;
  }
  return false;
}

beforeAll(() => {
  const dataDir = inject("dataDir");
  const run = crypto.randomBytes(4).toString("hex");
  keyA = cliCreateKey(dataDir, `assets-a-${run}@example.com`, "assets-a");
  keyB = cliCreateKey(dataDir, `assets-b-${run}@example.com`, "assets-b");
});

describe("a stored picture belongs to the accounts that stored it", () => {
  it("A reads its upload; B's key gets the 404 of a name nobody stored", async () => {
    const { bytes } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const mine = await api(assetPath(asset), { key: keyA });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("cache-control")).toMatch(/^private/);

    const theirs = await api(assetPath(asset), { key: keyB });
    const unknownName = `${crypto.randomBytes(32).toString("hex")}.jpg`;
    const unknown = await api(`/api/v1/ppt/assets/${unknownName}`, { key: keyB });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(theirs.json.code).toBe("not_found");
    const name = asset.slice("assets/".length);
    expect(theirs.json.detail.replace(name, "<name>")).toBe(
      unknown.json.detail.replace(unknownName, "<name>"),
    );
    expect(await grants(asset)).toBe(1);
  });

  it("B cannot put A's picture into a deck of its own: from-json is a 422 naming the slide, nothing is made or charged", async () => {
    const { bytes } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const unknown = `assets/${crypto.randomBytes(32).toString("hex")}.jpg`;
    const credits = async () => (await api("/api/v1/credits", { key: keyB })).json.balance as number;
    const decks = async () => (await api("/api/v1/ppt/presentations", { key: keyB })).json.total as number;
    const [balance, count] = [await credits(), await decks()];

    const taken = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyB,
      body: deckBody("B's", asset),
    });
    const made = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyB,
      body: deckBody("B's", unknown),
    });
    expect(taken.status, taken.text).toBe(422);
    expect(taken.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(taken.json.code).toBe("invalid_field");
    expect(taken.json.errors).toEqual([
      { path: "slides.1.content.image.asset", message: expect.any(String) },
    ]);
    // A stored picture of another account and a key nobody stored get the very same answer.
    expect(made.status).toBe(422);
    expect(made.json.errors).toEqual(taken.json.errors);
    expect(made.json.detail).toBe(taken.json.detail);
    expect(await credits()).toBe(balance);
    expect(await decks()).toBe(count);
    expect((await api(assetPath(asset), { key: keyB })).status).toBe(404);
  });

  it("nor by the editor's save: PUT is a 422 at deck.slides.N.content.image.asset and the deck stays as it was", async () => {
    const { bytes } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyB,
      body: deckBody("B's own"),
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json.presentation_id;
    const stored = (await api(`/api/v1/ppt/presentation/${id}`, { key: keyB })).json;
    const withPicture = (key: string) => {
      const deck = structuredClone(stored.deck);
      deck.slides[1].content.image.asset = key;
      return { version: stored.version, deck };
    };
    const taken = await api(`/api/v1/ppt/presentation/${id}`, {
      key: keyB,
      method: "PUT",
      body: withPicture(asset),
    });
    const unknown = `assets/${crypto.randomBytes(32).toString("hex")}.png`;
    const made = await api(`/api/v1/ppt/presentation/${id}`, {
      key: keyB,
      method: "PUT",
      body: withPicture(unknown),
    });
    expect(taken.status, taken.text).toBe(422);
    expect(taken.json.errors).toEqual([
      { path: "deck.slides.1.content.image.asset", message: expect.any(String) },
    ]);
    expect(made.status).toBe(422);
    expect(made.json.detail).toBe(taken.json.detail);
    const after = (await api(`/api/v1/ppt/presentation/${id}`, { key: keyB })).json;
    expect(after.version).toBe(stored.version);
    expect(after.deck.slides[1].content.image.asset).toBeUndefined();
    // Nothing in the version history either.
    const versions = (await api(`/api/v3/presentation/${id}/versions`, { key: keyB })).json;
    expect(JSON.stringify(versions)).not.toContain(asset);
  });

  it("B uploading the same bytes makes the picture B's too: B reads it and uses it, and A still reads it", async () => {
    const { bytes, color } = await solidPicture();
    const asset = await upload(keyA, bytes);
    expect((await api(assetPath(asset), { key: keyB })).status).toBe(404);
    expect(await upload(keyB, bytes)).toBe(asset);
    expect(await grants(asset)).toBe(2);
    expect((await api(assetPath(asset), { key: keyB })).status).toBe(200);
    expect((await api(assetPath(asset), { key: keyA })).status).toBe(200);

    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyB,
      body: deckBody("B's", asset),
    });
    expect(created.status, created.text).toBe(200);
    expect(await pptxShows((await download(created.json.path)).bytes, color)).toBe(true);
    const id = created.json.presentation_id;
    const stored = (await api(`/api/v1/ppt/presentation/${id}`, { key: keyB })).json;
    expect(stored.deck.slides[1].content.image.asset).toBe(asset);
    const saved = await api(`/api/v1/ppt/presentation/${id}`, {
      key: keyB,
      method: "PUT",
      body: { version: stored.version, deck: { ...stored.deck, title: "B's, renamed" } },
    });
    expect(saved.status, saved.text).toBe(200);
  });

  it("A's deck with its picture: its PPTX, a later export and a share link show it", async () => {
    const { bytes, color } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyA,
      body: deckBody("A's", asset),
    });
    expect(created.status, created.text).toBe(200);
    expect(await pptxShows((await download(created.json.path)).bytes, color)).toBe(true);
    const id = created.json.presentation_id;
    const exported = await api(`/api/v1/ppt/presentation/${id}/export`, {
      key: keyA,
      body: { export_as: "pptx" },
    });
    expect(exported.status, exported.text).toBe(200);
    expect(await pptxShows((await download(exported.json.path)).bytes, color)).toBe(true);

    const share = await api(`/api/v3/presentation/${id}/share-links`, { key: keyA, body: {} });
    expect(share.status, share.text).toBe(201);
    const token = new URL(share.json.url).pathname.split("/").at(-1);
    const shared = await fetch(`${inject("baseUrl")}/s/${token}/assets/${asset.slice("assets/".length)}`);
    expect(shared.status).toBe(200);
    const served = await fetch(`${inject("baseUrl")}${assetPath(asset)}`, {
      headers: { authorization: `Bearer ${keyA}` },
    });
    expect(Buffer.from(await shared.arrayBuffer()).equals(Buffer.from(await served.arrayBuffer()))).toBe(
      true,
    );
  });
});

describe("decks made before pictures had owners", () => {
  it("still show their pictures: the first read finds the picture in the account's deck and grants it again", async () => {
    const { bytes, color } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyA,
      body: deckBody("Old", asset),
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json.presentation_id;
    // As a deck made before the AssetGrant table: no row names its picture.
    await sql(`DELETE FROM "AssetGrant" WHERE "key" = ?`, [asset]);
    expect(await grants(asset)).toBe(0);

    const read = await api(assetPath(asset), { key: keyA });
    expect(read.status).toBe(200);
    expect(await grants(asset)).toBe(1);
    // B has no deck showing it: still a 404, and no grant for B.
    expect((await api(assetPath(asset), { key: keyB })).status).toBe(404);
    expect(await grants(asset)).toBe(1);

    // The editor's save of the old deck (its picture unchanged) is accepted without a grant row.
    await sql(`DELETE FROM "AssetGrant" WHERE "key" = ?`, [asset]);
    const stored = (await api(`/api/v1/ppt/presentation/${id}`, { key: keyA })).json;
    const saved = await api(`/api/v1/ppt/presentation/${id}`, {
      key: keyA,
      method: "PUT",
      body: { version: stored.version, deck: { ...stored.deck, title: "Old, edited" } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await grants(asset)).toBe(1);
    const exported = await api(`/api/v1/ppt/presentation/${id}/export`, {
      key: keyA,
      body: { export_as: "pptx" },
    });
    expect(await pptxShows((await download(exported.json.path)).bytes, color)).toBe(true);
  });

  it("a picture only a saved version still shows is the account's too (restoring it works)", async () => {
    const { bytes } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const created = await api("/api/v1/ppt/presentation/create/from-json", {
      key: keyA,
      body: deckBody("Kept", asset),
    });
    const id = created.json.presentation_id;
    const stored = (await api(`/api/v1/ppt/presentation/${id}`, { key: keyA })).json;
    const named = await api(`/api/v3/presentation/${id}/versions`, {
      key: keyA,
      body: { name: "With the picture" },
    });
    expect(named.status, named.text).toBe(201);
    const without = structuredClone(stored.deck);
    delete without.slides[1].content.image.asset;
    const saved = await api(`/api/v1/ppt/presentation/${id}`, {
      key: keyA,
      method: "PUT",
      body: { version: stored.version, deck: without },
    });
    expect(saved.status, saved.text).toBe(200);
    await sql(`DELETE FROM "AssetGrant" WHERE "key" = ?`, [asset]);

    expect((await api(assetPath(asset), { key: keyA })).status).toBe(200);
    await sql(`DELETE FROM "AssetGrant" WHERE "key" = ?`, [asset]);
    const restored = await api(`/api/v3/presentation/${id}/versions/${named.json.id}/restore`, {
      key: keyA,
      body: {},
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.deck.slides[1].content.image.asset).toBe(asset);
  });

  it("a key that is only text in a deck grants nothing", async () => {
    const { bytes } = await solidPicture();
    const asset = await upload(keyA, bytes);
    const body = deckBody("Mentions");
    body.slides[1].content.bullets = [`See ${asset}`];
    const created = await api("/api/v1/ppt/presentation/create/from-json", { key: keyB, body });
    expect(created.status, created.text).toBe(200);
    expect((await api(assetPath(asset), { key: keyB })).status).toBe(404);
    expect(await grants(asset)).toBe(1);
  });
});
