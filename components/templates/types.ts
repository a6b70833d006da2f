/** A brand template as GET/POST /api/v1/ppt/templates answer it (the fields the pickers show). */
export type TBrandTemplateView = {
  template: string;
  id: string;
  name: string;
  format: "pptx" | "potx";
  aspect: "16:9" | "4:3" | "other";
  fonts: Record<"heading" | "body", { typeface: string; drawn_with: string; substitute: string | null }>;
  layouts: string[];
  warnings: string[];
  created_at: string;
};
