// Helpers for API tests: calls over real HTTP, downloads, and file inspection with real tools.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

type CallOptions = {
  key?: string | null;
  body?: unknown;
  method?: string;
  headers?: Record<string, string>;
  raw?: string;
};

/** Calls the API; `key` defaults to account A's key, `null` sends none. */
export async function api(pathname: string, options: CallOptions = {}) {
  const key = options.key === undefined ? inject("keyA") : options.key;
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: jsonOrUndefined(text), text };
}

/** A body parsed as JSON, or undefined when it is not JSON (an HTML page, an empty answer). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
export function jsonOrUndefined(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type TSessionCall = {
  cookie?: string | null;
  method?: string;
  body?: unknown;
  /** Origin on changes: this server's by default, null for none. */
  origin?: string | null;
  bearer?: string;
};

/**
 * Calls a route as a browser session would: the cookie, and this server's Origin on changes (or
 * the one given). Redirects are not followed, so a page's sign-in redirect is seen as it is.
 */
export async function sessionCall(pathname: string, options: TSessionCall = {}) {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const origin = options.origin === undefined ? baseUrl() : options.origin;
  if (origin !== null && method !== "GET") headers.origin = origin;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: jsonOrUndefined(text), text };
}

/** Downloads a URL and returns the bytes and response headers. */
export async function download(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text of each slide of a PPTX, in order (from ppt/slides/slideN.xml). */
export async function pptxSlides(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
  return Promise.all(
    names.map(async (name) => {
      const xml = (await zip.file(name)?.async("string")) ?? "";
      return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decodeXml(m[1])).join(" ");
    }),
  );
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function withTempFile<T>(bytes: Buffer, extension: string, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-file-"));
  const file = path.join(dir, `file.${extension}`);
  fs.writeFileSync(file, bytes);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Converts a PPTX to PDF with LibreOffice headless (a private profile per call), as a real client opens it. */
export function libreOfficePdf(pptx: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-soffice-"));
  try {
    fs.writeFileSync(path.join(dir, "deck.pptx"), pptx);
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        dir,
        path.join(dir, "deck.pptx"),
      ],
      { stdio: "pipe", timeout: 120_000 },
    );
    return fs.readFileSync(path.join(dir, "deck.pdf"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Page count of a PDF, as poppler's pdfinfo reads it. */
export function pdfPageCount(bytes: Buffer): number {
  return withTempFile(bytes, "pdf", (file) => {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  });
}

/** The document information of a PDF (Title, Author, Creator, Pages…), as poppler's pdfinfo prints it. */
export function pdfInfo(bytes: Buffer): Record<string, string> {
  return withTempFile(bytes, "pdf", (file) => {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return Object.fromEntries(
      [...info.matchAll(/^([A-Za-z ]+):[ \t]*(.*)$/gm)].map((m) => [m[1].trim(), m[2].trim()]),
    );
  });
}

/** A part of a PPTX (or any zip), as `unzip -p` extracts it: e.g. docProps/core.xml. */
export function zipEntry(bytes: Buffer, name: string): string {
  return withTempFile(bytes, "zip", (file) =>
    execFileSync("unzip", ["-p", file, name], { encoding: "utf8" }),
  );
}

/** The text of a PDF, as poppler's pdftotext extracts it (pages separated by form feeds). */
export function pdfText(bytes: Buffer): string {
  return withTempFile(bytes, "pdf", (file) =>
    execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
  );
}

/** Collapses whitespace so text can be found across line breaks. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
