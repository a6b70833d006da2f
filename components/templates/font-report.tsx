import type { TBrandTemplateView } from "./types";

/** "Headings: Calibri (drawn with Carlito, same metrics)" — which brand fonts are drawn with a stand-in. */
export function FontReport({ fonts }: { fonts: TBrandTemplateView["fonts"] }) {
  const rows = [
    ["Headings", fonts.heading],
    ["Body text", fonts.body],
  ] as const;
  return (
    <ul className="text-sm text-gray-700">
      {rows.map(([label, font]) => (
        <li key={label}>
          {label}: <span className="font-semibold">{font.typeface || "the default font"}</span>
          {font.substitute && <span className="text-muted"> (drawn with {font.substitute})</span>}
        </li>
      ))}
    </ul>
  );
}
