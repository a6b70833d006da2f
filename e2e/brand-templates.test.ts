// Brand templates in real Chromium: a company template (one of LibreOffice's own, converted to PPTX
// by soffice) uploaded on the account page, its fonts reported and every layout drawn in it; picked
// in the new-deck flow (the theme picker gives way); a deck on it opened in the editor, whose
// template switch offers it; deleted on the account page, the deck keeping its look.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import { LAYOUT_IDS } from "@/lib/deck/schema";
import { brandTemplateFiles, missingLibreOffice } from "../tests/unit/brand-templates/brand-template-files";
import { launchChromium } from "./browser";
import {
  call,
  createDeck,
  editorAccount,
  openEditor,
  shot,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = () => inject("baseUrl");
const NAME = "Acme Blue Curve";

let browser: Browser;
let context: BrowserContext;
let account: TEditorAccount;
beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl(), "e2e-brand");
  context = await signedInContext(browser, baseUrl(), account.cookie, { width: 1280, height: 900 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe.skipIf(missingLibreOffice())("brand templates in Chromium", () => {
  it("uploads a company template on the account page, previews it, picks it, edits a deck on it and deletes it", async () => {
    const file = brandTemplateFiles().converted.find((f) => f.name === "Blue_Curve.pptx");
    if (!file) throw new Error("LibreOffice's Blue Curve template was not converted");
    const brand = await readBrandTemplate(file.bytes);
    const page = await context.newPage();

    // Upload on the account page.
    await page.goto(`${baseUrl()}/account#brand-templates`);
    const section = page.getByRole("region", { name: "Brand templates", exact: true });
    await section.getByLabel("PowerPoint file", { exact: true }).setInputFiles({
      name: file.name,
      mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      buffer: file.bytes,
    });
    await section.getByLabel("Name", { exact: true }).fill(NAME);
    await section.getByRole("button", { name: "Upload template" }).click();
    await expect
      .poll(() => section.getByRole("status").first().textContent(), { timeout: 30_000 })
      .toContain(`“${NAME}” is ready to use.`);
    const card = section.getByRole("article", { name: NAME });
    await card.waitFor();
    const id = await card.getAttribute("data-template-id");
    expect(id).toMatch(/^custom-[0-9a-f-]{36}$/);
    expect(await card.textContent()).toContain(`Headings: ${brand.text.title.font}`);
    expect(await card.textContent()).toContain("Widescreen 16:9");

    // Every layout drawn in the brand: the uploaded file shows first, one page per layout.
    const previews = card.getByRole("list", { name: `Every layout in ${NAME}` });
    await expect
      .poll(() => previews.locator("li").count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(LAYOUT_IDS.length);
    await shot(page, "brand-templates-account.png");

    // The new-deck flow offers it; picking it hides the theme picker.
    await page.goto(`${baseUrl()}/new`);
    const picker = page.getByLabel("Template", { exact: true });
    await expect.poll(() => picker.locator("option").allTextContents()).toContain(NAME);
    expect(await page.getByLabel("Theme", { exact: true }).count()).toBe(1);
    await picker.selectOption(id as string);
    await expect.poll(() => page.getByLabel("Theme", { exact: true }).count()).toBe(0);
    expect(
      await page.getByText("Your brand template: its colours and fonts replace the theme.").count(),
    ).toBe(1);

    // A deck on it: the editor's template switch shows it, and a built-in one brings the theme back.
    const deck = await createDeck(
      baseUrl(),
      { key: account.key },
      {
        title: "Quarterly review",
        template: id,
        slides: [
          { layout: "title", content: { title: "Quarterly review", subtitle: "Acme Corp" } },
          {
            layout: "bullets",
            content: { title: "Highlights", bullets: ["Revenue up 12%", "Two new offices"] },
          },
        ],
      },
    );
    const editor = await openEditor(context, deck.editPath);
    const templateSwitch = editor.getByLabel("Template", { exact: true });
    expect(await templateSwitch.inputValue()).toBe(id);
    expect(await editor.getByLabel("Theme", { exact: true }).count()).toBe(0);
    await shot(editor, "brand-templates-editor.png");
    expect(uncaughtErrors(editor)).toEqual([]);

    // Deleted: gone from the lists, the deck still laid out in it.
    await page.goto(`${baseUrl()}/account#brand-templates`);
    await section.getByRole("article", { name: NAME }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete template" }).click();
    await expect.poll(() => section.getByRole("article", { name: NAME }).count()).toBe(0);
    const listed = await call(baseUrl(), "/api/v1/ppt/templates", { key: account.key });
    expect(listed.json.templates.map((t: { id: string }) => t.id)).not.toContain(id);
    await editor.reload();
    await editor.locator("[data-testid=canvas-page] [data-box]").first().waitFor();
    expect(await editor.getByLabel("Template", { exact: true }).inputValue()).toBe(id);
    expect(await editor.getByRole("option", { name: "This deck's brand template (deleted)" }).count()).toBe(
      1,
    );
  });
});
