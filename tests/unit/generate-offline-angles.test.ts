// A slide's title names what the slide shows, and a short text's slides look at the material from
// another angle (its quotation, its labelled fields, its dated events) rather than splitting it.
// Sources and licences: tests/fixtures/corpus/sources.json.
import { describe, expect, it } from "vitest";
import { readCorpusText } from "@/bench/lib/corpus-decks";
import { describeContent } from "@/lib/generate/offline/describe-content";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { plainText, terms } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const outline = (content: string, n_slides?: number) =>
  generateOfflineOutline(ZGenerateOptions.parse({ content, ...(n_slides ? { n_slides } : {}) })).slides.map(
    (s) => ({ ...s, bullets: s.bullets.map((b) => plainText(b)) }),
  );

describe("a slide whose quotation another slide shows (Microsoft's Q2 FY2020 results, 5 slides)", () => {
  it("is not titled by a phrase of that quotation", () => {
    const slides = outline(readCorpusText("earnings-microsoft-q2-fy2020.txt"), 5);
    const shared = (title: string, bullets: string[]) => {
      const said = new Set(bullets.flatMap((b) => terms(b)));
      return terms(title).some((t) => said.has(t));
    };
    const returned = slides.find((s) =>
      s.bullets.some((b) => b.startsWith("Microsoft returned $8.5 billion")),
    );
    expect(returned).toBeDefined();
    expect(shared(returned?.title ?? "", returned?.bullets ?? []), returned?.title).toBe(true);
    expect(slides.map((s) => s.title)).not.toContain("Commercial Cloud Revenue");
  });
});

describe("a roadmap by phases (plain-text headings, each over a paragraph and its tasks)", () => {
  const text = readCorpusText("roadmap-edrawmax-product-iteration.txt");

  it("ends a list item at the line that heads the next phase", async () => {
    const { parseBlocks } = await import("@/lib/generate/parse-blocks");
    const items = parseBlocks(text).flatMap((b) => (b.kind === "item" ? [b.text] : []));
    expect(items).toContain("Gather and analyze feedback");
    expect(items).toContain("Conduct major version upgrade and launch");
    expect(items.filter((t) => /Milestones|End of the Year/.test(t))).toEqual([]);
  });

  it("shows the phases in order on a timeline, each phase on a slide of its own, and no steps", () => {
    for (const n of [undefined, 5, 12]) {
      const slides = outline(text, n);
      const timeline = slides.find((s) => s.bullets.length >= 4 && s.bullets.every((b) => / — /.test(b)));
      expect(timeline?.bullets.map((b) => b.split(" — ")[0])).toEqual([
        "Start of the Year",
        "End of the First Quarter",
        "Mid-year Milestones",
        "End of the Third Quarter",
        "End of the Year",
      ]);
      // "By the end of the first quarter, the team focuses…": the label says when, the event what.
      expect(timeline?.bullets[1]).toBe(
        "End of the First Quarter — The team focuses on refining the user experience",
      );
      // Each phase's tasks are that phase's, not one procedure's steps.
      expect(slides.flatMap((s) => s.bullets).filter((b) => /^Step \d/.test(b))).toEqual([]);
      if (n !== 5)
        expect(slides.map((s) => s.title)).toEqual(
          expect.arrayContaining(["Mid-year Milestones", "End of the Year"]),
        );
    }
  });
});

describe("a planning process by week with labelled lists and fields run together", () => {
  const text = readCorpusText("process-quarterly-roadmap-planning.txt");
  const slides = outline(text);

  it("reads 'Week 1: Data Gathering & Analysis' as a part and its lists' name once per slide", () => {
    expect(slides.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Week 1: Data Gathering & Analysis", "Week 2: Opportunity Prioritization"]),
    );
    for (const s of slides) {
      expect(s.title).not.toMatch(/^(\w+) & \1$/);
      const labels = s.bullets.map((b) => /^(\w+):\s/.exec(b)?.[1]).filter(Boolean);
      expect(labels.length < 2 || new Set(labels).size > 1, `${s.title}: ${s.bullets.join(" / ")}`).toBe(
        true,
      );
    }
  });

  it("shows the page's run-together fields as four fields, and no figure cut out of a range or a bracket", () => {
    const all = slides.flatMap((s) => s.bullets);
    for (const field of ["Frequency", "Duration", "Owner", "Outcome"])
      expect(
        all.filter((b) => b.startsWith(`${field}: `)),
        field,
      ).toHaveLength(1);
    expect(all.find((b) => b.startsWith("Duration: "))).toBe("Duration: 2-3 weeks of planning activities");
    expect(all.filter((b) => /^(?:2|4) — /.test(b) || /\(\s/.test(b))).toEqual([]);
    expect(slides.map((s) => s.title)).not.toContain("Q Start");
  });
});

describe("a how-to that ends on a link to its video", () => {
  it("leaves out the line that introduces the video, and the link", () => {
    const slides = outline(readCorpusText("howto-mamaslatinas-repot-houseplant.txt"));
    const all = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(all).not.toMatch(/visual person|youtube|Embedded content/i);
  });
});

describe("pages copied from the web: a comparison's subject, a blog's byline", () => {
  it("names an untitled comparison after the two names it sets against each other", () => {
    // https://opinionsun.com/zoom-vs-microsoft-teams (opening paragraphs; licence unknown).
    const text = [
      "In global hybrid work, decisions often narrow to a straightforward choice: Zoom vs Microsoft Teams.",
      "Most teams care about reliability for meetings, seamless collaboration during projects, and overall cost once licenses and add-ons stack up. Clear expectations help because each platform excels in different places.",
      "Zoom began as video first and still prioritizes call quality, stability, and external access. Microsoft Teams started as collaboration first and embeds chat, files, and tasks inside the Microsoft 365 fabric.",
    ].join("\n");
    expect(describeContent(text).title).toBe("Zoom vs Microsoft Teams");
  });

  it("leaves out the author, date and reading time listed under a post's title", () => {
    // https://www.techadvisory.services/post/comparative-analysis-microsoft-teams-vs-zoom (licence unknown).
    const text = [
      "Comparative Analysis: Microsoft Teams vs. Zoom",
      "- david67514",
      "- Sep 18, 2024",
      "- 5 min read",
      "",
      "In the evolving landscape of remote work and virtual communication, two platforms have emerged as dominant forces: Microsoft Teams and Zoom. Both tools have been pivotal in supporting businesses, educational institutions, and individuals in maintaining productivity and collaboration in a virtual environment.",
    ].join("\n");
    const all = outline(text).flatMap((s) => [s.title, ...s.bullets]);
    expect(all.filter((t) => /david67514|Sep 18, 2024|min read/i.test(t))).toEqual([]);
    expect(all.length).toBeGreaterThan(1);
  });

  it("names an untitled Spanish news story by what it is about, not by 'Este martes'", () => {
    // https://elpais.com/espana/2025-10-28/el-gobierno-aprueba-avales-y-nuevas-ayudas-por-valor-de-6000-millones-de-euros-para-los-afectados-por-la-dana.html
    // (opening paragraphs; licence unknown).
    const text = [
      "El Consejo de Ministros ha aprobado este martes un decreto ley para reforzar la reconstrucción de las zonas afectadas por la dana de octubre de 2024, que contempla un nuevo programa de avales y ayudas de hasta 6.000 millones de euros, entre otras medidas.",
      "Este nuevo decreto amplía las ayudas “de más de 8.000 millones de euros” que el Gobierno asegura haber transferido no solo a la región valenciana sino también al resto de comunidades afectadas. La nueva norma contempla nuevas medidas del Instituto de Crédito Oficial (ICO), un nuevo programa de avales por 5.000 millones de euros, ayudas para autónomos.",
      "Ayudas del ICO. Con la norma aprobada este martes se amplía el catálogo de medidas del ICO.",
    ].join("\n\n");
    const title = describeContent(text).title ?? "";
    expect(title).not.toMatch(/martes/i);
    expect(title).toBe("Nuevo programa de avales");
  });
});

describe("a table a page's copy gives one cell per line, each opened by its bar", () => {
  // https://talent24h.okdiario.com/estas-son-las-16-ayudas-del-gobierno-en-2025-para-familias-jovenes-desempleados-y-colectivos-vulnerables/
  // (the article's opening and the first rows of its table; licence unknown).
  const text = [
    "Con el comienzo del año 2025, el Gobierno puso en marcha un conjunto de ayudas económicas y sociales destinadas a mejorar la situación de las familias, los jóvenes, los desempleados y los colectivos más vulnerables. Se tratan de prestaciones que tiene diferentes importes que parten desde los 100 euros y que cuentan con requisitos específicos para cada una de ellas.",
    "|Ayuda / Programa",
    "|Descripción principal",
    "|Cuantía / Beneficio",
    "|Requisitos básicos",
    "|Cheque bebé universal 2025",
    "|Apoyo económico por nacimiento o adopción de hijo/a menor de 3 años.",
    "|100 €/mes",
    "|Ser madre trabajadora o tener la custodia; haber cotizado 30 días o recibido prestación.",
    "|Permiso parental 16 semanas",
    "|Tiempo retribuido para cuidado tras nacimiento o adopción.",
    "|100% del salario",
    "|6 semanas obligatorias + 10 flexibles; no transferible entre progenitores.",
    "|Nueva categoría de familia numerosa",
    "|Las familias con 4 hijos pasan a categoría especial con beneficios fiscales.",
    "|Bonificaciones y deducciones mayores",
    "(1.200-2.400 euros)",
    "|Tener 4 o más hijos según la ley de familia numerosa.",
  ].join("\n");

  it("reads the run as a table of four columns, a cell's second line kept in its cell", async () => {
    const { withBarCellsAsTables } = await import("@/lib/generate/offline/table-from-cell-lines");
    const table = withBarCellsAsTables(text)
      .split("\n")
      .filter((l) => l.startsWith("|"));
    expect(table[0]).toBe(
      "| Ayuda / Programa | Descripción principal | Cuantía / Beneficio | Requisitos básicos |",
    );
    expect(table).toHaveLength(5);
    expect(table[4]).toContain("| Bonificaciones y deducciones mayores (1.200-2.400 euros) |");
  });

  it("shows the table whole on one slide, its rows on no other slide, and no title led by 'más'", () => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({ content: text, language: "Spanish" }),
    ).slides;
    const tables = slides.filter((s) => s.table);
    expect(tables).toHaveLength(1);
    expect(tables[0].table?.rows).toHaveLength(3);
    const others = slides.filter((s) => !s.table).flatMap((s) => s.bullets.map((b) => plainText(b)));
    expect(others.filter((b) => /Permiso parental|Cheque bebé|familia numerosa/.test(b))).toEqual([]);
    expect(slides.map((s) => s.title).filter((t) => /^más\b/i.test(t))).toEqual([]);
  });
});
