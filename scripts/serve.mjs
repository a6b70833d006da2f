// The production HTTP server (`npm start` runs it; so do the API tests): Next's request handler
// behind a plain Node server, which owns what only the connection knows.
//
// * X-Forwarded-For/-Host/-Proto/-Port, Forwarded and X-Real-IP are a client's word unless
//   TRUST_PROXY names the proxies that set them: without it they are dropped before Next sees the
//   request, X-Forwarded-For becomes the connection's own peer and Next fills X-Forwarded-Host with
//   the Host header — per-address sign-in limits count real addresses, and a client cannot rewrite
//   the links (`path`, `edit_path`) the server answers with.
// * Strict-Transport-Security on every answer to an https request (a trusted proxy's
//   X-Forwarded-Proto, or PUBLIC_URL on https): browsers then never reach the server over http.
//
//   node scripts/serve.mjs [-p PORT] [-H HOST] [--keepAliveTimeout MS]
//
// SIGTERM/SIGINT close the server and exit (143/130) — after instrumentation.ts's graceful drain,
// which takes these handlers over (lib/lifecycle/graceful-shutdown.ts), as it does `next start`'s.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p", default: process.env.PORT ?? "3000" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});
const port = Number(values.port);
const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];
const UNTRUSTED_HEADERS = [...FORWARDING_HEADERS, "forwarded", "x-real-ip"];
const HSTS = "max-age=31536000; includeSubDomains";

/** Proxies trusted to set X-Forwarded-* (TRUST_PROXY: true = 1, a number, or none). */
function trustedProxies() {
  const value = (process.env.TRUST_PROXY ?? "").trim();
  if (value === "true") return 1;
  return /^\d+$/.test(value) ? Number(value) : 0;
}

const trusted = trustedProxies() > 0;
const publicHttps = (process.env.PUBLIC_URL ?? "").trim().startsWith("https:");

process.env.NODE_ENV = "production";
const app = next({ dev: false, dir: root, hostname: values.hostname, port });
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  if (!trusted) {
    for (const name of UNTRUSTED_HEADERS) delete req.headers[name];
    // The connection's own peer (Next fills it the same way; set here so nothing depends on that).
    if (req.socket.remoteAddress) req.headers["x-forwarded-for"] = req.socket.remoteAddress;
  }
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim();
  if (publicHttps || proto === "https") res.setHeader("strict-transport-security", HSTS);
  handle(req, res).catch((error) => {
    console.error(`[deckforge] request failed: ${req.method} ${req.url}`, error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
if (values.keepAliveTimeout) server.keepAliveTimeout = Number(values.keepAliveTimeout);

for (const [signal, code] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
]) {
  process.on(signal, () => {
    server.close(() => process.exit(code));
    server.closeIdleConnections();
  });
}

await app.prepare();
server.on("error", (error) => {
  console.error(`[deckforge] could not listen on port ${port}:`, error.message);
  process.exit(1);
});
server.listen(port, values.hostname, () => {
  console.log(`[deckforge] ready on http://${values.hostname ?? "localhost"}:${port}`);
});
