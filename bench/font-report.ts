/**
 * Which fonts the LibreOffice side of the parity bench really uses. The PPTX names Arial, Times
 * New Roman and Courier New (plus the faces of other scripts); a machine without them substitutes.
 * The figure only proves something if our own faces (the Arimo, Tinos and Noto files in
 * node_modules) are NOT installed system-wide, where LibreOffice would pick them up.
 */
import { execFileSync } from "node:child_process";
import JSZip from "jszip";

/**
 * Families we ship in node_modules (Arimo, Tinos, the Noto faces of other scripts) and Cousine, their
 * monospaced sibling. Installed system-wide, LibreOffice could draw with them and flatter the figure.
 */
const OUR_FAMILIES = /^(arimo|tinos|cousine|noto)\b/i;

/** A face the PPTX names and what fontconfig (which LibreOffice asks on Linux) gives for it. */
export type TSubstitute = { face: string; family: string; file: string };

/** Languages whose scripts the Latin substitutes do not cover, checked for a system font. */
const SCRIPT_LANGUAGES = ["zh-cn", "ja", "ar", "he"] as const;

export type TFontReport = {
  /** System-wide installs of our own families, as "Family: /path/file.ttf". */
  ourFacesInstalled: string[];
  substitutes: TSubstitute[];
  /** Language → system families covering it; empty means LibreOffice draws empty boxes. */
  scriptFonts: Record<string, string[]>;
};

/** Lists system-wide installs of our families (empty on a proper parity machine). */
export function ourFacesInstalled(): string[] {
  const out = execFileSync("fc-list", ["--format", "%{family}\t%{file}\n"], { encoding: "utf8" });
  return out
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      const [families, file] = line.split("\t");
      const hit = families.split(",").find((family) => OUR_FAMILIES.test(family.trim()));
      return hit ? [`${hit.trim()}: ${file}`] : [];
    })
    .sort();
}

/** What fontconfig substitutes for each face name. */
export function fontSubstitutes(faces: string[]): TSubstitute[] {
  return faces.map((face) => {
    const out = execFileSync("fc-match", ["--format", "%{family[0]}\t%{file}", face], { encoding: "utf8" });
    const [family, file] = out.split("\t");
    return { face, family, file };
  });
}

/** The typefaces a PPTX's slides name (a:latin, a:ea, a:cs), theme references excluded. */
export async function pptxFaces(pptx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(pptx);
  const faces = new Set<string>();
  const parts = Object.keys(zip.files).filter((name) => /^ppt\/(slides|charts)\/[^/]+\.xml$/.test(name));
  for (const name of parts) {
    const xml = (await zip.file(name)?.async("string")) ?? "";
    for (const match of xml.matchAll(/<a:(?:latin|ea|cs)\b[^>]*\btypeface="([^"]+)"/g)) {
      if (!match[1].startsWith("+")) faces.add(match[1]);
    }
  }
  return [...faces].sort();
}

/** Base names of the fonts a PDF embeds or references (subset prefixes removed), from pdffonts. */
export function pdfFontNames(pdfPath: string): string[] {
  const out = execFileSync("pdffonts", [pdfPath], { encoding: "utf8" });
  const names = out
    .split("\n")
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ""))
    .filter((name): name is string => Boolean(name));
  return [...new Set(names)].sort();
}

/** System families that cover each of the CJK and RTL languages of the corpus. */
export function scriptFonts(): Record<string, string[]> {
  return Object.fromEntries(
    SCRIPT_LANGUAGES.map((lang) => {
      const out = execFileSync("fc-list", [`:lang=${lang}`, "--format", "%{family[0]}\n"], {
        encoding: "utf8",
      });
      return [lang, [...new Set(out.split("\n").filter(Boolean))].sort()];
    }),
  );
}

/** Our families installed system-wide, what each PPTX face resolves to, and script coverage. */
export function fontReport(faces: string[]): TFontReport {
  return {
    ourFacesInstalled: ourFacesInstalled(),
    substitutes: fontSubstitutes(faces),
    scriptFonts: scriptFonts(),
  };
}
