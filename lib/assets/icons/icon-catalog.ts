import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { resolvePackageFile } from "@/lib/layouts/resolve-package-file";

/** One drawing element of a Lucide icon: its tag and attributes, on a 24×24 grid. */
export type TIconNode = [tag: string, attributes: Record<string, string>];

export type TIconEntry = {
  name: string;
  /** The name split at hyphens ("shield-check" → ["shield", "check"]). */
  parts: string[];
  /** Lucide's search tags, lower case. */
  tags: string[];
  nodes: TIconNode[];
};

export type TIconCatalog = {
  icons: Map<string, TIconEntry>;
  /** Older or alternative names ("alert-triangle") → the current name ("triangle-alert"). */
  aliases: Map<string, string>;
};

let catalog: TIconCatalog | undefined;

/**
 * The Lucide icon set shipped as lucide-static: every icon's drawing and tags (read once from
 * icon-nodes.json and tags.json), and the alias names of its icons/ folder mapped to the icon they
 * draw, so names an author remembers from older Lucide versions still resolve.
 */
export function iconCatalog(): TIconCatalog {
  if (catalog) return catalog;
  const nodes = readJson<Record<string, TIconNode[]>>("lucide-static/icon-nodes.json");
  const tags = readJson<Record<string, string[]>>("lucide-static/tags.json");
  const icons = new Map<string, TIconEntry>();
  const bySignature = new Map<string, string>();
  for (const [name, drawing] of Object.entries(nodes)) {
    icons.set(name, {
      name,
      parts: name.split("-"),
      tags: (tags[name] ?? []).map((tag) => tag.toLowerCase()),
      nodes: drawing,
    });
    bySignature.set(signature(drawing), name);
  }
  catalog = { icons, aliases: readAliases(icons, bySignature) };
  return catalog;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(resolvePackageFile(file), "utf8")) as T;
}

// An alias file draws exactly what its target draws; matching the drawings finds the target.
function readAliases(icons: Map<string, TIconEntry>, bySignature: Map<string, string>): Map<string, string> {
  const aliases = new Map<string, string>();
  const folder = resolvePackageFile("lucide-static/icons");
  for (const file of readdirSync(folder)) {
    const name = file.replace(/\.svg$/, "");
    if (!file.endsWith(".svg") || icons.has(name)) continue;
    const target = bySignature.get(signature(parseSvgNodes(readFileSync(path.join(folder, file), "utf8"))));
    if (target) aliases.set(name, target);
  }
  return aliases;
}

const ELEMENT = /<(path|circle|ellipse|line|polyline|polygon|rect)\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([a-zA-Z-]+)="([^"]*)"/g;

/** The drawing elements of a Lucide SVG file, in the icon-nodes.json shape. */
export function parseSvgNodes(svg: string): TIconNode[] {
  return [...svg.matchAll(ELEMENT)].map(
    ([, tag, attributes]): TIconNode => [
      tag,
      Object.fromEntries([...attributes.matchAll(ATTRIBUTE)].map(([, key, value]) => [key, value])),
    ],
  );
}

function signature(nodes: TIconNode[]): string {
  return JSON.stringify(
    nodes.map(([tag, attributes]) => [
      tag,
      Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)),
    ]),
  );
}
