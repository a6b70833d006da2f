/**
 * Font family registry: the `font` key of a text box → how each renderer names or loads the face.
 * Client-safe (plain data): the editor reads `cssFamily`, the server reads `files`.
 */

export type TFontStyle = "regular" | "bold" | "italic" | "boldItalic";

export type TFontFamily = {
  /** Face name written into the PPTX; must be metric-compatible with `files` so wrapping agrees. */
  pptxFace: string;
  /** CSS font-family for the editor (the app loads the same TTFs through @font-face). */
  cssFamily: string;
  /** TTF files, as paths inside node_modules, that the measurer and the PDF use. */
  files: Record<TFontStyle, string>;
};

const ARIMO = "@expo-google-fonts/arimo";
const TINOS = "@fontsource/tinos/files";

export const FONT_FAMILIES = {
  // Arimo is metric-compatible with Arial (and Liberation Sans), so PowerPoint, LibreOffice and the
  // PDF all break lines where we measured them.
  sans: {
    pptxFace: "Arial",
    cssFamily: "Arimo, Arial, 'Liberation Sans', sans-serif",
    files: {
      regular: `${ARIMO}/400Regular/Arimo_400Regular.ttf`,
      bold: `${ARIMO}/700Bold/Arimo_700Bold.ttf`,
      italic: `${ARIMO}/400Regular_Italic/Arimo_400Regular_Italic.ttf`,
      boldItalic: `${ARIMO}/700Bold_Italic/Arimo_700Bold_Italic.ttf`,
    },
  },
  // Tinos is metric-compatible with Times New Roman (and Liberation Serif).
  serif: {
    pptxFace: "Times New Roman",
    cssFamily: "Tinos, 'Times New Roman', 'Liberation Serif', serif",
    files: {
      regular: `${TINOS}/tinos-latin-400-normal.woff2`,
      bold: `${TINOS}/tinos-latin-700-normal.woff2`,
      italic: `${TINOS}/tinos-latin-400-italic.woff2`,
      boldItalic: `${TINOS}/tinos-latin-700-italic.woff2`,
    },
  },
} as const satisfies Record<string, TFontFamily>;

export type TFontKey = keyof typeof FONT_FAMILIES;

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

/** The registry entry for a box's font key, falling back to the default family for unknown keys. */
export function getFontFamily(key: string): TFontFamily {
  return key in FONT_FAMILIES ? FONT_FAMILIES[key as TFontKey] : FONT_FAMILIES[DEFAULT_FONT];
}

/** Which of a family's four faces draws a run, given the box's and the run's emphasis. */
export function fontStyleOf(bold: boolean | undefined, italic: boolean | undefined): TFontStyle {
  if (bold && italic) return "boldItalic";
  if (bold) return "bold";
  return italic ? "italic" : "regular";
}
