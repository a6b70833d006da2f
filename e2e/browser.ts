// Real Chromium for end-to-end tests: Debian's build (or CHROMIUM_PATH), driven by playwright-core.
// Playwright's own browser download cannot run on machines without internet access, so none is used.
import { type Browser, chromium } from "playwright-core";

/** Where Chromium is: CHROMIUM_PATH, else Debian's location. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launches headless Chromium with the flags a closed network and a root user need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--font-render-hinting=none",
    ],
  });
}
