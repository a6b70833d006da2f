import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";

/** "Headings: Calibri (drawn with Carlito, same metrics)": how each brand font is drawn in PDFs and the editor. */
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
          {font.match === "metric-compatible" && (
            <span className="text-muted"> (drawn with {font.substitute}, same metrics)</span>
          )}
          {font.match === "substitute" && (
            <span className="text-muted"> (not available: drawn with {font.substitute})</span>
          )}
        </li>
      ))}
    </ul>
  );
}
