import Bowser from "bowser";

/** Operating systems whose User-Agent version is frozen (it says nothing true about the machine). */
const FROZEN_OS_VERSIONS = new Set(["macOS", "Windows", "Linux", "Chrome OS"]);

/**
 * The browser ("Chrome 131", "Firefox 133") and operating system ("macOS", "iOS 17", "Android 14")
 * a session's User-Agent names, read by bowser. A client that is no known browser (curl, a script)
 * is named by its User-Agent's first product token ("curl/8.5.0"); none at all gives nulls.
 */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent?.trim()) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const major = (version: string | undefined) => version?.match(/^\d+/)?.[0];
  const browserName = parsed.browser.name || null;
  const browser = browserName
    ? [browserName, major(parsed.browser.version)].filter(Boolean).join(" ")
    : userAgent.trim().split(/\s+/)[0].slice(0, 60);
  const osName = parsed.os.name || null;
  const os =
    osName && !FROZEN_OS_VERSIONS.has(osName)
      ? [osName, major(parsed.os.version)].filter(Boolean).join(" ")
      : osName;
  return { browser, os };
}
