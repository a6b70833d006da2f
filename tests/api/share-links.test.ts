// Read-only share links over real HTTP: create, list and revoke them through
// /api/v3/presentation/{id}/share-links with a key, open /s/<token> signed out (the saved deck, its
// pictures, noindex, no Referer, no owner data), revoked / expired / unknown links answer the 404
// page with nothing of the deck, another account's deck is a 404, and bad input is a problem.
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { api, baseUrl, UUID } from "./helpers";

const keyB = () => inject("keyB");
const TOKEN_URL = /^http:\/\/[^/]+\/s\/([A-Za-z0-9_-]{43})$/;
const REVOKED_TEXT = "This link was revoked or has expired";

const links = (id: string) => `/api/v3/presentation/${id}/share-links`;

/** A three-slide deck titled `title`, with speaker notes on its second slide; answers its id. */
async function makeDeck(title: string, key?: string): Promise<string> {
  const res = await api("/api/v1/ppt/presentation/create/from-json", {
    key,
    body: {
      title,
      slides: [
        { layout: "title", content: { title, subtitle: "Shared read-only" } },
        {
          layout: "bullets",
          content: { title: "Second slide here", bullets: ["Alpha", "Beta"] },
          notes: "Private presenter note 7319",
        },
        { layout: "image-right", content: { title: "A picture", image: { query: "sun", alt: "Sun" } } },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.presentation_id;
}

/** The public page, signed out (no key, no cookie). */
async function openPage(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function createLink(id: string, body: unknown = {}, key?: string) {
  return api(links(id), { key, body });
}

describe("share links", () => {
  it("creates links with unguessable tokens, lists them newest first, and the signed-out page shows the deck", async () => {
    const title = `Shared deck ${Date.now()}`;
    const id = await makeDeck(title);
    const first = await createLink(id, {});
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({
      id: expect.stringMatching(UUID),
      presentation_id: id,
      url: expect.stringMatching(TOKEN_URL),
      created_at: expect.any(String),
      expires_at: null,
      status: "active",
    });
    expect(new URL(first.json.url).origin).toBe(baseUrl());
    const second = await createLink(id, { expires_at: null });
    expect(second.status).toBe(201);
    const tokens = [first, second].map((res) => TOKEN_URL.exec(res.json.url)?.[1] ?? "");
    expect(tokens[0]).not.toBe(tokens[1]);
    // 43 base64url characters: 256 bits.
    for (const token of tokens) expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const list = await api(links(id));
    expect(list.status).toBe(200);
    expect(list.json.map((link: { id: string }) => link.id)).toEqual([second.json.id, first.json.id]);
    expect(list.json[1]).toEqual(first.json);

    const page = await openPage(first.json.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.html).toContain(title);
    expect(page.html).toContain("Second slide here");
    expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-/);
    // Nothing of the owner, no way into the editor, no speaker notes.
    expect(page.html).not.toContain("/editor/");
    expect(page.html).not.toContain(id);
    expect(page.html).not.toContain("Private presenter note 7319");
    expect(page.html).not.toMatch(/@example\.com/);
  });

  it("shows the current saved deck, and its stored pictures through the link only", async () => {
    const id = await makeDeck("Before rename");
    const link = await createLink(id);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c05020" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "sun.png");
    const uploaded = await fetch(`${baseUrl()}/api/v1/ppt/images/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("keyA")}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const asset = ((await uploaded.json()) as { asset: string }).asset;
    const detail = await api(`/api/v1/ppt/presentation/${id}`);
    const deck = detail.json.deck;
    deck.title = "After rename";
    deck.slides[0].content.title = "After rename";
    deck.slides[2].content.image = { ...deck.slides[2].content.image, asset };
    const saved = await api(`/api/v1/ppt/presentation/${id}`, {
      method: "PUT",
      body: { version: detail.json.version, deck },
    });
    expect(saved.status, saved.text).toBe(200);

    const page = await openPage(link.json.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain("After rename");
    const name = asset.replace(/^assets\//, "");
    const pictureUrl = `${link.json.url}/assets/${name}`;
    expect(page.html).toContain(`/assets/${name}`);
    expect(page.html).not.toContain(`/api/v1/ppt/assets/${name}`);
    const picture = await fetch(pictureUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe(name.endsWith(".png") ? "image/png" : "image/jpeg");
    expect(picture.headers.get("cache-control")).toContain("no-store");
    // The very bytes the owner's asset route serves.
    const stored = await fetch(`${baseUrl()}/api/v1/ppt/assets/${name}`, {
      headers: { authorization: `Bearer ${inject("keyA")}` },
    });
    expect(Buffer.from(await picture.arrayBuffer()).equals(Buffer.from(await stored.arrayBuffer()))).toBe(
      true,
    );
    // A picture the deck does not use is not served through the link.
    const other = await fetch(`${link.json.url}/assets/${"0".repeat(64)}.png`);
    expect(other.status).toBe(404);
    await other.arrayBuffer();
    // Revoked: the pictures go with the page.
    expect((await api(`${links(id)}/${link.json.id}`, { method: "DELETE" })).status).toBe(204);
    const after = await fetch(pictureUrl);
    expect(after.status).toBe(404);
    await after.arrayBuffer();
  });

  it("revoking a link makes its page a 404 that shows nothing of the deck", async () => {
    const title = `Revoked deck ${Date.now()}`;
    const id = await makeDeck(title);
    const keep = await createLink(id);
    const gone = await createLink(id);
    expect((await openPage(gone.json.url)).status).toBe(200);
    // The status an open page checks: 204 with nothing of the deck while the link works.
    const status = await openPage(`${gone.json.url}/status`);
    expect(status.status).toBe(204);
    expect(status.html).toBe("");
    expect(status.headers.get("cache-control")).toBe("private, no-store");

    const revoked = await api(`${links(id)}/${gone.json.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    expect((await openPage(`${gone.json.url}/status`)).status).toBe(404);
    const page = await openPage(gone.json.url);
    expect(page.status).toBe(404);
    expect(page.html).toContain(REVOKED_TEXT);
    expect(page.html).not.toContain(title);
    expect(page.html).toMatch(/<meta name="robots" content="noindex/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    // The other link still works; the list holds only it; revoking again is a 404 problem.
    expect((await openPage(keep.json.url)).status).toBe(200);
    expect((await api(links(id))).json.map((link: { id: string }) => link.id)).toEqual([keep.json.id]);
    const again = await api(`${links(id)}/${gone.json.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    expect(again.json.code).toBe("not_found");
  });

  it("a link past its expires_at answers the 404 page and is listed as expired", async () => {
    const title = `Expiring deck ${Date.now()}`;
    const id = await makeDeck(title);
    const expiresAt = new Date(Date.now() + 2500);
    const link = await createLink(id, { expires_at: expiresAt.toISOString() });
    expect(link.status, link.text).toBe(201);
    expect(link.json.expires_at).toBe(expiresAt.toISOString());
    expect(link.json.status).toBe("active");
    expect((await openPage(link.json.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 300));
    const page = await openPage(link.json.url);
    expect(page.status).toBe(404);
    expect(page.html).toContain(REVOKED_TEXT);
    expect(page.html).not.toContain(title);
    const list = await api(links(id));
    expect(list.json).toEqual([{ ...link.json, status: "expired" }]);
    // An expired link can still be removed from the list.
    expect((await api(`${links(id)}/${link.json.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("an unknown or malformed token is the same 404 page", async () => {
    for (const token of ["A".repeat(43), "short", "x".repeat(200)]) {
      const page = await openPage(`${baseUrl()}/s/${token}`);
      expect(page.status, token).toBe(404);
      expect(page.html, token).toContain(REVOKED_TEXT);
    }
  });

  it("deleting the presentation deletes its links", async () => {
    const id = await makeDeck("Deleted with its links");
    const link = await createLink(id);
    expect((await openPage(link.json.url)).status).toBe(200);
    expect((await api(`/api/v1/ppt/presentation/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await openPage(link.json.url)).status).toBe(404);
    expect((await api(links(id))).status).toBe(404);
  });

  it("another account's presentation and links are 404s, like unknown ones, and stay as they were", async () => {
    const id = await makeDeck("A's shared deck");
    const link = await createLink(id);
    const unknown = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
    const answers = [
      await api(links(id), { key: keyB() }),
      await api(links(id), { key: keyB(), body: {} }),
      await api(`${links(id)}/${link.json.id}`, { key: keyB(), method: "DELETE" }),
      await api(`${links(unknown)}/${link.json.id}`, { method: "DELETE" }),
      await api(links(unknown)),
      await api(`${links(id)}/${unknown}`, { method: "DELETE" }),
      await api(links("not-a-uuid")),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.json.code).toBe("not_found");
    }
    expect(answers[0].json.detail).toBe(answers[4].json.detail.replace(unknown, id));
    expect((await openPage(link.json.url)).status).toBe(200);
    expect((await api(links(id))).json).toHaveLength(1);
    // No key, no session: 401.
    const anonymous = await api(links(id), { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("refuses bad input with a problem naming the field", async () => {
    const id = await makeDeck("Bad input");
    const cases: {
      body?: unknown;
      raw?: string;
      type?: string;
      status: number;
      code: string;
      path?: string;
    }[] = [
      {
        body: { expires_at: new Date(Date.now() - 60_000).toISOString() },
        status: 422,
        code: "invalid_field",
        path: "expires_at",
      },
      { body: { expires_at: "tomorrow" }, status: 422, code: "invalid_field", path: "expires_at" },
      { body: { expires_at: 1767225600 }, status: 422, code: "invalid_field", path: "expires_at" },
      {
        body: { expires_at: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        status: 422,
        code: "invalid_field",
        path: "expires_at",
      },
      { body: { expires_in: "7d" }, status: 422, code: "invalid_field" },
      { body: [], status: 422, code: "invalid_field" },
      { raw: "{", type: "application/json", status: 400, code: "invalid_json" },
      {
        raw: "expires_at=1",
        type: "application/x-www-form-urlencoded",
        status: 415,
        code: "unsupported_media_type",
      },
    ];
    for (const c of cases) {
      const res = await api(links(id), {
        method: "POST",
        body: c.body,
        raw: c.raw,
        headers: c.type ? { "content-type": c.type } : undefined,
      });
      const label = JSON.stringify(c.body ?? c.raw);
      expect(res.status, label).toBe(c.status);
      expect(res.headers.get("content-type"), label).toContain("application/problem+json");
      expect(res.json, label).toMatchObject({ status: c.status, code: c.code, type: expect.any(String) });
      if (c.path) expect(res.json.errors?.[0]?.path, label).toBe(c.path);
    }
    const past = await api(links(id), { body: { expires_at: "2020-01-01T00:00:00Z" } });
    expect(past.json.errors[0].message).toBe("The expiry must be in the future.");
    expect((await api(links(id))).json).toEqual([]);
    // PUT is not served here: 405 with Allow.
    const put = await api(links(id), { method: "PUT", body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });
});
