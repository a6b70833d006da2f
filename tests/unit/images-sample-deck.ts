// A deck of the picture and icon layouts, shared by the image tests and visual checks.
import type { TDeck, TSlide } from "@/lib/deck/schema";

const LONG_BULLETS = Array.from(
  { length: 14 },
  (_, i) =>
    `Point ${i + 1}: regional teams report progress every week, and the **steering group** reviews the numbers before each monthly planning session`,
);

export const IMAGE_SLIDES: TSlide[] = [
  {
    id: "img-left",
    layout: "image-left",
    content: {
      title: "Cloud migration is on track",
      body: "We moved the core services in *two waves*.",
      bullets: [
        "Billing and identity run in the new region",
        "Latency fell by 38% for European customers",
        "The old data centre closes in **March**",
      ],
      image: { query: "cloud infrastructure", alt: "Illustration of cloud servers" },
    },
  },
  {
    id: "img-right",
    layout: "image-right",
    content: {
      title: "A stronger security posture for every customer account",
      bullets: ["Single sign-on for all staff", "Quarterly penetration tests", "Encrypted backups"],
    },
  },
  {
    id: "img-long",
    layout: "image-left",
    content: { title: "Regional rollout", bullets: LONG_BULLETS },
  },
  {
    id: "grid-3",
    layout: "icons-grid",
    content: {
      title: "Why customers choose us",
      items: [
        { title: "Growth", body: "Revenue up 24% year on year across all regions.", icon: "trending-up" },
        { title: "Security", body: "SOC 2 Type II and ISO 27001 certified." },
        { title: "Team", body: "Forty engineers in three time zones." },
      ],
    },
  },
  {
    id: "grid-8",
    layout: "icons-grid",
    content: {
      title: "Our platform at a glance",
      body: "Eight capabilities ship in the standard plan; each one is covered by the same SLA.",
      items: [
        { title: "Analytics", body: "Dashboards for every team, refreshed each minute." },
        { title: "Cloud hosting", body: "Three regions with automatic failover." },
        { title: "Money management", body: "Budgets, invoices and payments in one place." },
        { title: "Education", body: "Courses and certification for administrators." },
        { title: "Energy use", body: "Per-service power reporting for sustainability audits." },
        { title: "Health checks", body: "Synthetic probes every thirty seconds." },
        { title: "Time tracking", body: "Hours logged against projects and clients." },
        { title: "Data export", body: "CSV, Parquet and a streaming API." },
      ],
    },
  },
  {
    id: "grid-5",
    layout: "icons-grid",
    content: {
      title: "Five principles",
      items: [
        { title: "Customers first", body: "Every decision starts with the people who use the product." },
        { title: "Ship small, ship often", body: "Small releases are easier to test and to roll back." },
        { title: "Own the outcome", body: "Teams run what they build, from design to on-call." },
        { title: "Write it down", body: "Decisions and their reasons live in documents anyone can read." },
        { title: "Leave it better", body: "Fix the small things you notice on the way." },
      ],
    },
  },
];

/** The image slides in one template and theme. */
export function imagesDeck(template: TDeck["template"], theme: TDeck["theme"]): TDeck {
  return {
    version: 1,
    title: "Platform review",
    language: "en",
    template,
    theme,
    slides: IMAGE_SLIDES,
  };
}
