// YAML front matter (Jekyll, Hugo, Docusaurus, Marp) read as the page's settings: its title and
// description lead the text, the rest is left out; text that only looks like it is kept as is.
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "@/lib/generate/front-matter";

describe("readFrontMatter", () => {
  it("puts the title first as a heading and the description under it, and drops the other settings", () => {
    const page =
      "---\ntitle: Release notes\ndescription: What changed in 2.0\nlayout: post\ntags: [a, b]\n---\n\nThe body.\n";
    expect(readFrontMatter(page)).toBe("# Release notes\n\nWhat changed in 2.0\n\nThe body.\n");
  });

  it("leaves the title out when the body opens with its own heading, and reads CRLF files", () => {
    expect(readFrontMatter("---\r\ntitle: Page\r\n---\r\n# Heading\r\nText")).toBe("# Heading\nText");
  });

  it("keeps text whose lines between rules are not a YAML mapping, or not YAML at all", () => {
    const rules = "---\nA paragraph between two rules.\n---\nMore text.";
    expect(readFrontMatter(rules)).toBe(rules);
    const broken = "---\ntitle: [unclosed\n---\nText";
    expect(readFrontMatter(broken)).toBe(broken);
    expect(readFrontMatter("No front matter here.")).toBe("No front matter here.");
  });
});
