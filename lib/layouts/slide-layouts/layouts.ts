import "server-only";
import type { TLayoutTable } from "./frame";
import { layoutAgenda } from "./layout-agenda";
import { layoutBullets } from "./layout-bullets";
import { layoutChart } from "./layout-chart";
import { layoutClosing } from "./layout-closing";
import { layoutComparison } from "./layout-comparison";
import { layoutIconsGrid } from "./layout-icons-grid";
import { layoutImageLeft } from "./layout-image-left";
import { layoutImageRight } from "./layout-image-right";
import { layoutMetrics } from "./layout-metrics";
import { layoutQuote } from "./layout-quote";
import { layoutSection } from "./layout-section";
import { layoutTable } from "./layout-table";
import { layoutTimeline } from "./layout-timeline";
import { layoutTitle } from "./layout-title";
import { layoutTwoColumn } from "./layout-two-column";

/** Every layout id → its function; the same functions serve every template. */
export const LAYOUTS: TLayoutTable = {
  title: layoutTitle,
  section: layoutSection,
  agenda: layoutAgenda,
  bullets: layoutBullets,
  "two-column": layoutTwoColumn,
  "image-left": layoutImageLeft,
  "image-right": layoutImageRight,
  "icons-grid": layoutIconsGrid,
  metrics: layoutMetrics,
  quote: layoutQuote,
  table: layoutTable,
  chart: layoutChart,
  timeline: layoutTimeline,
  comparison: layoutComparison,
  closing: layoutClosing,
};
