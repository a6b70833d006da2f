// The authorisation matrix: every route that takes an id — in its path (app/api/**/[x]/ and the web
// app's app/(app)/**/[x]/ pages, and every operation of the OpenAPI document with a path parameter)
// or in its body — called by account B with account A's id answers
// exactly as for an id that does not exist (404, never revealing that it exists), with B's key and
// with B's browser session; A's data is unchanged afterwards. A test fails when a route with an id
// segment is added without a row here. Also: revoked, unknown and malformed keys are 401s, and
// download links that are unsigned, tampered with or expired are refused.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { API_ROUTES } from "@/lib/api/openapi/routes";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { baseUrl, jsonOrUndefined } from "../api/helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const UNKNOWN_ID = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

type TCaller = { kind: "key"; key: string } | { kind: "session"; cookie: string };
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type TAnswer = { status: number; type: string; json: any; text: string };

/** A call with a key or a session (with Origin, as a browser sends it, so the CSRF check passes). */
async function call(who: TCaller, method: string, pathname: string, body?: unknown): Promise<TAnswer> {
  const headers: Record<string, string> =
    who.kind === "key" ? { authorization: `Bearer ${who.key}` } : { cookie: who.cookie, origin: baseUrl() };
  if (body !== undefined && !(body instanceof FormData)) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  return { status: res.status, type: res.headers.get("content-type") ?? "", json, text };
}

/** Requires a 2xx and answers the JSON. */
async function ok(who: TCaller, method: string, pathname: string, body?: unknown) {
  const res = await call(who, method, pathname, body);
  if (res.status >= 300) throw new Error(`${method} ${pathname} answered ${res.status}: ${res.text}`);
  return res.json;
}

type TAccount = { key: TCaller; session: TCaller; email: string };

async function makeAccount(label: string): Promise<TAccount> {
  const user = uniqueUser(label);
  const { cookie } = await signUpViaHttp(baseUrl(), user);
  const session: TCaller = { kind: "session", cookie };
  const created = await ok(session, "POST", "/api/account/keys", { name: `${label}-matrix` });
  return { key: { kind: "key", key: created.secret }, session, email: user.email };
}

/** What account A owns, each thing by id. */
type TOwned = {
  presentation: string;
  task: string;
  webhook: string;
  delivery: string;
  file: string;
  apiKeyId: string;
  sessionId: string;
  shareLink: string;
  deckVersion: string;
  downloadPath: string;
  deck: unknown;
  version: number;
  slide: { id: string; layout: string; content: Record<string, unknown> };
  proposal: string;
  /** A picture A uploaded, by its name under /api/v1/ppt/assets/. */
  asset: string;
  /** A brand template A uploaded (its uuid; decks name it custom-<uuid>). */
  brandTemplate: string;
};

let A: TAccount;
let B: TAccount;
let owned: TOwned;

async function waitFor<T>(what: string, get: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 240; i++) {
    const value = await get();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  A = await makeAccount("authz-a");
  B = await makeAccount("authz-b");
  const created = await ok(A.key, "POST", "/api/v1/ppt/presentation/create/from-json", {
    title: "A's private deck",
    slides: [
      { layout: "title", content: { title: "A's private deck", subtitle: "Not for B" } },
      { layout: "bullets", content: { title: "Secrets", bullets: ["one", "two", "three"] } },
    ],
  });
  const detail = await ok(A.key, "GET", `/api/v1/ppt/presentation/${created.presentation_id}`);
  const hook = await ok(A.key, "POST", "/api/v1/webhook/subscribe", {
    url: "http://127.0.0.1:9/a-hook",
    event: "presentation.generation.completed",
  });
  const task = await ok(A.key, "POST", "/api/v3/presentation/generate/async", {
    slides: [{ content: "## A's task\n- private" }],
    trigger_webhook: true,
  });
  const form = new FormData();
  form.append("files", new Blob([new TextEncoder().encode("A's private notes.")]), "notes.txt");
  const files = await ok(A.key, "POST", "/api/v1/ppt/files/upload", form);
  // Settled (given up on after its retries against the closed port), so that the snapshot of A's
  // data below does not change under the test by itself.
  const deliveries = await waitFor("A's webhook delivery to settle", async () => {
    const list = await ok(A.key, "GET", `/api/v1/webhook/${hook.id}/deliveries`);
    return list.length > 0 && list[0].status !== "pending" ? list : undefined;
  });
  await waitFor("A's task", async () => {
    const view = await ok(A.key, "GET", `/api/v3/async-task/status/${task.id}`);
    return view.status === "completed" || view.status === "error" ? view : undefined;
  });
  const keys = await ok(A.session, "GET", "/api/account/keys");
  const sessions = await ok(A.session, "GET", "/api/account/sessions");
  const shareLink = await ok(
    A.key,
    "POST",
    `/api/v3/presentation/${created.presentation_id}/share-links`,
    {},
  );
  const deckVersion = await ok(A.key, "POST", `/api/v3/presentation/${created.presentation_id}/versions`, {
    name: "A's named version",
  });
  const picture = new FormData();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#00aa55" } })
    .png()
    .toBuffer();
  picture.append("file", new Blob([new Uint8Array(png)]), "a.png");
  const uploaded = await ok(A.key, "POST", "/api/v1/ppt/images/upload", picture);
  // A's own deck's PPTX, uploaded back as A's brand template.
  const brand = new FormData();
  brand.append("file", new Blob([new Uint8Array(await (await fetch(created.path)).arrayBuffer())]), "a.pptx");
  const brandTemplate = await ok(A.key, "POST", "/api/v1/ppt/templates", brand);
  const url = new URL(created.path);
  const slide = detail.deck.slides[1];
  const proposal = await ok(A.key, "POST", `/api/v1/ppt/presentation/${created.presentation_id}/ai-edit`, {
    prompt: "turn into a table",
    slide,
  });
  owned = {
    presentation: created.presentation_id,
    task: task.id,
    webhook: hook.id,
    delivery: deliveries[0].id,
    file: files[0].id,
    apiKeyId: keys[0].id,
    sessionId: sessions[0].id,
    shareLink: shareLink.id,
    deckVersion: deckVersion.id,
    downloadPath: `${url.pathname}${url.search}`,
    deck: detail.deck,
    version: detail.version,
    slide: { id: slide.id, layout: slide.layout, content: slide.content },
    proposal: proposal.proposal_id,
    asset: String(uploaded.asset).replace(/^assets\//, ""),
    brandTemplate: brandTemplate.id,
  };
});

/**
 * One row of the matrix: a route (its file under app/ and method) and how B calls it with an id —
 * A's, or an unknown one, so the two answers can be compared.
 */
type TRow = {
  file: string;
  method: string;
  /** Session-only routes (account pages and routes) are not open to keys. */
  callers: ("key" | "session")[];
  /** What the route answers another account's id with. */
  expect: "problem-404" | "page-404" | "problem-422";
  request: (id: (kind: keyof TOwned) => string) => { method: string; path: string; body?: unknown };
};

const ANY: ("key" | "session")[] = ["key", "session"];
const SESSION: ("key" | "session")[] = ["session"];
const P = "app/api/v1/ppt/presentation/[id]/route.ts";

const MATRIX: TRow[] = [
  {
    // A stored picture is A's: B's key and session get the 404 of a name nobody stored.
    file: "app/api/v1/ppt/assets/[name]/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v1/ppt/assets/${id("asset")}` }),
  },
  {
    file: P,
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v1/ppt/presentation/${id("presentation")}` }),
  },
  {
    file: P,
    method: "PUT",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "PUT",
      path: `/api/v1/ppt/presentation/${id("presentation")}`,
      body: { version: owned.version, deck: { ...(owned.deck as object), title: "Taken over by B" } },
    }),
  },
  {
    file: P,
    method: "PATCH",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "PATCH",
      path: `/api/v1/ppt/presentation/${id("presentation")}`,
      body: { title: "Renamed by B" },
    }),
  },
  {
    file: P,
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/v1/ppt/presentation/${id("presentation")}` }),
  },
  {
    file: "app/api/v1/ppt/presentation/[id]/duplicate/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "POST", path: `/api/v1/ppt/presentation/${id("presentation")}/duplicate` }),
  },
  {
    file: "app/api/v1/ppt/presentation/[id]/export/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v1/ppt/presentation/${id("presentation")}/export`,
      body: { export_as: "pdf" },
    }),
  },
  {
    file: "app/api/v1/ppt/presentation/[id]/ai-edit/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v1/ppt/presentation/${id("presentation")}/ai-edit`,
      body: { prompt: "make it shorter", slide: owned.slide },
    }),
  },
  {
    file: "app/api/v1/ppt/presentation/[id]/ai-edit/[proposalId]/reject/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v1/ppt/presentation/${id("presentation")}/ai-edit/${id("proposal")}/reject`,
    }),
  },
  {
    file: "app/api/v1/ppt/presentation/[id]/switch-layout/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v1/ppt/presentation/${id("presentation")}/switch-layout`,
      body: { layout: "table", slide: owned.slide },
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/share-links/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v3/presentation/${id("presentation")}/share-links` }),
  },
  {
    file: "app/api/v3/presentation/[id]/share-links/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v3/presentation/${id("presentation")}/share-links`,
      body: { expires_at: null },
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/share-links/[linkId]/route.ts",
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "DELETE",
      path: `/api/v3/presentation/${id("presentation")}/share-links/${id("shareLink")}`,
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v3/presentation/${id("presentation")}/versions` }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v3/presentation/${id("presentation")}/versions`,
      body: { name: "Named by B" },
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/[versionId]/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "GET",
      path: `/api/v3/presentation/${id("presentation")}/versions/${id("deckVersion")}`,
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/[versionId]/route.ts",
    method: "PATCH",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "PATCH",
      path: `/api/v3/presentation/${id("presentation")}/versions/${id("deckVersion")}`,
      body: { name: "Renamed by B" },
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/[versionId]/route.ts",
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "DELETE",
      path: `/api/v3/presentation/${id("presentation")}/versions/${id("deckVersion")}`,
    }),
  },
  {
    file: "app/api/v3/presentation/[id]/versions/[versionId]/restore/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: `/api/v3/presentation/${id("presentation")}/versions/${id("deckVersion")}/restore`,
      body: {},
    }),
  },
  {
    file: "app/api/v1/ppt/presentation/status/[id]/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v1/ppt/presentation/status/${id("task")}` }),
  },
  {
    file: "app/api/v3/async-task/status/[id]/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v3/async-task/status/${id("task")}` }),
  },
  {
    file: "app/api/v1/ppt/presentation/status/[id]/route.ts",
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/v1/ppt/presentation/status/${id("task")}` }),
  },
  {
    file: "app/api/v3/async-task/status/[id]/route.ts",
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/v3/async-task/status/${id("task")}` }),
  },
  ...(["v1", "v3"] as const).flatMap((v): TRow[] => [
    {
      file: `app/api/${v}/webhook/[id]/deliveries/route.ts`,
      method: "GET",
      callers: ANY,
      expect: "problem-404",
      request: (id) => ({ method: "GET", path: `/api/${v}/webhook/${id("webhook")}/deliveries` }),
    },
    {
      file: `app/api/${v}/webhook/deliveries/[deliveryId]/redeliver/route.ts`,
      method: "POST",
      callers: ANY,
      expect: "problem-404",
      request: (id) => ({ method: "POST", path: `/api/${v}/webhook/deliveries/${id("delivery")}/redeliver` }),
    },
    // The id goes in the body here.
    {
      file: `app/api/${v}/webhook/unsubscribe/route.ts`,
      method: "DELETE",
      callers: ANY,
      expect: "problem-404",
      request: (id) => ({
        method: "DELETE",
        path: `/api/${v}/webhook/unsubscribe`,
        body: { id: id("webhook") },
      }),
    },
  ]),
  // Another account's file reference is refused like an unknown one: 422 at files.0 (the contract's code).
  ...(["/api/v1/ppt/presentation/generate", "/api/v1/ppt/presentation/generate/async"] as const).map(
    (p): TRow => ({
      file: `app${p}/route.ts`,
      method: "POST",
      callers: ANY,
      expect: "problem-422",
      request: (id) => ({
        method: "POST",
        path: p,
        body: { content: "B's text", n_slides: 1, files: [id("file")] },
      }),
    }),
  ),
  {
    file: "app/api/v1/ppt/images/search/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: "/api/v1/ppt/images/search",
      body: { q: "solar", source: "offline", count: 1, presentation_id: id("presentation") },
    }),
  },
  {
    file: "app/api/account/keys/[id]/route.ts",
    method: "DELETE",
    callers: SESSION,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/account/keys/${id("apiKeyId")}` }),
  },
  {
    file: "app/api/account/sessions/[sessionId]/route.ts",
    method: "DELETE",
    callers: SESSION,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/account/sessions/${id("sessionId")}` }),
  },
  {
    file: "app/(app)/editor/[id]/page.tsx",
    method: "GET",
    callers: SESSION,
    expect: "page-404",
    request: (id) => ({ method: "GET", path: `/editor/${id("presentation")}` }),
  },
  {
    file: "app/(app)/editor/[id]/overview/page.tsx",
    method: "GET",
    callers: SESSION,
    expect: "page-404",
    request: (id) => ({ method: "GET", path: `/editor/${id("presentation")}/overview` }),
  },
  {
    file: "app/(present)/editor/[id]/presenter/page.tsx",
    method: "GET",
    callers: SESSION,
    expect: "page-404",
    request: (id) => ({ method: "GET", path: `/editor/${id("presentation")}/presenter` }),
  },
  {
    file: "app/api/v1/ppt/templates/[id]/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v1/ppt/templates/custom-${id("brandTemplate")}` }),
  },
  {
    file: "app/api/v1/ppt/templates/[id]/preview/route.ts",
    method: "GET",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "GET", path: `/api/v1/ppt/templates/custom-${id("brandTemplate")}/preview` }),
  },
  {
    file: "app/api/v1/ppt/templates/[id]/route.ts",
    method: "DELETE",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({ method: "DELETE", path: `/api/v1/ppt/templates/${id("brandTemplate")}` }),
  },
  {
    // A's brand template named in B's generation: the 404 of a template nobody uploaded.
    file: "app/api/v1/ppt/presentation/create/from-json/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: "/api/v1/ppt/presentation/create/from-json",
      body: {
        template: `custom-${id("brandTemplate")}`,
        slides: [{ layout: "title", content: { title: "B on A's brand" } }],
      },
    }),
  },
  {
    file: "app/api/v3/presentation/generate/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: "/api/v3/presentation/generate",
      body: { standard_template: `custom-${id("brandTemplate")}`, slides: [{ content: "# B's deck" }] },
    }),
  },
  {
    // The editor's preview of a deck naming A's brand template.
    file: "app/api/v1/ppt/layout/route.ts",
    method: "POST",
    callers: ANY,
    expect: "problem-404",
    request: (id) => ({
      method: "POST",
      path: "/api/v1/ppt/layout",
      body: { deck: { ...(owned.deck as object), template: `custom-${id("brandTemplate")}` } },
    }),
  },
  ...(["pptx", "pdf"] as const).map(
    (format): TRow => ({
      file: "app/(app)/editor/[id]/export/[format]/route.ts",
      method: "GET",
      callers: SESSION,
      expect: "problem-404",
      request: (id) => ({ method: "GET", path: `/editor/${id("presentation")}/export/${format}` }),
    }),
  ),
];

/**
 * Routes with an id segment that are deliberately not in the matrix, and why. Anything else with an
 * id segment must have a row.
 */
const NOT_ACCOUNT_SCOPED: Record<string, string> = {
  // A capability URL: whoever holds the signed link may download, whatever the account; what guards
  // it is the signature and expiry, tested below.
  "app/api/v1/ppt/exports/[id]/[filename]/route.ts GET": "signed link",
  // The documentation's static files.
  "app/docs/assets/[file]/route.ts GET": "public",
  // A share link's page, its pictures and its status: capability URLs, open to whoever holds the token (256
  // random bits), signed in or not; revoked, expired and unknown tokens are 404s
  // (tests/api/share-links.test.ts). The API that makes and revokes them has rows above.
  "app/s/[token]/page.tsx GET": "share link",
  "app/s/[token]/assets/[name]/route.ts GET": "share link",
  "app/s/[token]/status/route.ts GET": "share link",
  // A brand template's picture by the SHA-256 of its content: a capability URL that only a page of the
  // brand shows (tests/api/brand-templates.test.ts); an unknown hash or template is a 404.
  "app/media/brand/[template]/[hash]/route.ts GET": "content address",
};

/** A problem's detail with every id (A's and the unknown one) masked. */
function mask(detail: unknown): string {
  let text = String(detail ?? "");
  for (const id of [UNKNOWN_ID, ...Object.values(owned).filter((v) => typeof v === "string")])
    text = text.replaceAll(id as string, "<id>");
  return text;
}

/** Every route file or page under app/ with a `[param]` segment (catch-alls excluded), with its methods. */
function idRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("[...")) walk(full);
        continue;
      }
      const rel = path.relative(ROOT, full).split(path.sep).join("/");
      if (!/\/\[\w+\]\//.test(rel)) continue;
      if (entry.name === "page.tsx") found.push(`${rel} GET`);
      if (entry.name === "route.ts") {
        const source = fs.readFileSync(full, "utf8");
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
          if (new RegExp(`export (const|async function|function) ${method}\\b|as ${method}\\b`).test(source))
            found.push(`${rel} ${method}`);
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return found.sort();
}

/** Deep-equal view of A's things, read with A's key: what B's calls must not have changed. */
async function snapshotOfA() {
  const presentation = await ok(A.key, "GET", `/api/v1/ppt/presentation/${owned.presentation}`);
  const task = await ok(A.key, "GET", `/api/v3/async-task/status/${owned.task}`);
  const hooks = await ok(A.key, "GET", "/api/v1/webhook/all");
  const deliveries = await ok(A.key, "GET", `/api/v1/webhook/${owned.webhook}/deliveries`);
  const keys = await ok(A.session, "GET", "/api/account/keys");
  const sessions = await ok(A.session, "GET", "/api/account/sessions");
  const list = await ok(A.key, "GET", "/api/v1/ppt/presentations");
  const shareLinks = await ok(A.key, "GET", `/api/v3/presentation/${owned.presentation}/share-links`);
  const deckVersions = await ok(A.key, "GET", `/api/v3/presentation/${owned.presentation}/versions`);
  const templates = await ok(A.key, "GET", "/api/v1/ppt/templates");
  return {
    presentation: {
      title: presentation.title,
      version: presentation.version,
      deck: presentation.deck,
      updated_at: presentation.updated_at,
    },
    task: { status: task.status, updated_at: task.updated_at },
    hooks: hooks.map((h: { id: string }) => h.id),
    deliveries: deliveries.map((d: { id: string; attempts: number; status: string }) => [
      d.id,
      d.attempts,
      d.status,
    ]),
    keys: keys.map((k: { id: string; revoked_at?: string | null }) => [k.id, k.revoked_at ?? null]),
    sessions: sessions.map((s: { id: string }) => s.id),
    presentations: list.items.map((p: { presentation_id: string }) => p.presentation_id).sort(),
    shareLinks,
    deckVersions,
    brandTemplates: templates.custom_templates.map((t: { id: string }) => t.id),
  };
}

describe("authorisation matrix", () => {
  it("has a row for every route with an id segment under app/ (or says why it needs none)", () => {
    const covered = new Set([
      ...MATRIX.map((row) => `${row.file} ${row.method}`),
      ...Object.keys(NOT_ACCOUNT_SCOPED),
    ]);
    const missing = idRoutes().filter((route) => !covered.has(route));
    expect(missing, "routes with an id segment missing from the matrix").toEqual([]);
    // And the matrix names no route that is gone.
    for (const row of MATRIX) expect(fs.existsSync(path.join(ROOT, row.file)), row.file).toBe(true);
  });

  it("has a row for every operation of the OpenAPI document with a path parameter (or says why it needs none)", () => {
    const covered = new Set([
      ...MATRIX.map((row) => `${row.file} ${row.method}`),
      ...Object.keys(NOT_ACCOUNT_SCOPED),
    ]);
    const operations = API_ROUTES.filter((route) => route.path.includes("{"));
    expect(operations.length).toBeGreaterThan(20);
    const missing = operations
      .map((route) => `app${route.path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts ${route.method.toUpperCase()}`)
      .filter((route) => !covered.has(route));
    expect(missing, "documented operations with an id missing from the matrix").toEqual([]);
  });

  it("account B with A's ids gets what an unknown id gets (404, a 422 for file refs), with a key and a session; A's data is unchanged", async () => {
    const before = await snapshotOfA();
    const results: string[] = [];
    for (const row of MATRIX) {
      for (const callerKind of row.callers) {
        const caller = callerKind === "key" ? B.key : B.session;
        const withA = row.request((kind) => String(owned[kind]));
        const withUnknown = row.request(() => UNKNOWN_ID);
        const a = await call(caller, withA.method, withA.path, withA.body);
        const u = await call(caller, withUnknown.method, withUnknown.path, withUnknown.body);
        const where = `${row.method} ${row.file} as B's ${callerKind}`;
        const expected = row.expect === "problem-422" ? 422 : 404;
        if (a.status !== expected || u.status !== expected)
          results.push(
            `${where}: A's id → ${a.status}, unknown id → ${u.status} (want ${expected}) ${a.text.slice(0, 200)}`,
          );
        else if (row.expect === "page-404") {
          if (!a.type.startsWith("text/html") || !a.text.includes("Presentation not found"))
            results.push(`${where}: not the 404 page (${a.type})`);
        } else {
          if (!a.type.startsWith("application/problem+json"))
            results.push(`${where}: ${a.type}, not problem+json`);
          // Same code and, ids masked, the same words: nothing tells A's id from an unknown one.
          if (a.json?.code !== u.json?.code || mask(a.json?.detail) !== mask(u.json?.detail))
            results.push(`${where}: answers differ: '${a.json?.detail}' vs '${u.json?.detail}'`);
          if (a.json?.status !== expected) results.push(`${where}: problem status ${a.json?.status}`);
        }
      }
    }
    expect(results).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("A's own calls on the same rows succeed (so B's 404s are about ownership)", async () => {
    const reads = [
      `/api/v1/ppt/presentation/${owned.presentation}`,
      `/api/v1/ppt/presentation/status/${owned.task}`,
      `/api/v3/async-task/status/${owned.task}`,
      `/api/v1/webhook/${owned.webhook}/deliveries`,
      `/api/v3/webhook/${owned.webhook}/deliveries`,
      `/api/v3/presentation/${owned.presentation}/share-links`,
      `/api/v3/presentation/${owned.presentation}/versions`,
      `/api/v3/presentation/${owned.presentation}/versions/${owned.deckVersion}`,
      `/api/v1/ppt/templates/custom-${owned.brandTemplate}`,
      `/api/v1/ppt/templates/${owned.brandTemplate}`,
    ];
    for (const p of reads) expect((await call(A.key, "GET", p)).status, p).toBe(200);
    for (const p of [`/editor/${owned.presentation}`, `/editor/${owned.presentation}/overview`])
      expect((await call(A.session, "GET", p)).status, p).toBe(200);
    const pdf = await call(A.session, "GET", `/editor/${owned.presentation}/export/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const search = await call(A.key, "POST", "/api/v1/ppt/images/search", {
      q: "solar",
      source: "offline",
      count: 1,
      presentation_id: owned.presentation,
    });
    expect(search.status).toBe(200);
  });

  it("B's listings show none of A's things", async () => {
    const presentations = await ok(B.key, "GET", "/api/v1/ppt/presentations");
    expect(presentations.items.map((p: { presentation_id: string }) => p.presentation_id)).not.toContain(
      owned.presentation,
    );
    const hooks = await ok(B.key, "GET", "/api/v1/webhook/all");
    expect(hooks.map((h: { id: string }) => h.id)).not.toContain(owned.webhook);
    const keys = await ok(B.session, "GET", "/api/account/keys");
    expect(keys.map((k: { id: string }) => k.id)).not.toContain(owned.apiKeyId);
    const sessions = await ok(B.session, "GET", "/api/account/sessions");
    expect(sessions.map((s: { id: string }) => s.id)).not.toContain(owned.sessionId);
    const templates = await ok(B.key, "GET", "/api/v1/ppt/templates");
    expect(templates.custom_templates.map((t: { id: string }) => t.id)).not.toContain(owned.brandTemplate);
  });

  it("a stored picture is read by the account that stored it only: B gets the 404 of an unknown name", async () => {
    const name = owned.asset;
    const mine = await call(A.key, "GET", `/api/v1/ppt/assets/${name}`);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe("image/jpeg");
    expect((await call(A.session, "GET", `/api/v1/ppt/assets/${name}`)).status).toBe(200);
    const theirs = await call(B.key, "GET", `/api/v1/ppt/assets/${name}`);
    const unknown = await call(B.key, "GET", `/api/v1/ppt/assets/${"0".repeat(64)}.png`);
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.json.code).toBe("not_found");
    expect(theirs.json.detail.replace(name, "<name>")).toBe(
      unknown.json.detail.replace(`${"0".repeat(64)}.png`, "<name>"),
    );
    expect((await fetch(`${baseUrl()}/api/v1/ppt/assets/${name}`)).status).toBe(401);
  });
});

describe("credentials", () => {
  const protectedPath = () => `/api/v1/ppt/presentation/${owned.presentation}`;

  async function expect401(headers: Record<string, string>) {
    const res = await fetch(`${baseUrl()}${protectedPath()}`, { headers });
    const body = await res.json();
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(body).toMatchObject({ status: 401, code: "unauthorized", title: "Unauthorized" });
    // Never a hint of whose the presentation is or that it exists.
    expect(JSON.stringify(body)).not.toContain("A's private deck");
  }

  it("a revoked key is a 401 from the moment it is revoked", async () => {
    const made = await ok(A.session, "POST", "/api/account/keys", { name: "to-revoke" });
    expect((await call({ kind: "key", key: made.secret }, "GET", protectedPath())).status).toBe(200);
    expect((await call(A.session, "DELETE", `/api/account/keys/${made.id}`)).status).toBe(204);
    await expect401({ authorization: `Bearer ${made.secret}` });
  });

  it("a well-formed key that was never issued, a malformed one, another scheme or none is a 401", async () => {
    const base62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    const unknown = `df_${Array.from(crypto.randomBytes(40), (b) => base62[b % 62]).join("")}`;
    await expect401({ authorization: `Bearer ${unknown}` });
    // A's key with its last character changed: same prefix (the lookup), wrong hash.
    const secret = (A.key as { key: string }).key;
    const last = secret.at(-1) === "a" ? "b" : "a";
    await expect401({ authorization: `Bearer ${secret.slice(0, -1)}${last}` });
    await expect401({ authorization: "Bearer df_short" });
    await expect401({ authorization: `Basic ${Buffer.from(`${secret}:`).toString("base64")}` });
    await expect401({});
  });

  it("a key works only for its own account's session-free API, never for session-only account routes", async () => {
    const res = await call(A.key, "GET", "/api/account/keys");
    expect(res.status).toBe(401);
  });
});

describe("download links", () => {
  /** The HMAC the server signs with (the secret lives in the shared server's data directory). */
  function sign(pathname: string, expires: number): string {
    const secret = fs.readFileSync(path.join(inject("dataDir"), ".secret"), "utf8").trim();
    return crypto
      .createHmac("sha256", Buffer.from(secret))
      .update(`${pathname}\n${expires}`)
      .digest("base64url");
  }

  async function get(pathWithQuery: string) {
    const res = await fetch(`${baseUrl()}${pathWithQuery}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get("content-type") ?? "", bytes };
  }

  it("serve the file as signed, to anyone holding the link, and refuse it unsigned, tampered, expired or moved", async () => {
    const link = new URL(owned.downloadPath, baseUrl());
    const good = await get(owned.downloadPath);
    expect(good.status).toBe(200);
    expect(good.bytes.subarray(0, 2).toString()).toBe("PK");

    const pathname = link.pathname;
    const expires = Number(link.searchParams.get("expires"));
    const signature = link.searchParams.get("signature") ?? "";
    const flip = (s: string) => `${s.slice(0, -1)}${s.at(-1) === "A" ? "B" : "A"}`;
    const otherId = pathname.replace(/exports\/[^/]+\//, `exports/${UNKNOWN_ID}/`);
    const refused: Record<string, string> = {
      unsigned: pathname,
      "signature only": `${pathname}?signature=${signature}`,
      "expires only": `${pathname}?expires=${expires}`,
      "signature altered": `${pathname}?expires=${expires}&signature=${flip(signature)}`,
      "expiry extended": `${pathname}?expires=${expires + 3600}&signature=${signature}`,
      "signed but expired": `${pathname}?expires=${Math.floor(Date.now() / 1000) - 60}&signature=${sign(pathname, Math.floor(Date.now() / 1000) - 60)}`,
      "signature of another export": `${otherId}?expires=${expires}&signature=${signature}`,
      "signed by another secret": `${pathname}?expires=${expires}&signature=${crypto.createHmac("sha256", "not-the-secret").update(`${pathname}\n${expires}`).digest("base64url")}`,
    };
    for (const [what, url] of Object.entries(refused)) {
      const res = await get(url);
      expect(res.status, what).toBe(401);
      expect(res.type, what).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.bytes.toString()).code, what).toBe("unauthorized");
    }
    // Correctly signed with the server's secret but for a file that does not exist: a 404, not the file.
    const future = Math.floor(Date.now() / 1000) + 600;
    const forged = await get(`${otherId}?expires=${future}&signature=${sign(otherId, future)}`);
    expect(forged.status).toBe(404);
  });
});
