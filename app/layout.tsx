import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { fontVariables } from "./fonts";
// Tinos (the serif family) as fontsource ships it: its unicode-range subsets, the very files the
// layout engine measures serif text with.
import "@fontsource/tinos/400.css";
import "@fontsource/tinos/400-italic.css";
import "@fontsource/tinos/700.css";
import "@fontsource/tinos/700-italic.css";
// The metric-compatible twins of Calibri, Cambria, Courier New and Georgia, for decks whose brand
// names them (lib/layouts/brand-fonts.ts). Declared only: a browser downloads a subset when a
// slide shows text in it.
import "@fontsource/carlito/400.css";
import "@fontsource/carlito/400-italic.css";
import "@fontsource/carlito/700.css";
import "@fontsource/carlito/700-italic.css";
import "@fontsource/caladea/400.css";
import "@fontsource/caladea/400-italic.css";
import "@fontsource/caladea/700.css";
import "@fontsource/caladea/700-italic.css";
import "@fontsource/cousine/400.css";
import "@fontsource/cousine/400-italic.css";
import "@fontsource/cousine/700.css";
import "@fontsource/cousine/700-italic.css";
import "@fontsource/gelasio/400.css";
import "@fontsource/gelasio/400-italic.css";
import "@fontsource/gelasio/700.css";
import "@fontsource/gelasio/700-italic.css";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Deckforge", template: "%s · Deckforge" },
  description:
    "Self-hostable presentation generation: text, documents and outlines to editable PPTX and PDF.",
  icons: { icon: "/favicon.svg" },
};

/**
 * Every page is rendered per request: its scripts carry the nonce proxy.ts put in this request's
 * Content-Security-Policy, which a page prerendered at build time could not have.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" className={fontVariables}>
      <body>{children}</body>
    </html>
  );
}
