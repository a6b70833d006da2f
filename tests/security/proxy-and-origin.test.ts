// Who the server believes it is, on the real server (scripts/serve.mjs): the links it answers with,
// the CSRF origin check and HSTS follow PUBLIC_URL, else the Host header — and X-Forwarded-* only
// when TRUST_PROXY says a proxy sets them. Before, a client's X-Forwarded-Host rewrote `path` and
// `edit_path`, and an Origin naming the listen address (http://localhost:3111) passed the CSRF
// check from a page served elsewhere.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import { startDeckforgeServer, TEST_SERVER_ENV } from "../api/global-setup";
import { rawRequest } from "./raw-http";

type TServer = Awaited<ReturnType<typeof startDeckforgeServer>>;

/** The origin GET /api/openapi.json names as its server: what links are built from. */
async function linkOrigin(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const answer = await rawRequest(baseUrl, { path: "/api/openapi.json", headers });
  expect(answer.status).toBe(200);
  return answer.json.servers[0].url;
}

/** A session change (a new API key) sent with these headers; its status. */
async function createKey(baseUrl: string, cookie: string, headers: Record<string, string>) {
  const answer = await rawRequest(baseUrl, {
    method: "POST",
    path: "/api/account/keys",
    headers: { cookie, "content-type": "application/json", ...headers },
    body: JSON.stringify({ name: "origin-check" }),
  });
  return answer;
}

describe("without TRUST_PROXY or PUBLIC_URL (the shared test server)", () => {
  const baseUrl = () => inject("baseUrl");
  const listen = () => new URL(baseUrl()).host;
  let cookie: string;

  beforeAll(async () => {
    ({ cookie } = await signUpViaHttp(baseUrl(), uniqueUser("origin")));
  });

  it("builds links from the Host header; a client's X-Forwarded-Host/-Proto change nothing", async () => {
    expect(await linkOrigin(baseUrl(), {})).toBe(baseUrl());
    const forged = {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      forwarded: "host=evil.example",
    };
    expect(await linkOrigin(baseUrl(), forged)).toBe(baseUrl());
    expect(await linkOrigin(baseUrl(), { host: "decks.example.com" })).toBe("http://decks.example.com");
  });

  it("sends no HSTS over http, whatever X-Forwarded-Proto a client claims", async () => {
    const answer = await rawRequest(baseUrl(), {
      path: "/sign-in",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  it("takes a session change only from the origin the request reached, never from the listen address", async () => {
    // Reached as decks.example.com: a page on the listen address (or any other) is another site.
    const host = { host: "decks.example.com" };
    for (const origin of [
      `http://${listen()}`,
      "http://localhost:3111",
      "https://decks.example.com",
      "null",
    ]) {
      const refused = await createKey(baseUrl(), cookie, { ...host, origin });
      expect(refused.status, origin).toBe(403);
      expect(refused.json.code).toBe("forbidden");
    }
    // A forged X-Forwarded-Host does not make the attacker's origin this server's.
    const forged = await createKey(baseUrl(), cookie, {
      "x-forwarded-host": "evil.example",
      origin: "http://evil.example",
    });
    expect(forged.status).toBe(403);
    expect((await createKey(baseUrl(), cookie, { ...host, origin: "http://decks.example.com" })).status).toBe(
      201,
    );
    expect((await createKey(baseUrl(), cookie, { origin: baseUrl() })).status).toBe(201);
  });
});

describe("TRUST_PROXY=1 (one TLS-terminating proxy in front)", () => {
  let server: TServer;
  let cookie: string;
  const proxied = { "x-forwarded-host": "decks.example.com", "x-forwarded-proto": "https" };

  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, TRUST_PROXY: "1" });
    ({ cookie } = await signUpViaHttp(server.baseUrl, uniqueUser("proxied")));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("builds links from the proxy's X-Forwarded-Host and -Proto", async () => {
    expect(await linkOrigin(server.baseUrl, proxied)).toBe("https://decks.example.com");
    expect(await linkOrigin(server.baseUrl, {})).toBe(server.baseUrl);
  });

  it("sends HSTS on answers to https requests, pages, API routes, uploads and static files alike", async () => {
    for (const path of ["/sign-in", "/api/health", "/api/v3/files/upload", "/favicon.svg"]) {
      const answer = await rawRequest(server.baseUrl, { path, headers: proxied });
      expect(answer.headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    }
    const plain = await rawRequest(server.baseUrl, { path: "/sign-in" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("takes a session change from the public origin the proxy reports, not from the listen address", async () => {
    const fromListen = await createKey(server.baseUrl, cookie, { ...proxied, origin: server.baseUrl });
    expect(fromListen.status).toBe(403);
    const fromPublic = await createKey(server.baseUrl, cookie, {
      ...proxied,
      origin: "https://decks.example.com",
    });
    expect(fromPublic.status).toBe(201);
  });
});

describe("PUBLIC_URL=https://decks.example.com", () => {
  let server: TServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startDeckforgeServer({ ...TEST_SERVER_ENV, PUBLIC_URL: "https://decks.example.com" });
    ({ cookie } = await signUpViaHttp(server.baseUrl, uniqueUser("public")));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("builds every link from PUBLIC_URL, whatever Host or X-Forwarded-Host say", async () => {
    const variants: Record<string, string>[] = [
      {},
      { host: "other.example" },
      { "x-forwarded-host": "evil.example" },
    ];
    for (const headers of variants)
      expect(await linkOrigin(server.baseUrl, headers)).toBe("https://decks.example.com");
  });

  it("sends HSTS on every answer", async () => {
    for (const path of ["/sign-in", "/api/health", "/api/v1/ppt/files/upload"]) {
      const answer = await rawRequest(server.baseUrl, { path });
      expect(answer.headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("takes a session change from PUBLIC_URL's origin or the host reached, not another", async () => {
    expect((await createKey(server.baseUrl, cookie, { origin: "https://decks.example.com" })).status).toBe(
      201,
    );
    expect((await createKey(server.baseUrl, cookie, { origin: server.baseUrl })).status).toBe(201);
    expect((await createKey(server.baseUrl, cookie, { origin: "http://decks.example.com" })).status).toBe(
      403,
    );
    expect((await createKey(server.baseUrl, cookie, { origin: "https://evil.example" })).status).toBe(403);
  });
});
