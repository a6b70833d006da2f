"use client";
import { useTemplates } from "@/components/templates/brand-templates-query";
import { Field, Select } from "@/components/ui/field";
import { isCustomTemplateId, type TDeck, TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { TEMPLATE_NAMES, THEME_NAMES } from "@/lib/editor/names";
import type { TChangeOptions } from "./use-deck-history";

/**
 * The deck's template and theme: the built-in templates and the account's brand templates. A brand
 * template brings its own colours and fonts, so the theme picker gives way to a note while one is on.
 */
export function DeckLookFields({
  deck,
  change,
}: {
  deck: TDeck;
  change: (edit: (current: TDeck) => TDeck, options?: TChangeOptions) => void;
}) {
  const templates = useTemplates();
  const brands = templates.data?.custom_templates ?? [];
  const custom = isCustomTemplateId(deck.template);
  // A deck may name a brand template that was since deleted: it keeps its look, listed by its id.
  const current = custom && !brands.some((b) => b.template === deck.template);
  return (
    <>
      <Field id="deck-template" label="Template">
        <Select
          id="deck-template"
          value={deck.template}
          onChange={(event) => {
            const template = event.target.value as TDeck["template"];
            change((deckNow) => ({ ...deckNow, template }));
          }}
        >
          <optgroup label="Built-in templates">
            {TEMPLATE_IDS.map((template) => (
              <option key={template} value={template}>
                {TEMPLATE_NAMES[template]}
              </option>
            ))}
          </optgroup>
          {(brands.length > 0 || current) && (
            <optgroup label="Your brand templates">
              {brands.map((brand) => (
                <option key={brand.template} value={brand.template}>
                  {brand.name}
                </option>
              ))}
              {current && <option value={deck.template}>This deck's brand template (deleted)</option>}
            </optgroup>
          )}
        </Select>
      </Field>
      {custom ? (
        <p className="text-sm text-muted">Colours and fonts come from the brand template.</p>
      ) : (
        <Field id="deck-theme" label="Theme">
          <Select
            id="deck-theme"
            value={deck.theme}
            onChange={(event) => {
              const theme = event.target.value as TDeck["theme"];
              change((deckNow) => ({ ...deckNow, theme }));
            }}
          >
            {THEME_IDS.map((theme) => (
              <option key={theme} value={theme}>
                {THEME_NAMES[theme]}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}
