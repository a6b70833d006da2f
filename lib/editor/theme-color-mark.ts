/**
 * Tiptap mark for a theme colour role (`[text]{.accent}` in the deck): the document keeps the
 * role, never a colour, so the editor paints it with the theme's CSS variables (--theme-accent …)
 * and a theme change recolours it. Pasted HTML keeps only the roles the deck knows. Client-only.
 */
import { Mark, mergeAttributes } from "@tiptap/react";
import { TEXT_COLOR_ROLES } from "@/lib/layouts/boxes";

const isRole = (value: string | null) =>
  value !== null && (TEXT_COLOR_ROLES as readonly string[]).includes(value);

export const ThemeColor = Mark.create({
  name: "themeColor",
  addAttributes() {
    return {
      role: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute("data-theme-color"),
        renderHTML: (attributes: { role?: string }) => ({
          "data-theme-color": attributes.role,
          style: `color: var(--theme-${attributes.role})`,
        }),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: "span[data-theme-color]",
        getAttrs: (element: HTMLElement) => (isRole(element.getAttribute("data-theme-color")) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ["span", mergeAttributes(HTMLAttributes), 0];
  },
});
