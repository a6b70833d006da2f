import { resolvePartPath } from "../zip/open-zip-package";
import { xmlTokens } from "./xml-tokens";

export type TRelationship = { type: string; target: string; external: boolean };

/**
 * The relationships of a part (its .rels XML), by id, with internal targets resolved to package
 * paths relative to `sourcePart`.
 */
export function readRelationships(relsXml: string, sourcePart: string): Map<string, TRelationship> {
  const rels = new Map<string, TRelationship>();
  for (const token of xmlTokens(relsXml)) {
    if (token.kind !== "open" || !token.name.endsWith("Relationship")) continue;
    const { Id, Type = "", Target = "", TargetMode } = token.attrs;
    if (!Id) continue;
    const external = TargetMode === "External";
    rels.set(Id, {
      type: Type.slice(Type.lastIndexOf("/") + 1),
      target: external ? Target : resolvePartPath(sourcePart, safeDecode(Target)),
      external,
    });
  }
  return rels;
}

function safeDecode(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}
