import type { Metadata } from "next";
import type { ReactNode } from "react";
import { arimo } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Deckforge", template: "%s · Deckforge" },
  description:
    "Self-hostable presentation generation: text, documents and outlines to editable PPTX and PDF.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={arimo.variable}>
      <body>{children}</body>
    </html>
  );
}
