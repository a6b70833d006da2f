import localFont from "next/font/local";

/*
 * The faces the editor draws slides with: the same files the layout engine measures with, under
 * the CSS variables lib/layouts/font-families.ts names in its font stacks (Tinos comes from
 * @fontsource/tinos's own stylesheets, imported by app/layout.tsx). No metric-adjusted fallback
 * face (adjustFontFallback: false): it would be a local Arial, which has Arabic and Hebrew glyphs
 * and would draw them before the Noto faces the text was measured with. The script faces declare
 * the unicode-range the measurer consults them for (tests/unit/fonts-scripts.test.ts checks they
 * match) and are not preloaded: a browser downloads one only when a character in its range shows.
 */

/** Arimo: metric-compatible with Arial, which the PPTX names. */
export const arimo = localFont({
  src: [
    {
      path: "../node_modules/@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf",
      weight: "400",
      style: "italic",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf",
      weight: "700",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf",
      weight: "700",
      style: "italic",
    },
  ],
  variable: "--font-arimo",
  display: "block",
  adjustFontFallback: false,
});

/** Noto Sans SC: Han and kana (10 MB a weight, hence the range and no preload). */
export const notoSansSc = localFont({
  src: [
    {
      path: "../node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
      weight: "700",
      style: "normal",
    },
  ],
  variable: "--font-noto-sans-sc",
  display: "block",
  adjustFontFallback: false,
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+2E80-2FDF,U+2FF0-303F,U+3040-30FF,U+3100-312F,U+3190-31FF,U+3200-33FF,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FE30-FE4F,U+FF00-FFEF,U+20000-2FA1F",
    },
  ],
});

/** Noto Sans Arabic: Arabic script, shaped by the browser as fontkit shapes it for the PDF. */
export const notoSansArabic = localFont({
  src: [
    {
      path: "../node_modules/@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
      weight: "700",
      style: "normal",
    },
  ],
  variable: "--font-noto-sans-arabic",
  display: "block",
  adjustFontFallback: false,
  preload: false,
  declarations: [
    { prop: "unicode-range", value: "U+0600-06FF,U+0750-077F,U+0870-08FF,U+FB50-FDFF,U+FE70-FEFF" },
  ],
});

/** Noto Sans Hebrew (fontsource's Hebrew subset), for families without Hebrew of their own. */
export const notoSansHebrew = localFont({
  src: [
    {
      path: "../node_modules/@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff",
      weight: "700",
      style: "normal",
    },
  ],
  variable: "--font-noto-sans-hebrew",
  display: "block",
  adjustFontFallback: false,
  preload: false,
  declarations: [
    { prop: "unicode-range", value: "U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F" },
  ],
});

/** Noto Emoji (monochrome), for pictographs: the face the PDF draws them with. */
export const notoEmoji = localFont({
  src: [
    {
      path: "../node_modules/@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
      weight: "400",
      style: "normal",
    },
    {
      path: "../node_modules/@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf",
      weight: "700",
      style: "normal",
    },
  ],
  variable: "--font-noto-emoji",
  display: "block",
  adjustFontFallback: false,
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value: "U+2190-21FF,U+2300-23FF,U+25A0-27BF,U+2900-297F,U+2B00-2BFF,U+3030,U+303D,U+1F000-1FAFF",
    },
  ],
});

/** The class names that define the font variables, for the root element. */
export const fontVariables = [arimo, notoSansSc, notoSansArabic, notoSansHebrew, notoEmoji]
  .map((font) => font.variable)
  .join(" ");
