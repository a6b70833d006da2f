/**
 * Font family registry: the `font` key of a text box → how each renderer names or loads its faces.
 * Client-safe (plain data): the editor reads `cssFamily`, the server reads the files.
 *
 * Each family style resolves to a stack of faces, consulted in order like a CSS font-family list:
 * the family's own files, then the script fallbacks (Noto Sans SC, Arabic, Hebrew). A character is
 * measured and drawn with the first face whose unicode-range holds it and that has its glyph, so
 * the measurer, the PDF and the browser (which loads the same files with the same ranges) agree.
 */

export type TFontStyle = "regular" | "bold" | "italic" | "boldItalic";

/** One font file (a path inside node_modules) and, for subset files, the characters it serves. */
export type TFaceFile = {
  file: string;
  /** A CSS unicode-range; the face is consulted only for these characters. All when absent. */
  unicodeRange?: string;
  /** An upright face standing in for an italic style the family has no file for: renderers slant it. */
  synthItalic?: true;
};

export type TFontFamily = {
  /** Face name written into the PPTX; must be metric-compatible with `files` so wrapping agrees. */
  pptxFace: string;
  /** CSS font-family for the editor: the family's face, then the script fallbacks, in stack order. */
  cssFamily: string;
  /**
   * Advance of the bullet glyph (U+2022) in the regular face, in em: bullets are drawn regular,
   * and a right-to-left paragraph's bullet is placed by its right edge.
   */
  bulletAdvanceEm: number;
  /** The family's own files per style, in stack order (fontsource ships unicode-range subsets). */
  files: Record<TFontStyle, readonly TFaceFile[]>;
};

/** A face that draws the characters of a script the families lack. */
export type TFallbackFace = {
  /** Family name: the PPTX typeface of runs it draws, and the editor's family when unhashed. */
  name: string;
  /**
   * The PPTX run font slot that names it: East Asian (`<a:ea>`) or complex script (`<a:cs>`); none
   * for pictographs, which PowerPoint draws with the system's emoji font.
   */
  slot: "ea" | "cs" | "none";
  /** The editor's CSS family (app/fonts.ts loads the same files under this name or variable). */
  cssFamily: string;
  /** The characters it is consulted for; app/fonts.ts declares the same range to the browser. */
  unicodeRange: string;
  /** No italic files: italic text uses the upright face and renderers slant it. */
  files: { regular: string; bold: string };
};

const ARIMO = "@expo-google-fonts/arimo";

// fontsource's subsets and their ranges (the same in every @fontsource package, see its
// unicode.json); the editor loads them through the packages' stylesheets with the same ranges.
// The server reads the WOFF files: pdfkit copies glyph outlines straight from the glyf table,
// which WOFF2 stores transformed (embedded WOFF2 text comes out blank); the fonts inside both
// containers are the same.
const SUBSET_RANGES = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  greek: "U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF",
  "greek-ext": "U+1F00-1FFF",
  cyrillic: "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116",
  "cyrillic-ext": "U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F",
  hebrew: "U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F",
  vietnamese:
    "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB",
} as const;

type TSubset = keyof typeof SUBSET_RANGES;

/** The four styles of a @fontsource family, each its WOFF subsets in the package's order. */
function fontsource(family: string, subsets: readonly TSubset[]): Record<TFontStyle, TFaceFile[]> {
  const files = (variant: string) =>
    subsets.map((subset) => ({
      file: `@fontsource/${family}/files/${family}-${subset}-${variant}.woff`,
      unicodeRange: SUBSET_RANGES[subset],
    }));
  return {
    regular: files("400-normal"),
    bold: files("700-normal"),
    italic: files("400-italic"),
    boldItalic: files("700-italic"),
  };
}

const ALL_SUBSETS: readonly TSubset[] = [
  "latin",
  "latin-ext",
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext",
  "hebrew",
  "vietnamese",
];

/** Tinos's subsets beyond Latin: what it draws for serif families without those scripts. */
const TINOS_EXTRA: readonly TSubset[] = [
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext",
  "hebrew",
  "vietnamese",
];

/** Each style's files of `first`, then those of `then`. */
function joinStyles(
  first: Record<TFontStyle, TFaceFile[]>,
  then: Record<TFontStyle, TFaceFile[]>,
): Record<TFontStyle, TFaceFile[]> {
  return {
    regular: [...first.regular, ...then.regular],
    bold: [...first.bold, ...then.bold],
    italic: [...first.italic, ...then.italic],
    boldItalic: [...first.boldItalic, ...then.boldItalic],
  };
}

/** Where pictographs are: symbols, dingbats, arrows, and the emoji planes; app/fonts.ts declares the same. */
export const EMOJI_RANGE =
  "U+2190-21FF,U+2300-23FF,U+25A0-27BF,U+2900-297F,U+2B00-2BFF,U+3030,U+303D,U+1F000-1FAFF";

/**
 * Script fallbacks, after every family's own faces. Noto Sans SC covers Han and kana (10 MB: it is
 * loaded only when a CJK character is met); Arimo and Tinos carry Hebrew themselves (metric-
 * compatible with Arial's and Times New Roman's), so Noto Sans Hebrew only serves families without.
 */
export const FALLBACK_FACES: readonly TFallbackFace[] = [
  {
    name: "Noto Sans SC",
    slot: "ea",
    cssFamily: "var(--font-noto-sans-sc, 'Noto Sans SC')",
    unicodeRange:
      "U+2E80-2FDF,U+2FF0-303F,U+3040-30FF,U+3100-312F,U+3190-31FF,U+3200-33FF,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FE30-FE4F,U+FF00-FFEF,U+20000-2FA1F",
    files: {
      regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
      bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
    },
  },
  {
    name: "Noto Sans Arabic",
    slot: "cs",
    cssFamily: "var(--font-noto-sans-arabic, 'Noto Sans Arabic')",
    unicodeRange: "U+0600-06FF,U+0750-077F,U+0870-08FF,U+FB50-FDFF,U+FE70-FEFF",
    files: {
      regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
      bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
    },
  },
  {
    name: "Noto Sans Hebrew",
    slot: "cs",
    cssFamily: "var(--font-noto-sans-hebrew, 'Noto Sans Hebrew')",
    unicodeRange: "U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F",
    files: {
      regular: "@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff",
      bold: "@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff",
    },
  },
  // Pictographs pasted with web text ("📌 Reminder", "## ✨ Features"): no family holds them, and a
  // PDF font without them draws their UTF-16 halves as Latin letters. Noto Emoji is monochrome:
  // PDF fonts draw outlines, not colour bitmaps.
  {
    name: "Noto Emoji",
    slot: "none",
    cssFamily: "var(--font-noto-emoji, 'Noto Emoji')",
    unicodeRange: EMOJI_RANGE,
    files: {
      regular: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
      bold: "@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf",
    },
  },
];

const FALLBACK_CSS = FALLBACK_FACES.map((face) => face.cssFamily).join(", ");

export const FONT_FAMILIES = {
  // Arimo is metric-compatible with Arial (and Liberation Sans), so PowerPoint, LibreOffice and the
  // PDF all break lines where we measured them.
  sans: {
    pptxFace: "Arial",
    cssFamily: `var(--font-arimo, Arimo), ${FALLBACK_CSS}, Arial, sans-serif`,
    bulletAdvanceEm: 717 / 2048,
    files: {
      regular: [{ file: `${ARIMO}/400Regular/Arimo_400Regular.ttf` }],
      bold: [{ file: `${ARIMO}/700Bold/Arimo_700Bold.ttf` }],
      italic: [{ file: `${ARIMO}/400Regular_Italic/Arimo_400Regular_Italic.ttf` }],
      boldItalic: [{ file: `${ARIMO}/700Bold_Italic/Arimo_700Bold_Italic.ttf` }],
    },
  },
  // Tinos is metric-compatible with Times New Roman (and Liberation Serif).
  serif: {
    pptxFace: "Times New Roman",
    cssFamily: `Tinos, ${FALLBACK_CSS}, 'Times New Roman', serif`,
    bulletAdvanceEm: 717 / 2048,
    files: fontsource("tinos", ALL_SUBSETS),
  },
  // The faces company templates name most, each drawn with its metric-compatible twin: the PPTX
  // names the Microsoft face (PowerPoint draws the original with the same advances), the PDF and
  // the editor draw the twin. Carlito ↔ Calibri, Caladea ↔ Cambria (both made for ChromeOS and
  // shipped by LibreOffice for the same reason), Cousine ↔ Courier New, Gelasio ↔ Georgia.
  carlito: {
    pptxFace: "Calibri",
    cssFamily: `Carlito, ${FALLBACK_CSS}, Calibri, sans-serif`,
    bulletAdvanceEm: 1020 / 2048,
    files: fontsource(
      "carlito",
      ALL_SUBSETS.filter((subset) => subset !== "hebrew"),
    ),
  },
  // Caladea and Gelasio have no Greek, Cyrillic or Hebrew (Cambria and Georgia do): Tinos draws
  // them, the serif closest to hand, after the family's own subsets.
  caladea: {
    pptxFace: "Cambria",
    cssFamily: `Caladea, Tinos, ${FALLBACK_CSS}, Cambria, serif`,
    bulletAdvanceEm: 443 / 1000,
    files: joinStyles(fontsource("caladea", ["latin", "latin-ext"]), fontsource("tinos", TINOS_EXTRA)),
  },
  cousine: {
    pptxFace: "Courier New",
    cssFamily: `Cousine, ${FALLBACK_CSS}, 'Courier New', monospace`,
    bulletAdvanceEm: 1229 / 2048,
    files: fontsource("cousine", ALL_SUBSETS),
  },
  gelasio: {
    pptxFace: "Georgia",
    cssFamily: `Gelasio, Tinos, ${FALLBACK_CSS}, Georgia, serif`,
    bulletAdvanceEm: 804 / 2048,
    files: joinStyles(
      fontsource("gelasio", ["latin", "latin-ext", "vietnamese"]),
      fontsource("tinos", TINOS_EXTRA),
    ),
  },
} as const satisfies Record<string, TFontFamily>;

export type TFontKey = keyof typeof FONT_FAMILIES;

/**
 * The key of a family made at run time from a brand's own font files (lib/layouts/fonts.ts
 * `registerBrandFont`): its content hash. The server measures and draws it; the editor loads it
 * with the CSS `brandFontFaceCss` writes. Anywhere the registry is consulted without it (here,
 * client-side) it stands for the family it falls back to.
 */
export type TBrandFontKey = `brand:${string}`;

export const DEFAULT_FONT: TFontKey = "sans";

/**
 * The fixed-pitch face for `code` runs in every family. Courier New, the PDF's standard Courier
 * and Liberation Mono all advance exactly 0.6 em per character, so code is measured without a file.
 */
export const CODE_FONT = {
  pptxFace: "Courier New",
  cssFamily: "'Courier New', 'Liberation Mono', Cousine, monospace",
  advanceEm: 0.6,
  pdfStandard: {
    regular: "Courier",
    bold: "Courier-Bold",
    italic: "Courier-Oblique",
    boldItalic: "Courier-BoldOblique",
  } satisfies Record<TFontStyle, string>,
} as const;

/**
 * Families made from brand font files, by key: filled on the server by lib/layouts/fonts.ts
 * (`registerBrandFont`), empty in the browser. Their faces' `file` is a face id (`brand:…/bold`).
 */
const RUNTIME_FAMILIES = new Map<string, TFontFamily>();

/** Makes a brand family known to every renderer that consults the registry (server only). */
export function defineRuntimeFamily(key: TBrandFontKey, family: TFontFamily) {
  RUNTIME_FAMILIES.set(key, family);
}

export function forgetRuntimeFamily(key: TBrandFontKey) {
  RUNTIME_FAMILIES.delete(key);
}

/** A brand family key for a content hash and the family of ours it falls back to. */
export function brandFontKey(hash: string, fallback: TFontKey): TBrandFontKey {
  return `brand:${hash}:${fallback}`;
}

/** The family of ours a brand key falls back to, or undefined for a key that is not a brand's. */
export function brandFallbackOf(key: string): TFontKey | undefined {
  const match = /^brand:[0-9a-f]+:([a-z]+)$/.exec(key);
  return match && match[1] in FONT_FAMILIES ? (match[1] as TFontKey) : undefined;
}

/** The CSS font-family name the editor loads a brand family under (`brandFontFaceCss`). */
export function brandCssName(key: TBrandFontKey): string {
  return `Deckforge ${key.split(":")[1]}`;
}

/**
 * The registry entry for a box's font key: ours, a registered brand family (server), a brand key's
 * CSS family before its fallback's (browser), or the default family for unknown keys.
 */
export function getFontFamily(key: string): TFontFamily {
  if (key in FONT_FAMILIES) return FONT_FAMILIES[key as TFontKey];
  const runtime = RUNTIME_FAMILIES.get(key);
  if (runtime) return runtime;
  const fallback = brandFallbackOf(key);
  if (fallback) {
    const family = FONT_FAMILIES[fallback];
    return { ...family, cssFamily: `'${brandCssName(key as TBrandFontKey)}', ${family.cssFamily}` };
  }
  return FONT_FAMILIES[DEFAULT_FONT];
}

/**
 * The family key whose PPTX face is `pptxFace` (how fix-pptx reads a run's family back): ours, else
 * a registered brand family's.
 */
export function fontKeyOfPptxFace(pptxFace: string): TFontKey | TBrandFontKey | undefined {
  const ours = (Object.keys(FONT_FAMILIES) as TFontKey[]).find(
    (key) => FONT_FAMILIES[key].pptxFace === pptxFace,
  );
  if (ours) return ours;
  for (const [key, family] of RUNTIME_FAMILIES) if (family.pptxFace === pptxFace) return key as TBrandFontKey;
  return undefined;
}

/** Which of a family's four faces draws a run, given the box's and the run's emphasis. */
export function fontStyleOf(bold: boolean | undefined, italic: boolean | undefined): TFontStyle {
  if (bold && italic) return "boldItalic";
  if (bold) return "bold";
  return italic ? "italic" : "regular";
}

/** Parses a CSS unicode-range ("U+0590-05FF,U+20AA") into inclusive [from, to] pairs. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}
