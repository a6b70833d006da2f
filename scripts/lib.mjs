// Shared steps of `npm start` and `npm test`: install when needed, generate the Prisma client, and
// build the Next.js app when its sources changed since the last build.
import { execSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
process.env.NEXT_TELEMETRY_DISABLED = "1";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  return result.status === 0;
}

function fail(message) {
  console.error(`\n[deckforge] ${message}`);
  process.exit(1);
}

function hashFiles(entries) {
  const hash = crypto.createHash("sha256");
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) {
        if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
        walk(path.join(rel, name));
      }
    } else {
      hash.update(rel).update("\0").update(fs.readFileSync(abs)).update("\0");
    }
  };
  for (const entry of entries) walk(entry);
  return hash.digest("hex");
}

/** The Node.js versions Deckforge supports (package.json `engines`, what its dependencies need). */
export const SUPPORTED_NODE = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines
  .node;

/**
 * Whether this Node.js is one of SUPPORTED_NODE ("^22.14 || >=24": the AI SDK, unpdf and
 * zod-openapi need 22, zod-openapi 22.14, Prisma 22.12 or 24+).
 */
export function nodeSupported(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return (major === 22 && minor >= 14) || major >= 24;
}

let warnedNode = false;

/**
 * One line, once, when this Node.js is older than SUPPORTED_NODE (Node 20 is past its end of life).
 * The scripts still run on it — what they need works there today — but nothing promises it will.
 */
export function warnUnsupportedNode() {
  if (warnedNode || nodeSupported()) return;
  warnedNode = true;
  const major = Number(process.versions.node.split(".")[0]);
  const endOfLife = major < 22 || major === 23 ? "past its end of life, " : "";
  console.warn(
    `[deckforge] Node.js ${process.versions.node} is not supported (${endOfLife}Deckforge needs ${SUPPORTED_NODE}): carrying on, but use Node.js 22 or 24 LTS.`,
  );
}

/** npm ci (exact lockfile), falling back to npm install when the lockfile lacks this platform's optional packages. */
export function ensureInstalled() {
  warnUnsupportedNode();
  const stamp = path.join(root, "node_modules", ".deckforge-install");
  const want = hashFiles(["package.json", "package-lock.json"]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want) return;
  console.log("[deckforge] installing dependencies…");
  // On an unsupported Node, npm warns once per package that needs a newer one (60 lines for the AI
  // SDK alone); the line above says it once. Errors still show.
  const quiet = ["--no-audit", "--no-fund", ...(nodeSupported() ? [] : ["--loglevel=error"])];
  if (!(fs.existsSync(path.join(root, "package-lock.json")) && run("npm", ["ci", ...quiet]))) {
    if (!run("npm", ["install", ...quiet])) fail("npm install failed.");
  }
  fs.writeFileSync(stamp, hashFiles(["package.json", "package-lock.json"]));
}

/** Generates the Prisma client (offline: prisma.config.ts points the engine variable at a local file). */
export function ensurePrismaClient() {
  const stamp = path.join(root, "lib", "generated", "prisma", ".schema-hash");
  const want = hashFiles(["prisma/schema.prisma", "package-lock.json"]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want) return;
  if (!run(process.execPath, [path.join(root, "node_modules", "prisma", "build", "index.js"), "generate"])) {
    fail("prisma generate failed.");
  }
  fs.writeFileSync(stamp, want);
}

const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "next.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "prisma/schema.prisma",
  "scripts/build-worker.mjs",
];

/** `next build` unless the last build was made from the same sources. */
export function ensureBuilt() {
  const dist = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  const stamp = path.join(dist, "deckforge-build-hash");
  const want = hashFiles(BUILD_INPUTS);
  const worker = path.join(dist, "workers", "parse-file-worker.mjs");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want && fs.existsSync(worker)) return;
  console.log("[deckforge] building the app…");
  if (!run(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"])) {
    fail("next build failed.");
  }
  // The document-reading worker thread's script, bundled beside the app (lib/files/parse-pool).
  if (!run(process.execPath, [path.join(root, "scripts", "build-worker.mjs")]))
    fail("bundling the worker failed.");
  fs.writeFileSync(stamp, want);
}

/** Debian packages the tests use (PDF checks, LibreOffice, Chromium), installed when missing and possible. */
export function ensureSystemPackages() {
  const needed = [
    ["pdfinfo", "poppler-utils"],
    ["soffice", "libreoffice-impress"],
    ["chromium", "chromium"],
    // The PostgreSQL tests start throwaway clusters with the server binaries (initdb, pg_ctl).
    ["initdb", "postgresql"],
  ].filter(([bin]) => !(bin === "initdb" ? postgresServerInstalled() : commandExists(bin)));
  if (needed.length === 0) return;
  const packages = needed.map(([, pkg]) => pkg);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !commandExists("apt-get")) {
    fail(
      `missing system packages: ${packages.join(", ")}. Install them (e.g. sudo apt-get install ${packages.join(" ")}) and run again.`,
    );
  }
  console.log(`[deckforge] installing ${packages.join(", ")} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (
    !run("apt-get", ["update", "-qq"], { env }) ||
    !run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages, "fonts-liberation"], {
      env,
    })
  ) {
    fail("apt-get install failed.");
  }
}

/** Debian keeps the server binaries out of PATH, in /usr/lib/postgresql/<version>/bin. */
function postgresServerInstalled() {
  if (process.env.PG_BIN || commandExists("initdb")) return true;
  try {
    return fs
      .readdirSync("/usr/lib/postgresql")
      .some((version) => fs.existsSync(path.join("/usr/lib/postgresql", version, "bin", "initdb")));
  } catch {
    return false;
  }
}

export function commandExists(bin) {
  try {
    execSync(`command -v ${bin}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
}

/** The Node.js major version CI also runs the unit and PostgreSQL API suites on (the newest LTS). */
export const CI_NODE_MAJOR = 24;

/**
 * A Node.js CI_NODE_MAJOR binary: this one when it is that major, else the npm registry's
 * `node-<platform>-<arch>` package (the official build; ~10 s and 190 MB here) installed once into
 * node_modules/.cache/deckforge-node24 (npm ci empties it; the next run installs it again).
 * Returns its path.
 */
export function ensureCiNode() {
  if (Number(process.versions.node.split(".")[0]) === CI_NODE_MAJOR) return process.execPath;
  const prefix = path.join(root, "node_modules", ".cache", `deckforge-node${CI_NODE_MAJOR}`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const bin = path.join(
    prefix,
    "node_modules",
    pkg,
    "bin",
    process.platform === "win32" ? "node.exe" : "node",
  );
  const version = () => spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
  if (fs.existsSync(bin) && version().startsWith(`v${CI_NODE_MAJOR}.`)) return bin;
  console.log(
    `[deckforge] installing Node.js ${CI_NODE_MAJOR} (${pkg}) for the Node ${CI_NODE_MAJOR} test passes…`,
  );
  fs.mkdirSync(prefix, { recursive: true });
  const args = ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund"];
  if (!run("npm", [...args, "--loglevel=error", `${pkg}@${CI_NODE_MAJOR}`]) || !fs.existsSync(bin))
    fail(`could not install Node.js ${CI_NODE_MAJOR} from the npm package ${pkg}.`);
  return bin;
}
