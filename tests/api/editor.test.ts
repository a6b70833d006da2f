// /editor/{id} over plain HTTP: edit_path is the unsigned editor address; the page and its export
// downloads open for the owner's session only — another account and unknown ids get 404, a visitor
// without a session is sent to sign in (pages) or refused (downloads).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { api, pdfPageCount, pdfText, squash } from "./helpers";

const baseUrl = () => inject("baseUrl");
const XSS = "<script>window.pwned=1</script> stays text";

let id: string;
let editPath: string;
let ownerCookie: string;
let otherCookie: string;

async function get(pathname: string, cookie?: string) {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  const owner = uniqueUser("editor-api-owner");
  ({ cookie: ownerCookie } = await signUpViaHttp(baseUrl(), owner));
  ({ cookie: otherCookie } = await signUpViaHttp(baseUrl(), uniqueUser("editor-api-other")));
  // The deck is made with the owner's session (cookie + Origin), as the web app does.
  const res = await fetch(`${baseUrl()}/api/v1/ppt/presentation/create/from-json`, {
    method: "POST",
    headers: { cookie: ownerCookie, origin: baseUrl(), "content-type": "application/json" },
    body: JSON.stringify({
      title: "Viewer check",
      slides: [
        { layout: "title", content: { title: "Viewer check", subtitle: "Drawn in the browser" } },
        { layout: "bullets", content: { title: "Points", bullets: [XSS] } },
      ],
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { presentation_id: string; edit_path: string };
  id = body.presentation_id;
  editPath = body.edit_path;
});

describe("edit_path", () => {
  it("is the unsigned editor address of the presentation", () => {
    expect(editPath).toBe(`${baseUrl()}/editor/${id}`);
  });

  it("opens the editor with the deck for the owner, markup escaped", async () => {
    const page = await get(`/editor/${id}`, ownerCookie);
    expect(page.status).toBe(200);
    const html = page.bytes.toString("utf8");
    expect(html).toContain("Drawn in the browser");
    expect(html).not.toContain("<script>window.pwned=1</script>");
    expect(html).toContain("&lt;script&gt;window.pwned=1&lt;/script&gt;");
  });

  it("sends a visitor without a session to sign in and back", async () => {
    const page = await get(`/editor/${id}`);
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toBe(`/sign-in?callbackUrl=%2Feditor%2F${id}`);
    expect(page.bytes.toString("utf8")).not.toContain("Drawn in the browser");
  });

  it("answers 404 to another account and for unknown ids, revealing nothing", async () => {
    for (const pathname of [
      `/editor/${id}`,
      "/editor/00000000-0000-4000-8000-000000000000",
      "/editor/nope",
    ]) {
      const page = await get(pathname, pathname.endsWith(id) ? otherCookie : ownerCookie);
      expect(page.status, pathname).toBe(404);
      const html = page.bytes.toString("utf8");
      expect(html).not.toContain("Viewer check");
      expect(html).not.toContain("Drawn in the browser");
    }
  });

  it("re-exports the saved deck as PDF and PPTX for the owner only", async () => {
    const pdf = await get(`/editor/${id}/export/pdf`, ownerCookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="viewer-check\.pdf"$/);
    expect(pdfPageCount(pdf.bytes)).toBe(2);
    expect(squash(pdfText(pdf.bytes))).toContain("Drawn in the browser");
    const pptx = await get(`/editor/${id}/export/pptx`, ownerCookie);
    expect(pptx.headers.get("content-type")).toContain("presentationml");

    expect((await get(`/editor/${id}/export/pdf`, otherCookie)).status).toBe(404);
    expect((await get(`/editor/${id}/export/pdf`)).status).toBe(401);
    expect((await get(`/editor/${id}/export/docx`, ownerCookie)).status).toBe(404);
  });

  it("exports what was saved last: a PUT with the session changes the next download", async () => {
    const detail = await api(`/api/v1/ppt/presentation/${id}`, {
      key: null,
      headers: { cookie: ownerCookie },
    });
    expect(detail.status).toBe(200);
    const deck = detail.json.deck;
    deck.slides[0].content.subtitle = "Saved from the editor";
    const saved = await fetch(`${baseUrl()}/api/v1/ppt/presentation/${id}`, {
      method: "PUT",
      headers: { cookie: ownerCookie, origin: baseUrl(), "content-type": "application/json" },
      body: JSON.stringify({ version: detail.json.version, deck }),
    });
    expect(saved.status).toBe(200);
    const pdf = await get(`/editor/${id}/export/pdf`, ownerCookie);
    expect(squash(pdfText(pdf.bytes))).toContain("Saved from the editor");
  });
});
