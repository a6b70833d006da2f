import { describe, expect, it } from "vitest";
import { describeReason } from "./describe-reason";
import { DEFAULT_CALLBACK_URL, safeCallbackUrl } from "./safe-callback-url";

describe("safeCallbackUrl", () => {
  it.each([
    ["/account", "/account"],
    ["/editor/3f2c?slide=2#notes", "/editor/3f2c?slide=2#notes"],
    [["/new", "/account"], "/new"],
  ])("keeps the local path %j", (input, expected) => {
    expect(safeCallbackUrl(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    "",
    "account",
    "https://evil.example/account",
    "//evil.example/account",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "/sign-in?callbackUrl=/account",
    "/sign-up",
  ])("sends %j to the default", (input) => {
    expect(safeCallbackUrl(input)).toBe(DEFAULT_CALLBACK_URL);
  });
});

describe("describeReason", () => {
  it.each([
    ["grant", "Sign-up grant"],
    ["generation", "Generation"],
    ["generation_refunded", "Generation (failed, refunded)"],
    ["ai_edit", "AI edit"],
    ["ai-edit", "AI edit"],
    ["ai_edit_refunded", "AI edit (failed, refunded)"],
    ["ai_image", "AI images (editor)"],
    ["adjustment", "Adjustment"],
    ["adjustment: ticket 7", "Adjustment: ticket 7"],
    ["image_search_refunded", "Image search (refunded)"],
    ["bonus", "Bonus"],
  ])("%s → %s", (reason, words) => {
    expect(describeReason(reason)).toBe(words);
  });
});
