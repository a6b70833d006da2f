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

/** npm ci (exact lockfile), falling back to npm install when the lockfile lacks this platform's optional packages. */
export function ensureInstalled() {
  const stamp = path.join(root, "node_modules", ".deckforge-install");
  const want = hashFiles(["package.json", "package-lock.json"]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want) return;
  console.log("[deckforge] installing dependencies…");
  const quiet = ["--no-audit", "--no-fund"];
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
