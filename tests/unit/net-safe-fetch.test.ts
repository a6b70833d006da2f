import dns from "node:dns/promises";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isPublicAddress, privateNetworkAllowed } from "@/lib/net/address-policy";
import { fetchImage } from "@/lib/net/fetch-image";
import { safeFetch } from "@/lib/net/safe-fetch";
import { SafeFetchError, type TSafeFetchErrorCode } from "@/lib/net/safe-fetch-error";
import { send, startMockServer, type TMockServer } from "./net-mock-server";

const ALLOWED = { ALLOW_PRIVATE_NETWORK_FETCH: "1" };
const STRICT = {};

/** The SafeFetchError a promise rejects with (fails the test if it resolves or throws anything else). */
async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

async function expectCode(promise: Promise<unknown>, code: TSafeFetchErrorCode): Promise<SafeFetchError> {
  const error = await refusal(promise);
  expect(error.code, error.message).toBe(code);
  return error;
}

const png = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 200, g: 40, b: 90, alpha: alpha ? 0.5 : 1 },
    },
  })
    .png()
    .toBuffer();

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["192.0.2.1", false],
    ["240.0.0.1", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["fc00::1", false],
    ["fec0::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["64:ff9b::a00:1", false],
    ["2002:a00:1::", false],
    ["not an ip", false],
  ])("%s → %s", (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it("reads ALLOW_PRIVATE_NETWORK_FETCH", () => {
    expect(privateNetworkAllowed({})).toBe(false);
    expect(privateNetworkAllowed({ ALLOW_PRIVATE_NETWORK_FETCH: "0" })).toBe(false);
    expect(privateNetworkAllowed({ ALLOW_PRIVATE_NETWORK_FETCH: "1" })).toBe(true);
    expect(privateNetworkAllowed({ ALLOW_PRIVATE_NETWORK_FETCH: "true" })).toBe(true);
  });
});

describe("safeFetch", () => {
  let server: TMockServer;
  let other: TMockServer;
  beforeAll(async () => {
    server = await startMockServer(async (request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      const hops = Number(url.searchParams.get("hops") ?? 0);
      switch (url.pathname) {
        case "/hello":
          return send(response, 200, "text/plain; charset=utf-8", "hello");
        case "/chain":
          // Redirects `hops` times, then answers.
          if (hops > 0) {
            response.writeHead(302, { location: `/chain?hops=${hops - 1}` });
            return void response.end();
          }
          return send(response, 200, "text/plain", "end of chain");
        case "/to-other":
          response.writeHead(301, { location: `${other.origin}/echo-headers` });
          return void response.end();
        case "/to-metadata":
          response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
          return void response.end();
        case "/to-file":
          response.writeHead(302, { location: "file:///etc/passwd" });
          return void response.end();
        case "/echo-headers":
          return send(response, 200, "application/json", JSON.stringify(request.headers));
        case "/post-then-303":
          response.writeHead(303, { location: "/echo-method" });
          return void response.end();
        case "/echo-method":
          return send(response, 200, "text/plain", `${request.method} ${request.body.length}`);
        case "/missing":
          return send(response, 404, "application/json", '{"error":"no such photo"}');
        case "/big-announced":
          response.writeHead(200, {
            "content-type": "image/png",
            "content-length": String(50 * 1024 * 1024),
          });
          // Never sends the body: the fetch must give up on the header alone.
          return void response.flushHeaders();
        case "/big-stream": {
          // 4 MB in 64 KB chunks without a Content-Length: only counting can stop it.
          response.writeHead(200, { "content-type": "application/octet-stream" });
          const chunk = Buffer.alloc(64 * 1024, 7);
          let sent = 0;
          const tick = () => {
            if (response.destroyed) return;
            if (sent >= 64) return void response.end();
            sent += 1;
            response.write(chunk, () => setTimeout(tick, 2));
          };
          response.on("close", () => {
            bigStream.finished = response.writableFinished;
            bigStream.chunks = sent;
          });
          return tick();
        }
        case "/hang":
          return;
        case "/trickle":
          response.writeHead(200, { "content-type": "text/plain" });
          response.write("a");
          return;
        default:
          return send(response, 404, "text/plain", "not found");
      }
    });
    other = await startMockServer((request, response) =>
      send(response, 200, "application/json", JSON.stringify(request.headers)),
    );
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });
  afterEach(() => vi.restoreAllMocks());
  const bigStream = { finished: true, chunks: 0 };

  describe("without ALLOW_PRIVATE_NETWORK_FETCH", () => {
    it("refuses the mock server's own address without connecting to it", async () => {
      const before = server.connections();
      const error = await expectCode(safeFetch(`${server.origin}/hello`, { env: STRICT }), "blocked_address");
      expect(error.message).toContain("127.0.0.1");
      expect(error.message).toContain("ALLOW_PRIVATE_NETWORK_FETCH");
      await expectCode(
        safeFetch(`http://localhost:${server.port}/hello`, { env: STRICT }),
        "blocked_address",
      );
      await expectCode(
        safeFetch(`http://[::ffff:127.0.0.1]:${server.port}/hello`, { env: STRICT }),
        "blocked_address",
      );
      // 2130706433 is 127.0.0.1 written as one number; the URL parser normalises it first.
      await expectCode(
        safeFetch(`http://2130706433:${server.port}/hello`, { env: STRICT }),
        "blocked_address",
      );
      expect(server.connections()).toBe(before);
    });

    it.each([
      "http://10.0.0.1/",
      "http://192.168.0.10/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.1.1/",
      "http://0.0.0.0/",
      "http://[::1]/",
      "http://[fd12:3456::1]/",
      "http://[fe80::1]/",
      "https://127.0.0.1/",
    ])("refuses %s at once", async (url) => {
      const started = Date.now();
      await expectCode(safeFetch(url, { env: STRICT }), "blocked_address");
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it("refuses a name that resolves to any private address", async () => {
      vi.spyOn(dns, "lookup").mockResolvedValue([
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ] as never);
      await expectCode(safeFetch("http://mixed.example/", { env: STRICT }), "blocked_address");
    });

    it("re-checks a redirect from a trusted API origin and refuses a private target unconnected", async () => {
      const before = other.connections();
      const error = await expectCode(
        safeFetch(`${server.origin}/to-other`, { env: STRICT, trustedOrigin: true }),
        "blocked_address",
      );
      expect(error.details.url).toContain(other.origin);
      expect(other.connections()).toBe(before);
      await expectCode(
        safeFetch(`${server.origin}/to-metadata`, { env: STRICT, trustedOrigin: true }),
        "blocked_address",
      );
    });
  });

  describe("with ALLOW_PRIVATE_NETWORK_FETCH=1", () => {
    it("fetches from the local server", async () => {
      const response = await safeFetch(`${server.origin}/hello`, { env: ALLOWED });
      expect(response.status).toBe(200);
      expect(response.contentType).toBe("text/plain");
      expect(response.bytes.toString()).toBe("hello");
    });

    it("connects to the address it checked, not to a second DNS answer", async () => {
      // "pinned.invalid" cannot resolve for real: reaching the mock proves the socket used the
      // address from the one lookup that was checked.
      const lookup = vi
        .spyOn(dns, "lookup")
        .mockResolvedValue([{ address: "127.0.0.1", family: 4 }] as never);
      const response = await safeFetch(`http://pinned.invalid:${server.port}/echo-headers`, { env: ALLOWED });
      expect(JSON.parse(response.bytes.toString()).host).toBe(`pinned.invalid:${server.port}`);
      expect(lookup).toHaveBeenCalledTimes(1);
    });

    it("follows up to three redirects and refuses a fourth", async () => {
      const response = await safeFetch(`${server.origin}/chain?hops=3`, { env: ALLOWED });
      expect(response.bytes.toString()).toBe("end of chain");
      expect(response.url).toBe(`${server.origin}/chain?hops=0`);
      await expectCode(safeFetch(`${server.origin}/chain?hops=4`, { env: ALLOWED }), "too_many_redirects");
    });

    it("refuses a redirect to a non-http scheme", async () => {
      await expectCode(safeFetch(`${server.origin}/to-file`, { env: ALLOWED }), "invalid_url");
    });

    it("drops credentials on a redirect to another origin", async () => {
      const response = await safeFetch(`${server.origin}/to-other`, {
        env: ALLOWED,
        headers: {
          Authorization: "Bearer secret",
          "X-Subscription-Token": "secret",
          Accept: "application/json",
        },
      });
      const headers = JSON.parse(response.bytes.toString());
      expect(headers.authorization).toBeUndefined();
      expect(headers["x-subscription-token"]).toBeUndefined();
      expect(headers.accept).toBe("application/json");
    });

    it("continues a 303 after a POST as a GET without the body", async () => {
      const response = await safeFetch(`${server.origin}/post-then-303`, {
        env: ALLOWED,
        method: "POST",
        body: "payload",
      });
      expect(response.bytes.toString()).toBe("GET 0");
    });

    it("reports a non-2xx answer with its status and body", async () => {
      const error = await expectCode(safeFetch(`${server.origin}/missing`, { env: ALLOWED }), "http_status");
      expect(error.details.status).toBe(404);
      expect(error.details.body).toBe('{"error":"no such photo"}');
    });

    it("refuses an announced body over the cap without waiting for it", async () => {
      const started = Date.now();
      await expectCode(
        safeFetch(`${server.origin}/big-announced`, { env: ALLOWED, maxBytes: 1024 * 1024, timeoutMs: 5000 }),
        "too_large",
      );
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("stops a streamed body as soon as it passes the cap", async () => {
      await expectCode(
        safeFetch(`${server.origin}/big-stream`, {
          env: { ...ALLOWED, IMAGE_MAX_BYTES: String(256 * 1024) },
        }),
        "too_large",
      );
      await vi.waitFor(() => expect(bigStream.finished).toBe(false));
      // The server was cut off long before its 64 chunks.
      expect(bigStream.chunks).toBeLessThan(20);
    });

    it("gives up when no answer comes within the deadline", async () => {
      const started = Date.now();
      await expectCode(
        safeFetch(`${server.origin}/hang`, { env: { ...ALLOWED, FETCH_TIMEOUT_MS: "300" } }),
        "timeout",
      );
      await expectCode(safeFetch(`${server.origin}/trickle`, { env: ALLOWED, timeoutMs: 300 }), "timeout");
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it.each([
      "file:///etc/passwd",
      "ftp://example.com/a.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "not a url",
      "http://user:pass@example.com/",
    ])("refuses %s as an invalid URL", async (url) => {
      await expectCode(safeFetch(url, { env: ALLOWED }), "invalid_url");
    });
  });
});

describe("fetchImage", () => {
  let server: TMockServer;
  const files: Record<string, { type: string; body: Buffer }> = {};
  beforeAll(async () => {
    files["/wide.png"] = { type: "image/png", body: await png(3000, 1000) };
    files["/alpha.png"] = { type: "image/png", body: await png(400, 300, true) };
    files["/photo.webp"] = {
      type: "image/webp",
      body: await sharp(await png(500, 400))
        .webp()
        .toBuffer(),
    };
    files["/anim.gif"] = {
      type: "image/gif",
      body: await sharp(await png(64, 48))
        .gif()
        .toBuffer(),
    };
    files["/cdn.bin"] = {
      type: "application/octet-stream",
      body: await sharp(await png(300, 200))
        .jpeg()
        .toBuffer(),
    };
    files["/page.html"] = { type: "text/html", body: Buffer.from("<html><body>Not a photo</body></html>") };
    files["/liar.png"] = { type: "image/png", body: Buffer.from("<html><body>Not a photo</body></html>") };
    files["/vector.svg"] = {
      type: "image/svg+xml",
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    };
    files["/svg-as-png.png"] = files["/vector.svg"] && { type: "image/png", body: files["/vector.svg"].body };
    files["/truncated.jpg"] = { type: "image/jpeg", body: files["/cdn.bin"].body.subarray(0, 200) };
    server = await startMockServer((request, response) => {
      const file = files[request.url ?? ""];
      if (!file) return send(response, 404, "text/plain", "not found");
      send(response, 200, file.type, file.body);
    });
  });
  afterAll(() => server.close());

  it("re-encodes an opaque picture as a JPEG of at most 1600 px", async () => {
    const image = await fetchImage(`${server.origin}/wide.png`, { env: ALLOWED });
    expect(image.mime).toBe("image/jpeg");
    expect([image.width, image.height]).toEqual([1600, 533]);
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(1600);
  });

  it("keeps transparency as PNG", async () => {
    const image = await fetchImage(`${server.origin}/alpha.png`, { env: ALLOWED });
    expect(image.mime).toBe("image/png");
    expect((await sharp(image.bytes).metadata()).hasAlpha).toBe(true);
  });

  it("accepts WebP, GIF and a JPEG labelled octet-stream", async () => {
    for (const path of ["/photo.webp", "/anim.gif", "/cdn.bin"]) {
      const image = await fetchImage(`${server.origin}${path}`, { env: ALLOWED });
      expect(image.mime, path).toBe("image/jpeg");
    }
  });

  it.each([
    ["/page.html", "text/html"],
    ["/vector.svg", "image/svg+xml"],
  ])("refuses %s by its content type", async (path, type) => {
    const error = await expectCode(fetchImage(`${server.origin}${path}`, { env: ALLOWED }), "not_an_image");
    expect(error.message).toContain(type);
  });

  it.each(["/liar.png", "/svg-as-png.png", "/truncated.jpg"])("refuses %s by its bytes", async (path) => {
    await expectCode(fetchImage(`${server.origin}${path}`, { env: ALLOWED }), "not_an_image");
  });

  it("refuses a private image host when not allowed, without a request", async () => {
    const before = server.connections();
    await expectCode(fetchImage(`${server.origin}/wide.png`, { env: STRICT }), "blocked_address");
    expect(server.connections()).toBe(before);
  });
});
