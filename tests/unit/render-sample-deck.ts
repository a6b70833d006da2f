// A deck with one slide per layout, shared by the renderer tests.
import type { TDeck } from "@/lib/deck/schema";

export const SAMPLE_DECK: TDeck = {
  version: 1,
  title: "Quarterly Review",
  author: "Ada Lovelace",
  language: "en",
  template: "general",
  theme: "light",
  slides: [
    {
      id: "s1",
      layout: "title",
      content: { title: "Quarterly Business Review", subtitle: "Results, lessons and the plan for **Q3**" },
      notes: "Welcome everyone and introduce the agenda.",
    },
    {
      id: "s2",
      layout: "agenda",
      content: {
        title: "Agenda",
        bullets: ["Highlights", "Revenue and margins", "Customer stories", "Roadmap", "Questions"],
      },
    },
    {
      id: "s3",
      layout: "section",
      content: { title: "Highlights", subtitle: "What moved the needle this quarter" },
    },
    {
      id: "s4",
      layout: "bullets",
      content: {
        title: "Revenue grew faster than planned",
        body: "Three drivers explain most of the *upside*.",
        bullets: [
          "Enterprise renewals closed **two weeks early**",
          "Self-serve conversion rose from 3.1% to 4.4% after the pricing page redesign",
          "The `eu-west` region launch brought 120 new accounts",
        ],
      },
      notes: "Stress that renewals were pulled forward, not new.",
    },
    {
      id: "s5",
      layout: "two-column",
      content: {
        title: "Where we stand",
        columns: [
          {
            heading: "Working well",
            bullets: ["Onboarding time halved", "Support backlog under 24h", "NPS up 9 points"],
          },
          {
            heading: "Needs attention",
            bullets: ["Churn in the SMB tier", "Hiring for data roles", "Mobile app ratings"],
          },
        ],
      },
    },
    {
      id: "s6",
      layout: "closing",
      content: { title: "Thank you", subtitle: "Questions and discussion" },
    },
  ],
};
