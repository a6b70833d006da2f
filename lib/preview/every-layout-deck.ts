/**
 * A deck with one slide per layout, every field each layout reads filled with realistic content: what
 * template previews show (every layout drawn in a template) and what the parity bench measures.
 */
import {
  LAYOUT_IDS,
  type TChartType,
  type TDeck,
  type TLayoutId,
  type TSlideContent,
  ZDeck,
} from "@/lib/deck/schema";

export const CHARTS: Record<TChartType, NonNullable<TSlideContent["chart"]>> = {
  column: {
    type: "column",
    categories: ["Q1", "Q2", "Q3", "Q4"],
    series: [
      { name: "2024", values: [4.2, 4.8, 5.1, 6.3] },
      { name: "2025", values: [5.0, 5.9, 6.4, 7.8] },
    ],
    unit: "M€",
  },
  bar: {
    type: "bar",
    categories: ["Onboarding", "Billing", "Reporting", "Mobile app", "Integrations"],
    series: [{ name: "Satisfaction", values: [82, 64, 71, 58, 77] }],
    unit: "%",
  },
  line: {
    type: "line",
    categories: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"],
    series: [
      { name: "Active users", values: [12, 14, 15, 19, 22, 24, 29, 33] },
      { name: "Paying users", values: [3, 4, 4, 6, 7, 8, 10, 12] },
    ],
    unit: "k",
  },
  pie: {
    type: "pie",
    categories: ["Enterprise", "Mid-market", "Self-serve", "Partners"],
    series: [{ name: "Revenue share", values: [46, 27, 18, 9] }],
    unit: "%",
  },
  doughnut: {
    type: "doughnut",
    categories: ["Hosting", "Salaries", "Marketing", "Office", "Other"],
    series: [{ name: "Spend", values: [22, 51, 14, 8, 5] }],
    unit: "%",
  },
};

/** Realistic content for one layout, every field it reads filled. */
export function contentFor(layout: TLayoutId, chart: TChartType): TSlideContent {
  switch (layout) {
    case "title":
      return {
        title: "Solar Clinics Programme",
        subtitle: "Keeping rural vaccines cold with **sun and batteries**",
        body: "Board review · March 2026",
        image: { query: "solar panels on a clinic roof", alt: "Solar panels on the roof of a rural clinic" },
      };
    case "section":
      return {
        title: "Pilot results",
        subtitle: "Twelve clinics, eighteen months",
        body: "What worked, what failed and what it cost.",
        icon: "sun",
      };
    case "agenda":
      return {
        title: "Agenda",
        bullets: ["Why clinics lose power", "The pilot", "Costs and payback", "Risks", "Next steps"],
      };
    case "bullets":
      return {
        title: "Outages spoil vaccines every week",
        body: "Rural clinics lose grid power for *nine hours* a week on average.",
        bullets: [
          "Fridges warm above 8 °C within **four hours** without power",
          "Diesel generators cost €0.60 per kWh and need fuel deliveries",
          "One spoiled batch costs more than a `5 kW` solar array",
          "Staff spend two hours a week logging temperatures by hand",
        ],
      };
    case "two-column":
      return {
        title: "Before and after the pilot",
        body: "Median figures across the twelve pilot clinics.",
        columns: [
          {
            heading: "Before",
            body: "Grid power with diesel backup.",
            bullets: ["9 h of outages a week", "3 spoiled batches a year", "€4,100 diesel a year"],
          },
          {
            heading: "After",
            body: "Solar array with a 20 kWh battery.",
            bullets: ["No cold-chain breaks", "Zero spoiled batches", "€300 maintenance a year"],
          },
        ],
      };
    case "image-left":
      return {
        title: "The installation",
        body: "Local electricians fit each array in two days.",
        bullets: ["5 kW of panels on the roof", "20 kWh lithium battery", "Remote monitoring over GSM"],
        image: { query: "electrician installing a battery", alt: "An electrician wiring a battery cabinet" },
      };
    case "image-right":
      return {
        title: "Training the staff",
        body: "Nurses learn the system in one afternoon.",
        bullets: ["Read the battery gauge", "Log alarms in the app", "Call the hotline for faults"],
        image: { query: "nurse reading a tablet", alt: "A nurse checks the monitoring app on a tablet" },
      };
    case "icons-grid":
      return {
        title: "What the programme delivers",
        body: "Four commitments to every clinic.",
        items: [
          { title: "Reliable power", body: "Battery covers two cloudy days", icon: "zap" },
          { title: "Safe vaccines", body: "Alarms before the fridge warms", icon: "shield-check" },
          { title: "Lower costs", body: "No diesel to buy or carry", icon: "wallet" },
          { title: "Local jobs", body: "Electricians trained in each district", icon: "users" },
        ],
      };
    case "metrics":
      return {
        title: "Pilot in numbers",
        body: "Twelve clinics, January 2024 to June 2025.",
        metrics: [
          { value: "0", label: "cold-chain breaks", detail: "down from 41" },
          { value: "93%", label: "less diesel", detail: "per clinic" },
          { value: "4.1 yr", label: "payback", detail: "at today's fuel price" },
        ],
      };
    case "quote":
      return {
        title: "From the field",
        quote: {
          text: "For the first time in ten years we did not throw away a single vaccine during the rainy season.",
          attribution: "Amina Okafor, head nurse, Kaduna clinic",
        },
        image: { query: "portrait of a nurse", alt: "Portrait of the head nurse" },
      };
    case "table":
      return {
        title: "Cost per clinic",
        body: "Euros, five-year total of ownership.",
        table: {
          header: ["Item", "Diesel backup", "Solar + battery", "Difference"],
          rows: [
            ["Equipment", "2,800", "9,400", "+6,600"],
            ["Fuel", "20,500", "0", "−20,500"],
            ["Maintenance", "3,000", "1,500", "−1,500"],
            ["Spoiled stock", "6,200", "0", "−6,200"],
            ["**Total**", "**32,500**", "**10,900**", "**−21,600**"],
          ],
        },
      };
    case "chart":
      return {
        title: "How the numbers moved",
        body: "Figures from the monthly pilot reports.",
        bullets: ["Growth held through the rainy season", "No quarter fell below plan"],
        chart: CHARTS[chart],
      };
    case "timeline":
      return {
        title: "Roll-out plan",
        body: "From pilot to every district clinic.",
        timeline: [
          { date: "Jan 2024", title: "Pilot starts", body: "Twelve clinics in two districts" },
          { date: "Jul 2025", title: "Review", body: "Board approves the roll-out" },
          { date: "Q1 2026", title: "Wave one", body: "60 clinics, three districts" },
          { date: "Q4 2026", title: "Wave two", body: "140 clinics nationwide" },
          { date: "2027", title: "Hand-over", body: "Ministry runs maintenance" },
        ],
      };
    case "comparison":
      return {
        title: "Battery options",
        body: "Both meet the two-day autonomy target.",
        columns: [
          {
            heading: "Lithium iron phosphate",
            body: "Higher upfront cost, longer life.",
            bullets: ["6,000 cycles", "No maintenance", "€5,200 per clinic"],
          },
          {
            heading: "Lead-acid",
            body: "Cheaper today, replaced twice.",
            bullets: ["1,500 cycles", "Topped up monthly", "€2,900 per clinic"],
          },
        ],
      };
    case "closing":
      return {
        title: "Thank you",
        subtitle: "Questions and discussion",
        body: "Download the full report at example.org/solar-clinics",
        bullets: ["amina.okafor@example.org", "+234 800 555 0100"],
      };
  }
}

/** The every-layout deck in `template` and `theme`, its chart of type `chart`; slide ids are `<name>-<n>`. */
export function everyLayoutSample(
  name: string,
  parts: Pick<TDeck, "title" | "language" | "template" | "theme">,
  chart: TChartType,
): TDeck {
  return ZDeck.parse({
    version: 1,
    author: "Deckforge",
    ...parts,
    slides: LAYOUT_IDS.map((layout, i) => ({
      id: `${name}-${i + 1}`,
      layout,
      content: contentFor(layout, chart),
    })),
  });
}
