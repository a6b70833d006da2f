// Text pasted from web pages the generator had not seen, and what it made of them. Short excerpts
// of pages found with the search tool's pages corpus, quoted with their addresses (their licences
// do not allow keeping them whole); the rest are corpus texts (tests/fixtures/corpus/sources.json).
// - https://indiatopnews.in/tag/eligibility ("Eligibility – What You Need to Know")
// - https://www.flyriver.com/g/provide-release-notes ("Understanding and Crafting Effective Release Notes")
// - https://www.mnpromiseact.org/beta-instructions (the page's emoji were garbled in the copy; the
//   excerpt has them as a browser shows them)
// - https://wipi.ai.kr/en/wiki.html?word=README ("README", an encyclopedia page copied with its
//   list marks on lines of their own)
// - https://pub.dev/packages/stash (a package page, its headings copied with their "#" links)
// - https://es.gamesintonia.com/como-sacar-un-prestamo-guia-completa/3 (Spanish, one paragraph per line)
// - https://batalladeideas.org/p/informate-sobre-los-requisitos-antes-de-hacer-la-solicitud
//   (Spanish, copied with its breadcrumb trail, date and author)
// - https://fedscoop.com/energy-to-spend-33m-on-new-clean-energy-tech-research/ (news, with a
//   picture's credit and an editor's "[t]he" in a quotation)
// - https://www.executivegov.com/2021/01/doe-announces-124m-funding-opportunity-for-domestic-manufacturing-projects/
// - https://www.sec.gov/Archives/edgar/data/928753/000095013407021862/f34369d5sc14d9c.htm (a
//   press release filed with the SEC, as its layout table copies out)
// - http://richardmale.com/tips-on-annual-reports/ ("Tips on Annual Reports")
// - https://climbtheladder.com/how-to-write-an-annual-report-for-a-nonprofit (the copy stops mid-word)
// - https://diversification.com/term/product-launch (copied with the page's links and their brackets)
// - https://wisegeek.net/what-is-involved-in-a-product-launch.htm (one paragraph per line)
// - https://www.gouvernement.fr/actualite/intervention-de-jean-castex-depuis-port-la-nouvelle
//   (French, Licence Ouverte: an archive's notice, its dates, a map's caption and credit)
// - https://www.elysee.fr/emmanuel-macron/2023/05/12/deplacement-a-dunkerque-dans-le-nord-reindustrialisation
//   (French: an embedded post, a speech's date line and its opening address)
// - http://www.nokzeit.de/2016/10/21/bundesregierung-fordert-200-projekte/ (German, with the page's
//   advertising marks, copyright line and a recommended article after the story)
// - https://www.sueddeutsche.de/wissen/wissenschaft-potsdam-acht-initiativen-bei-bundesfoerderprogramm-wir-dpa.urn-newsml-dpa-com-20090101-171229-99-444088
//   (German agency story, its lead said twice)
// - http://www.bmj.com/cgi/doi/10.1136/bmj.f6104 (CC BY-NC: a journal page's front matter and a
//   structured abstract whose labels have no colons)
// - https://0-doi-org.brum.beds.ac.uk/10.1371%2Fjournal.pone.0110418 (a PLOS ONE article, CC BY,
//   with the publisher's page furniture and an author list)
// - https://www.htuse.com/?p=89685 ("How To Change Light Switch?", one instruction per paragraph)
// - https://5s23dn36kb.execute-api.eu-west-1.amazonaws.com/en/article/how-to-replace-a-light-switch
//   ("Step 1: Turn Off the Power" first, dash-marked tips, the copy stopping in the last)
// - https://admin.elcolectivo.com.ar/espectaculos/2024/8/23/budin-de-naranja-una-sencilla-receta-para-tus-tardes-53703.html
//   (Spanish recipe: the page's date and section above the title, one ingredient per paragraph)
// - https://www.sec.gov/Archives/edgar/data/814547/000081454714000011/R30.htm (a filing's table
//   copied one cell per line; a US government work)
import { describe, expect, it } from "vitest";
import { generateLikeApi, readCorpusText } from "@/bench/lib/corpus-decks";
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { readSource } from "@/lib/generate/offline/read-source";
import { splitClauses } from "@/lib/generate/offline/split-clauses";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { plainText } from "@/lib/generate/offline/tokenize";
import { ZGenerateOptions } from "@/lib/generate/types";

const shorten = (text: string, maxWords: number) =>
  compressSentence(text, { maxWords, allowOver: 3, keepPeriod: false }).text;
/** The deck the API makes of `content` alone: its cover title and content slides as plain text. */
const deckOf = async (content: string) => {
  const { deck } = await generateLikeApi(content);
  const cover = deck.slides.find((s) => s.layout === "title");
  return {
    title: cover?.content.title,
    slides: deck.slides
      .filter((s) => s.layout !== "title")
      .map((s) => ({
        layout: s.layout,
        title: plainText(s.content.title ?? ""),
        bullets: [
          ...(s.content.bullets ?? []),
          ...(s.content.metrics ?? []).map((m) => `${m.value} — ${m.label}`),
        ].map((b) => plainText(b)),
      })),
  };
};

describe("shortening keeps what a sentence claims", () => {
  it("never drops the 'not' of its verb with the words before it", () => {
    const sentence =
      "For instance, a scholarship for “undergraduate students” doesn’t automatically include “post‑graduate” candidates, even if the study field matches.";
    const short = shorten(sentence, 12);
    // (Dropping "for “undergraduate students” doesn’t automatically" said the opposite.)
    expect(short).toContain("doesn’t automatically include");
  });

  it("keeps a condition the rest of the sentence holds under", () => {
    const slides = generateOfflineOutline(
      ZGenerateOptions.parse({ content: readCorpusText("markdown-guide-curl-http-cookies.txt") }),
    ).slides;
    const all = slides.flatMap((s) => s.bullets.map((b) => plainText(b)));
    // Not "It has no ability to stop super cookies": curl built with PSL support does.
    expect(all).toContain("If curl is not built with PSL support, it has no ability to stop super cookies");
    expect(all).not.toContain("It has no ability to stop super cookies");
  });

  it("drops an aside between unspaced dashes as a whole", () => {
    const sentence =
      "Agency officials told GAO that data challenges—particularly challenges in collecting, analyzing, and sharing data on their spending and the prices they pay—have hindered implementation of the category management initiative.";
    expect(shorten(sentence, 14)).toBe(
      "Data challenges have hindered implementation of the category management initiative",
    );
  });

  it("does not end on the verb of a relative clause, before its object", () => {
    const sentence =
      "If soap and water are not available, you can use an alcohol-based hand sanitizer that contains at least 60% alcohol.";
    for (const budget of [12, 13, 16]) expect(shorten(sentence, budget)).not.toMatch(/\bthat contains$/);
  });
});

describe("a list inside a sentence", () => {
  const sentence =
    "They bridge the gap between developers and end-users, providing essential information about changes, improvements, and fixes included in a new software version.";

  it("is not split at the ', and' before its last item", () => {
    const [unit] = readSource(sentence).units;
    expect(splitClauses([unit]).map((u) => u.text)).toEqual([sentence]);
  });

  it("is cut before the participle that follows it, not between 'developers' and 'end-users'", () => {
    expect(shorten(sentence, 14)).toBe("They bridge the gap between developers and end-users");
  });
});

describe("a guide's key terms", () => {
  it("are noun phrases, not a verb with its object ('Informs users')", async () => {
    const page = [
      "Understanding and Crafting Effective Release Notes",
      "",
      "Release notes are a crucial form of communication in the software development lifecycle. They bridge the gap between developers and end-users, providing essential information about changes, improvements, and fixes included in a new software version.",
      "",
      "The Purpose of Release Notes",
      "",
      "At their core, release notes serve several vital functions. They are not simply a list of changes; they are a communication tool that informs users about what to expect from a new release. Here's a breakdown of their key purposes:",
      "",
      "  • Informing Users: Release notes clearly communicate what has changed in the software. This allows users to understand the new features, bug fixes, and performance improvements.",
      "  • Managing Expectations: By outlining the changes, release notes help manage user expectations. They prevent surprises and allow users to prepare for any adjustments to their workflow.",
      "  • Facilitating Adoption: Well-written release notes can encourage users to adopt new versions by highlighting the benefits and improvements.",
      "  • Providing Transparency: Release notes demonstrate transparency in the development process. They show users that the development team is actively working on improving the product.",
    ].join("\n");
    const { deck } = await generateLikeApi(page);
    const terms = deck.slides.flatMap((s) =>
      s.layout === "icons-grid" ? (s.content.items ?? []).map((i) => plainText(i.title)) : [],
    );
    expect(terms).not.toContain("Informs users");
    expect(terms).not.toContain("Encourage users");
  });
});

describe("a page copied one paragraph per line", () => {
  const page = [
    "🧾 What Happens After You Submit Stage 1?",
    "Within a few minutes of submission, you will receive a confirmation email with a copy of your submitted responses.",
    "Within about 60 minutes of submission, you will receive a second email letting you know whether your application is eligible to move forward.",
    "If eligible, that email will include next steps for Stage 2.",
    "If ineligible, it will explain why.",
    "📌 Reminder: All communication will be sent by email. Please use an email address that you check regularly.",
    "📄 Stage 2: Upload Your Documents",
    "If you are eligible, you will receive an email with a secure, unique link to the applicant portal. From there, you will:",
    "Create a profile",
    "Upload required documents to verify your eligibility",
    "⚠️ Important",
    "The link to your applicant portal is unique to you. Please do not share or forward it to anyone else under any circumstances.",
    "If anything is missing or incorrect on your application, you will receive an email with instructions and access to support.",
    "🗓️ Deadline to Complete Your Application",
    "Please complete both Stage 1 and Stage 2 by: Wednesday, September 10, 2025, by 11:59 p.m.",
    "We recommend starting early to give yourself plenty of time to upload documents and request support if needed.",
  ].join("\n");

  it("reads its short lines as headings, without their pictographs", async () => {
    const { title, slides } = await deckOf(page);
    expect(title).toBe("What Happens After You Submit Stage 1?");
    const titles = slides.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Stage 2: Upload Your Documents",
        "Important",
        "Deadline to Complete Your Application",
      ]),
    );
    expect(titles.join(" ")).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("reads the lines after a line ending in a colon as its list, not as headings", async () => {
    const { slides } = await deckOf(page);
    const stage2 = slides.find((s) => s.title === "Stage 2: Upload Your Documents");
    expect(stage2?.bullets).toEqual(
      expect.arrayContaining(["Create a profile", "Upload required documents to verify your eligibility"]),
    );
    expect(slides.some((s) => s.title.startsWith("Upload required documents"))).toBe(false);
  });

  it("keeps a hard-wrapped paragraph one paragraph", () => {
    const wrapped = [
      "Release notes are a crucial form of communication in the software",
      "development lifecycle. They bridge the gap between developers and",
      "end-users, providing essential information about changes, improvements,",
      "and fixes included in a new software version.",
    ].join("\n");
    expect(readSource(wrapped).units.map((u) => u.text)).toEqual([
      "Release notes are a crucial form of communication in the software development lifecycle.",
      "They bridge the gap between developers and end-users, providing essential information about changes, improvements, and fixes included in a new software version.",
    ]);
  });
});

describe("a press release copied out of its layout table", () => {
  const release = [
    "1",
    "|°",
    "|Total revenues in the Americas for the third quarter of fiscal 2007 were $198 million, up 13 percent year-over-year. The Americas closed 6 transactions over $1 million in license revenues in the third quarter.",
    "|°",
    "|Total revenues in Europe, Middle-East and Africa (or EMEA) for the third quarter of fiscal 2007 were $145 million, up 29 percent year-over-year (up 21 percent in constant currencies). EMEA closed 1 transaction over $1 million in license revenues in the third quarter.",
    "|°",
    "|Total revenues in Asia-Pacific and Japan (or APJ) for the third quarter of fiscal 2007 were $26 million, up 16 percent year-over-year.",
    "|°",
    "|During the quarter, the company added over 1,100 new customers worldwide.",
    "|°",
    "|License revenues for the third quarter of fiscal 2007 were $139 million, up 6 percent year-over-year (up 2 percent in constant currencies). All product lines contributed to reported license growth.",
  ].join("\n");

  it("reads each mark and the line after it as one item, and no page number as the title", async () => {
    const { title, slides } = await deckOf(release);
    expect(title).not.toBe("1");
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(/\|/);
    expect(text).not.toContain("°");
  });

  it("shows its revenues as figures labelled by what they measure, not by the period, and not as steps", async () => {
    const { slides } = await deckOf(release);
    const metrics = slides.find((s) => s.layout === "metrics");
    expect(metrics?.bullets).toEqual(
      expect.arrayContaining([
        "$198 million — Total revenues in the Americas",
        "$145 million — Total revenues in Europe, Middle-East and Africa",
        "Over 1,100 — New customers",
      ]),
    );
    // "Total revenues… were…" opens on a word the tagger reads as an order: no steps.
    expect(slides.some((s) => s.bullets.some((b) => b.startsWith("Step 1")))).toBe(false);
  });
});

describe("instructions counted off in sentences", () => {
  const page = [
    "Eligibility – What You Need to Know",
    "Ever stared at an application and wondered, “Do I even qualify?” You’re not alone. Eligibility is the gatekeeper that decides whether you can move forward with a job, a scholarship, a loan or any other opportunity. The good news? Figuring it out isn’t rocket science. With a few clear steps, you can tell yourself, “Yes, I’m in!” or spot the missing piece before you waste time.",
    "How to Verify Your Eligibility Quickly",
    "First, read the fine print. Most announcements list the must‑haves right at the top: age range, education level, residency, income limits, or specific skills. Write them down or copy‑paste them into a note on your phone. Then, match each item with your own details. If one requirement feels vague, search the organization’s FAQ page or call their helpline – they love to clarify.",
    "Second, gather proof. Most processes ask for documents: a passport for nationality, a mark sheet for grades, a bank statement for income, or a certificate for a skill. Keep digital copies organized in a folder named after the opportunity. That way, when you click “Upload,” you won’t scramble for files.Third, use online eligibility calculators. Lots of banks, scholarship portals and government schemes provide simple forms where you enter your data and get an instant pass/fail answer. It saves you from filling out the whole form only to discover you’re missing a key criterion.",
    "Common Mistakes to Avoid",
    "Skipping the deadline is a classic blunder. Even if you meet every requirement, missing the cut‑off date means you’re out. Set a reminder a week before the deadline and aim to submit at least 48 hours early.",
  ].join("\n");

  it("are numbered steps under the name of the part that says how", async () => {
    const { slides } = await deckOf(page);
    const steps = slides.find((s) => s.layout === "timeline");
    expect(steps?.title).toBe("How to Verify Your Eligibility Quickly");
    expect(steps?.bullets).toEqual([]);
    const { deck } = await generateLikeApi(page);
    const timeline = deck.slides.find((s) => s.layout === "timeline")?.content.timeline ?? [];
    expect(timeline.map((e) => [e.date, plainText(e.title)])).toEqual([
      ["Step 1", "Read the fine print"],
      ["Step 2", "Gather proof"],
      ["Step 3", "Use online eligibility calculators"],
    ]);
    // No other slide is titled by a verb and its object ("Copy‑paste Them").
    expect(slides.some((s) => /\bThem$/.test(s.title))).toBe(false);
  });
});

describe("an encyclopedia page copied out of its markup", () => {
  const page = [
    "README",
    "A README (often named README.md",
    ", README.txt",
    ", or simply README",
    ") is a text file that serves as an introduction to a software project, a data set, or any other resource. It is typically included in the root directory of a repository or distribution.",
    "Key Contents of a README:",
    "-",
    "Project Title and Description: A clear and concise title of the project and a brief overview of its purpose and functionality.",
    "-",
    "Installation Instructions: Step-by-step instructions on how to install the project, including any prerequisites (e.g., required software, libraries, or dependencies).",
    "-",
    "Usage Instructions: Examples and guidelines on how to use the project, including common use cases and available options.",
    "-",
    "License Information: Details about the license under which the project is distributed (e.g., MIT License, Apache License 2.0, GPL). This clarifies the rights and responsibilities of users.",
    "-",
    "Contribution Guidelines: Information on how others can contribute to the project, including coding style, bug reporting procedures, and pull request processes.",
    "-",
    "Contact Information: How to reach the project maintainers for questions, support, or bug reports.",
  ].join("\n");

  it("joins a line that opens on a comma or a bracket to the one before", async () => {
    const { slides } = await deckOf(page);
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(/^[,)]/m);
  });

  it("shows its list of named entries as cards titled by the label above them", async () => {
    const { deck } = await generateLikeApi(page);
    const cards = deck.slides.find((s) => s.layout === "icons-grid");
    expect(cards?.content.title).toBe("Key Contents of a README");
    const items = cards?.content.items ?? [];
    expect(items.map((i) => i.title)).toEqual(
      expect.arrayContaining(["Installation Instructions", "Usage Instructions", "Contact Information"]),
    );
    // "Examples and guidelines on how to use the project": not "Examples and guidelines use the project".
    const usage = items.find((i) => i.title === "Usage Instructions");
    expect(plainText(usage?.body ?? "")).toMatch(/^Examples and guidelines on how to use the project/);
  });
});

describe("the same page copied whole, its list of ten entries and the part after it", () => {
  const entries = [
    "Project Title and Description: A clear and concise title of the project and a brief overview of its purpose and functionality.",
    "Installation Instructions: Step-by-step instructions on how to install the project, including any prerequisites (e.g., required software, libraries, or dependencies).",
    "Usage Instructions: Examples and guidelines on how to use the project, including common use cases and available options.",
    "License Information: Details about the license under which the project is distributed (e.g., MIT License, Apache License 2.0, GPL). This clarifies the rights and responsibilities of users.",
    "Contribution Guidelines: Information on how others can contribute to the project, including coding style, bug reporting procedures, and pull request processes.",
    "Credits: Acknowledgment of contributors, authors, and other individuals or organizations that have contributed to the project's development.",
    "Contact Information: How to reach the project maintainers for questions, support, or bug reports.",
    "Dependencies: A listing of external libraries or software required for the project to function correctly.",
    "Version Information: The current version number of the project.",
    "Table of Contents: For larger or more complex projects, a table of contents can help users navigate the README more easily.",
  ];
  const page = [
    "README",
    "A README (often named README.md",
    ", README.txt",
    ", or simply README",
    ") is a text file that serves as an introduction to a software project, a data set, or any other resource. It is typically included in the root directory of a repository or distribution. The primary purpose of a README file is to provide essential information to users and developers, allowing them to understand, install, use, and contribute to the project effectively.",
    "Key Contents of a README:",
    ...entries.flatMap((entry) => ["-", entry]),
    "Importance of a README:",
    // (The copy stops mid-sentence, as the page's excerpt does.)
    "A well-written README is crucial for the success of a project. It provides a single source of truth for essential information, reduces the barrier to entry for new users and contributors, and",
  ].join("\n");

  it("shows every entry as a card, over two slides of cards one after the other", async () => {
    const { deck } = await generateLikeApi(page);
    const at = deck.slides.findIndex((s) => s.layout === "icons-grid");
    const [first, second] = deck.slides.slice(at, at + 2);
    expect(first.content.title).toBe("Key Contents of a README");
    expect(second.layout).toBe("icons-grid");
    expect(second.content.title).toBe("Key Contents of a README (cont.)");
    const names = [...(first.content.items ?? []), ...(second.content.items ?? [])].map((i) => i.title);
    expect(names).toEqual(entries.map((e) => e.split(":")[0]));
    // A description without a verb keeps its first noun phrase: "…of the project", not "…of the project and a brief overview".
    expect(first.content.items?.[0].body).toBe("A clear and concise title of the project");
    // Examples that close a sentence go first when it is too long: the claim stays whole.
    const contribution = first.content.items?.find((i) => i.title === "Contribution Guidelines");
    expect(contribution?.body).toBe("Information on how others can contribute to the project");
  });

  it("reads a line ending in a colon above a paragraph as its heading, though the copy stops mid-sentence", async () => {
    const { slides } = await deckOf(page);
    const importance = slides.find((s) => s.title === "Importance of a README");
    expect(importance?.bullets[0]).toBe("A well-written README is crucial for the success of a project");
    // (Not a list item, nor a label glued to its paragraph.)
    expect(slides.flatMap((s) => s.bullets).join("\n")).not.toMatch(/Importance of a README:|^and$/m);
  });

  it("keeps a list of verbs in one clause: no bullet opens on its last verb", async () => {
    const { slides } = await deckOf(page);
    expect(slides.flatMap((s) => s.bullets)).not.toContainEqual(
      expect.stringMatching(/^Contribute to the project/),
    );
  });
});

describe("a documentation page whose headings end in their '#' links", () => {
  it("reads them as headings, without the mark", async () => {
    const page = [
      "Stash is a key-value store abstraction with plain and cache driven semantics and support for a pluggable backend architecture.",
      "Overview #",
      "The stash",
      "library is a key-value store abstraction with a pluggable backend architecture that provides support for vault and cache objects. The vault is a simple key value storage for primitives and objects but the cache goes one step further and adds caching semantics.",
      "History #",
      "The stash",
      "library started it's life as a pure cache library, however with the multiple versions, it become clear that the pluggable storage backend architecture could be reused. With version 4.0.0, comes the first major revision and most of the breaking changes since it's inception.",
    ].join("\n");
    const { slides } = await deckOf(page);
    expect(slides.map((s) => s.title)).toContain("History");
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toContain("#");
    // "The stash" / "library is…" is one sentence.
    expect(text).toContain("The stash library");
  });
});

describe("Spanish pages", () => {
  it("leave their masthead out: the breadcrumb trail, the date and the author's name", async () => {
    const page = [
      "Logo",
      "Home",
      ">",
      "Préstamos Personales",
      ">",
      "Infórmate sobre los requisitos antes de hacer la solicitud",
      "",
      "Infórmate sobre los requisitos antes de hacer la solicitud",
      "",
      "23/07/2025",
      "Lincoln Marques",
      "Infórmate sobre los requisitos antes de hacer la solicitud",
      "",
      "Para realizar cualquier trámite ante autoridades oficiales es fundamental conocer toda la documentación requerida y los pasos precisos antes de presentar tu solicitud. Esta guía exhaustiva te acompañará en cada etapa, ofreciéndote consejos prácticos, ejemplos numéricos y advertencias sobre errores comunes para que obtengas resultados exitosos.",
      "",
      "La importancia de informarse antes de solicitar",
      "",
      "El primer paso para evitar demoras o rechazos es verificar siempre fuentes oficiales. Cada formulario y proceso puede actualizarse sin aviso previo, por lo que consultar el sitio web de la entidad correspondiente te ayudará a conocer modificaciones en plazos, tarifas o requisitos.",
    ].join("\n");
    const { title, slides } = await deckOf(page);
    expect(title).toBe("Infórmate sobre los requisitos antes de hacer la solicitud");
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    for (const chrome of ["Logo", "Home", "Préstamos Personales", "23/07/2025", "Lincoln Marques"])
      expect(text).not.toContain(chrome);
  });

  it("read one short line among lines of prose as a heading, and number a part's third slide", async () => {
    const page = [
      "Proceso de Solicitud",
      "El proceso de solicitud de un servicio o documento puede parecer complicado, especialmente para quienes lo hacen por primera vez. Sin embargo, al seguir algunos pasos sencillos, se puede hacer de manera efectiva y sin inconvenientes.",
      "Es crucial entender cada parte del proceso para evitar errores que puedan retrasar la aprobación.",
      "Cómo llenar el pedido",
      "Completar el formulario de solicitud requiere atención a los detalles y claridad en la información proporcionada. Primero, es fundamental asegurarse de que se está utilizando el formulario correcto, el cual puede encontrarse en el sitio web oficial o en la oficina correspondiente.",
      "Antes de comenzar a llenar el formulario, se recomienda tener a mano todos los documentos necesarios, como identificación, comprobantes de domicilio y cualquier otro requisito específico mencionado en las instrucciones del formulario.",
      "Al completar el formulario, es importante seguir un orden lógico. Comience por llenar sus datos personales, asegurándose de que cada información sea precisa. Por ejemplo, el nombre completo debe coincidir con el que aparece en la identificación oficial.",
      "También es crucial prestar atención a los campos de contacto; un número de teléfono y una dirección de correo electrónico válidos facilitarán la comunicación durante el proceso de aprobación.",
    ].join("\n");
    const { slides } = await deckOf(page);
    const titles = slides.map((s) => s.title);
    expect(titles).toContain("Cómo llenar el pedido");
    expect(slides.flatMap((s) => s.bullets).some((b) => b.startsWith("Cómo llenar el pedido"))).toBe(false);
    // Titles are noun phrases the tagger reads, never "(cont.) (cont.)", "Mano todos" or "Crucial prestar atención".
    expect(titles.join("\n")).not.toMatch(/\(cont\.\) \(cont\.\)|Mano todos|Crucial prestar/);
  });
});

describe("a news page", () => {
  const page = [
    "Energy Department to spend $33M on clean energy tech research",
    "",
    "The fresh funding is intended to boost support for projects in regions that have typically received fewer federal research dollars.",
    "WASHINGTON D.C., Aug. 28 2022 -- A sign outside the Department of Energy building on Independence Ave SW. (Image credit: John Hewitt Jones)",
    "",
    "The Department of Energy has announced $33 million in fresh funding for research projects focused on clean energy technology.",
    "",
    "According to the agency, the funding projects will be spearheaded by major universities such as Boise State University, University of Alaska Fairbanks, and West Virginia University.",
    "",
    "In a statement, Energy Secretary Jennifer Granhom said: “Today’s funding will help ensure all regions of the country share in the ownership of priority research that advances science and addresses energy and environmental issues.”",
    "",
    "She added: “America’s next big energy breakthrough can come from anywhere in the nation, and that’s why Federal R&D investments should reach and benefit all parts of the country … [t]he funding we’re announcing today will spur innovation and create energy jobs around the nation.”",
  ].join("\n");

  it("leaves out a picture's credit, reads an editor's '[t]he' as its letter and names who said it", async () => {
    const { deck } = await generateLikeApi(page);
    const text = JSON.stringify(deck.slides.map((s) => s.content));
    expect(text).not.toContain("Image credit");
    expect(text).not.toMatch(/\bHe funding\b/);
    const quotes = deck.slides.flatMap((s) => (s.content.quote ? [s.content.quote] : []));
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) expect(q.attribution).toBe("Energy Secretary Jennifer Granhom");
    // Never cut inside a name of a list: "…such as Boise State University, University".
    expect(text).not.toMatch(/University, University"/);
  });

  it("shows the amounts a release gives to projects as figures labelled by whom they go to", async () => {
    const { slides } = await deckOf(
      "DOE Awards $123.6 Million for Manufacturing Projects\n\nThe Department of Energy (DOE) has awarded $123.6 million in funds to 46 projects to help advance technology innovation in support of domestic manufacturing efforts.\n\nDOE said Thursday $69.4 million will go to 27 projects related to advanced manufacturing processes, $25 million to eight chemical manufacturing-associated projects and $29.1 million to 11 initiatives that support the role of manufacturing in national energy programs.",
    );
    const metrics = slides.find((s) => s.layout === "metrics");
    // The amount is the figure and the count of projects its label, never the other way round.
    expect(metrics?.bullets).toEqual(
      expect.arrayContaining([
        "$69.4 million — 27 projects",
        "$25 million — Eight chemical manufacturing-associated projects",
        "$29.1 million — 11 initiatives",
      ]),
    );
  });

  it("takes no date field for part of the title", async () => {
    const { title } = await deckOf(
      " date 2021-01-14 Department of Energy\n\nThe Department of Energy (DOE) has awarded $123.6 million in funds to 46 projects to help advance technology innovation in support of domestic manufacturing efforts.\n\nThe department’s office of energy efficiency and renewable energy (EERE) also announced $44.7 million for cost-shared efforts.",
    );
    expect(title).toBe("Department of Energy");
  });
});

describe("a page that lost the space after a full stop", () => {
  it("is still two sentences there", () => {
    const text =
      "That way, when you click “Upload,” you won’t scramble for files.Third, use online eligibility calculators. See example.com/Page for more.";
    expect(splitSentences(text, "en")).toEqual([
      "That way, when you click “Upload,” you won’t scramble for files.",
      "Third, use online eligibility calculators.",
      "See example.com/Page for more.",
    ]);
  });
});

describe("guides to writing an annual report", () => {
  const guide = [
    "A nonprofit annual report summarizes an organization’s activities, achievements, and financial health over the preceding year. This foundational communication tool offers stakeholders a detailed view of operations and outcomes. It effectively bridges the gap between organizational mission and tangible results, affirming public trust.",
    "Understanding the Report’s Purpose and Audience",
    "The primary function of the annual report acts as a powerful mechanism for stakeholder retention and future fundraising efforts. By documenting activities, the report demonstrates adherence to regulatory requirements and builds public trust in the organization’s stewardship. This document showcases the organization’s alignment with its stated goals, providing justification for continued support.",
    "The audience for this publication is diverse, encompassing current donors, prospective funders, board members, volunteers, and the general public. Each group seeks specific information, necessitating careful content tailoring throughout the report. Donors often seek compelling stories and evidence of impact, while board members prioritize data that confirms strategic alignment and operational efficiency.",
    "Essential Planning and Data Gathering",
    "The preparation phase for an annual report should begin approximately three to four months before the intended publication date. Establishing a clear timeline is necessary, incorporating milestones for content drafting, financial review, design, and final board approval. Successful execution requires assigning distinct roles, typically including a project manager, a dedicated writer, a finance liaison responsible for statement preparation, and a graphic designer.",
    "Data collection involves compiling three distinct types of raw materials: verifiable statistical data from program tracking, qualitative data such as personal quotes and success stories, and the finalized financial statements. All gathered statistics and quantitative claims must be cross-refere",
  ].join("\n");

  it("leaves out the sentence the copy stops in, and keeps the one before it", async () => {
    const { slides } = await deckOf(guide);
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toContain("cross-refere");
    expect(text).toContain("Data collection involves compiling three distinct types of raw materials");
  });

  it("ends a sentence before its examples, not inside their list", () => {
    const sentence =
      "Successful execution requires assigning distinct roles, typically including a project manager, a dedicated writer, a finance liaison responsible for statement preparation, and a graphic designer.";
    expect(shorten(sentence, 12)).toBe("Successful execution requires assigning distinct roles");
  });

  it("takes neither a subject with its verb for a key term nor a participle for a title", async () => {
    const { slides } = await deckOf(guide);
    const terms = slides.find((s) => s.title === "Key Terms");
    // ("the annual report acts as a powerful mechanism": "acts" is the verb.)
    expect(terms?.bullets ?? []).not.toContain("Report acts");
    expect(slides.map((s) => s.title)).not.toContainEqual(expect.stringMatching(/^Encompassing/));
  });

  it("drops a noun phrase set before the subject, not the words between it and the verb", () => {
    const sentence =
      "An important tool for accountability, the annual report lets supporters know what you did with your money and offers them assurance that their investment was a wise one.";
    // (Not "An important tool report lets supporters know…".)
    expect(shorten(sentence, 12)).toBe("The annual report lets supporters know what you did with your money");
  });

  it("drops another name set before the subject ('Often referred to as Boulder Dam, the site…')", () => {
    // (A corpus text's sentence: tests/fixtures/corpus/history-hoover-dam-loc.txt.)
    const sentence =
      "Often referred to as Boulder Dam, the site was officially named after Herbert Hoover in 1947.";
    expect(shorten(sentence, 10)).toBe("The site was officially named after Herbert Hoover in 1947");
  });
});

describe("a glossary page copied with its navigation and its links' brackets", () => {
  const page = [
    "Skip to main content",
    "← Back to P Definitions",
    "",
    "Product launch",
    "",
    "A product launch is the strategic and tactical process of introducing a new product or service to the market. This comprehensive effort falls under the broader field of [Marketing Management] and involves a series of coordinated activities designed to generate awareness, interest, and adoption among the [target audience]. It represents a critical juncture in the [product life cycle], marking the transition from development to market availability.",
    "",
    "History and Origin",
    "",
    "The evolution of [advertising] techniques, for instance, played a pivotal role in creating widespread consumer awareness for new products. The rise of industrialization in the 19th and 20th centuries, leading to mass consumer markets, further solidified the importance of carefully planned product introductions. [the advent of advertising]17",
  ].join("\n");

  it("is titled by its own title, not by its links for moving about the page", async () => {
    const { title, slides } = await deckOf(page);
    expect(title).toBe("Product launch");
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(/Skip to|Back to/);
  });

  it("reads a link's words without their brackets and leaves out a source cited by number", async () => {
    const { slides } = await deckOf(page);
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(/[[\]]|advent of advertising/);
    expect(text).toContain("Marketing Management");
  });

  it("keeps a heading that only starts like a page's link, and a French quotation", () => {
    const units = readSource(
      [
        "Back to Basics",
        "",
        "The club went back to basics this season and won eleven of its twelve matches at home.",
        "« Nous avons retrouvé le plaisir de jouer », a dit l’entraîneur après le match.",
      ].join("\n"),
    ).units.map((u) => u.text);
    expect(units.join("\n")).toContain("« Nous avons retrouvé le plaisir de jouer »");
    expect(readSource("Back to Basics\n\nThe club went back to basics this season.").title).toBe(
      "Back to Basics",
    );
  });

  it("keeps '--help [option]' as written: one pair of brackets is no copied link", () => {
    const units = readSource("Run it with --help [option] to read about one option.").units;
    expect(units[0].text).toContain("--help [option]");
  });
});

describe("an article copied one paragraph per line", () => {
  const article = [
    "A product launch is a process of releasing a new product into the consumer marketplace. There are two types of launch: soft and hard.",
    "Target advertising is planned and tested at least two months before the product launch. Adjustments are made as required.",
    "Advertising campaigns include strategies for print, radio and television ads. These need to be coordinated and released according to a specific schedule in order to provide coverage without over saturating the marketplace.",
    "Product placement in television shows, movies and other media have been a very popular technique as part of a product launch. Movies typically have an even longer lead-time requirement.",
    "Research into successful launch projects has shown that effective use of the product placement techni",
  ].join("\n");

  it("leaves out its last line when the copy stops in it", async () => {
    const { slides } = await deckOf(article);
    expect(slides.flatMap((s) => s.bullets).join("\n")).not.toMatch(/\btechni\b/);
  });

  it("never ends a bullet on 'in order' without its 'to'", () => {
    const sentence =
      "These need to be coordinated and released according to a specific schedule in order to provide coverage without over saturating the marketplace.";
    expect(shorten(sentence, 12)).not.toMatch(/in order$/);
  });

  it("drops no words before a list's comma as if they came before the verb", () => {
    const sentence =
      "Product placement in television shows, movies and other media have been a very popular technique as part of a product launch.";
    // (Not "Product placement shows, movies and other media have been…": "shows" is an item, not the verb.)
    expect(shorten(sentence, 12)).not.toMatch(/^Product placement shows/);
  });
});

describe("a numbered list whose items open with their names", () => {
  it("reads each name as the item's label", () => {
    const units = readSource(
      [
        "Here are the most important components of the annual report.",
        "",
        "1. Letter from the chairperson of the board. Include this letter in one of the first pages of the annual report to set the tone.",
        "",
        "2. Letter from the president/CEO or executive director. This usually comprises the second page of the annual report.",
        "",
        "3. Scrub your hands for at least 20 seconds. Need a timer?",
      ].join("\n"),
    ).units.filter((u) => u.kind === "item");
    expect(units.map((u) => u.text)).toEqual([
      "Letter from the chairperson of the board: Include this letter in one of the first pages of the annual report to set the tone.",
      "Letter from the president/CEO or executive director: This usually comprises the second page of the annual report.",
      // (An instruction is no name.)
      "Scrub your hands for at least 20 seconds. Need a timer?",
    ]);
  });
});

describe("an encyclopedia excerpt without a title line", () => {
  // (A corpus text: tests/fixtures/corpus/science-photosynthesis-wikipedia-excerpt.txt.)
  const excerpt = readCorpusText("science-photosynthesis-wikipedia-excerpt.txt");

  it("is titled by the subject its first sentence defines, which the next goes on about as 'It'", async () => {
    const { title } = await deckOf(excerpt);
    // ("Photosynthesis, generally, is the synthesis of sugar…": not "Light Energy & Inorganic Compounds".)
    expect(title).toBe("Photosynthesis");
  });

  it("says what 'which means that…' means as a sentence, and keeps a verb with the subject it shares", async () => {
    const { slides } = await deckOf(excerpt);
    const bullets = slides.flatMap((s) => s.bullets);
    expect(bullets).toContain(
      "They are able to synthesize food directly from inorganic compounds using light energy",
    );
    // (Not "Means that they are able…", nor "Use energy from inorganic compounds" on its own.)
    expect(bullets).not.toContainEqual(expect.stringMatching(/^(?:Means|Use energy)\b/));
    expect(slides.map((s) => s.title)).not.toContainEqual(expect.stringMatching(/^And\s/));
  });
});

describe("French government pages", () => {
  const release = [
    "Deux nouveaux parcs éoliens en mer en Méditerranée",
    "",
    "Ce contenu a été publié sous le gouvernement du Premier ministre, Jean Castex.",
    "",
    "Publié 15/03/2022|Modifié 16/03/2022",
    "",
    "Le Premier ministre, Jean Castex, a annoncé le lancement de deux projets d’éoliens flottants en Méditerranée, le 14 mars 2022 depuis Port-la-Nouvelle (Aude).",
    "",
    "Le premier parc sera situé au large de la Narbonnaise, à plus de 22 km des côtes, tandis que le second parc sera localisé au large du Golfe de Fos à plus de 22 km des côtes, sous réserve des résultats des études environnementales en cours sur l’ensemble des zones.",
    "Les zones prévues pour l'implantation des deux nouveaux parcs éoliens en Méditerranée",
    "Les zones prévues pour l'implantation des deux nouveaux parcs éoliens en Méditerranée / Matignon",
    "Les zones retenues font l'objet d'une procédure de mise en concurrence. Les lauréats de ces procédures de mise en concurrence seront désignés en 2023 en vue d’une mise en service des parcs à l’horizon 2030.",
    "",
    "Ces 2 nouveaux parcs permettront de produire un volume d’électricité pour satisfaire la consommation d’environ 2,9 millions d’habitants, soit près de 10 % de la consommation électrique cumulée des régions Occitanie et Provence-Alpes-Côte d’Azur.",
    "Ils seront complétés ultérieurement de deux extensions de 500 MW chacune, situées à proximité.",
    "Ces parcs éoliens en Méditerr",
  ].join("\n");

  it("leave out an archive's notice, the page's dates, a map's caption with its credit and the line the copy stops in", () => {
    const text = readSource(release)
      .units.map((u) => u.text)
      .join("\n");
    expect(text).not.toMatch(/Ce contenu a été publié|Publié 15\/03|Les zones prévues|Matignon|Méditerr$/m);
    expect(text).toContain("Les zones retenues font l'objet d'une procédure de mise en concurrence.");
  });

  it("leave out an embedded post's signature and picture link, and a speech's opening address", () => {
    const page = [
      "Le Président de la République a visité l’usine Aluminium Dunkerque, et a ensuite échangé avec les salariés des usines du bassin d’emploi.",
      "Notre stratégie est simple : compétitivité, investissements, territoires et Europe. Et cela fait 4 ans que la France est le pays le plus attractif d'Europe. pic.twitter.com/LFYaswWvDf",
      "— Emmanuel Macron (@EmmanuelMacron) May 12, 2023",
      "12 mai 2023 - Seul le prononcé fait foi",
      "Merci pour votre accueil.",
      "Messieurs les ministres,",
      "Mesdames et messieurs les parlementaires,",
      "Messieurs les maires,",
      "Mesdames et Messieurs,",
      "Je suis très content d’être parmi vous aujourd’hui et d’être en particulier aujourd’hui à Dunkerque.",
    ].join("\n");
    const text = readSource(page)
      .units.map((u) => u.text)
      .join("\n");
    expect(text).not.toMatch(/pic\.twitter|@EmmanuelMacron|prononcé fait foi|Messieurs les ministres/);
    expect(text).toContain("Je suis très content d’être parmi vous aujourd’hui");
  });

  it("cut no condition away from the clause it governs after 'À noter que'", () => {
    const cut = compressSentence(
      "À noter que si les résultats des études ne permettaient pas d’envisager cette implantation, le second parc se situerait sur une autre zone, au large du Roussillon, à plus de 24 km des côtes.",
      { maxWords: 12, allowOver: 3, keepPeriod: false },
    ).text;
    expect(cut).not.toBe(
      "À noter que si les résultats des études ne permettaient pas d’envisager cette implantation",
    );
  });
});

describe("German news pages", () => {
  it("end where the story ends: no copyright line, no recommended article after it", () => {
    const page = [
      "Bundesregierung fördert 200 Projekte",
      "",
      "Berlin. (pm) Der Bund fördert Bildung, Forschung und Innovation in unserer Region – für 200 Projekte in Unternehmen, Bildungs- und Forschungseinrichtungen sowie Kommunen werden rund neun Mio. Euro bereitgestellt.",
      "",
      "Wie die drei Abgeordneten aus dem Bundesministerium für Wirtschaft und Energie erfahren haben, unterstützt das Ministerium im Main-Tauber- und Neckar-Odenwald-Kreis verschiedene Projekte mit über 1,2 Millionen Euro. Das Geld fließt insbesondere in mittelständische Unternehmen, die innovative Produkte entwickeln und nicht über so hohe Forschungsbudgets verfügen wie Großunternehmen.",
      "",
      "© www.NOKZEIT.de",
      "",
      "Werbung",
      "",
      "Artikel empfehlen:",
      "",
      "Schulklassen schauen hinter Opern-Kulissen",
      "",
      "Hinter den Kulissen: Eine Schulklasse besucht die Schlossfestspiele.",
    ].join("\n");
    const text = readSource(page)
      .units.map((u) => u.text)
      .join("\n");
    expect(text).not.toMatch(/NOKZEIT|Werbung|Artikel empfehlen|Opern-Kulissen|Schlossfestspiele|\(pm\)/i);
    expect(text).toContain("Der Bund fördert Bildung, Forschung und Innovation");
  });

  it("never cut a clause on its 'nicht', before the verb it negates", () => {
    const cut = shorten(
      "Das Geld fließt insbesondere in mittelständische Unternehmen, die innovative Produkte entwickeln und nicht über so hohe Forschungsbudgets verfügen wie Großunternehmen.",
      12,
    );
    expect(cut).not.toMatch(/\bnicht$/);
  });

  it("read an agency's lead said twice once, a name's '!' inside its quotation as no sentence end, and the title's colon spaced", () => {
    const lead =
      "Berlin (dpa/bb) - Acht Initiativen aus Brandenburg oder mit Landesbeteiligung sind für das Bundesförderprogramm %WIR! - Wandel durch Innovation in der Region% ausgewählt worden.";
    const page = [
      "Potsdam:Acht Initiativen bei Bundesförderprogramm WIR!",
      "",
      lead.replace(/%/g, '"'),
      "",
      "Direkt aus dem dpa-Newskanal",
      "",
      lead.replace("%", "„").replace("%", "“"),
      "",
      "Insgesamt sind 32 Initiativen aus ganz Ostdeutschland ausgewählt worden. Insgesamt waren 105 Anträge eingereicht worden.",
    ].join("\n");
    const source = readSource(page);
    expect(source.title).toBe("Potsdam: Acht Initiativen bei Bundesförderprogramm WIR!");
    const texts = source.units.map((u) => u.text);
    expect(texts.filter((t) => t.startsWith("Berlin (dpa/bb)"))).toHaveLength(1);
    expect(texts[0]).toMatch(/ausgewählt worden\.$/);
    expect(texts.join("\n")).not.toContain("Newskanal");
  });
});

describe("journal articles copied from their pages", () => {
  it("are titled by the article's title, without the journal's front matter, its abstract's labels read as labels", async () => {
    const page = [
      "Intended for healthcare professionals",
      "",
      "CCBYNC Open access",
      "Research",
      "",
      "Non-publication of large randomized clinical trials: cross sectional analysis",
      "",
      "BMJ 2013; 347 doi: https://doi.org/10.1136/bmj.f6104 (Published 29 October 2013) Cite this as: BMJ 2013;347:f6104",
      "  1. Christopher W Jones, attending physician1,",
      "  2. Lara Handler, school of medicine liaison librarian2,",
      "  3. Karen E Crowell, clinical information specialist2,",
      "  1. 1Department of Emergency Medicine, Cooper Medical School of Rowan University, OneCooper Plaza, Camden, NJ 08103, USA",
      "  2. 2Health Sciences Library, University of North Carolina Chapel Hill, USA",
      "  1. Correspondence to: C W Jones cjones.unc{at}gmail.com",
      "  • Accepted 24 September 2013",
      "",
      "Abstract",
      "",
      "Objective To estimate the frequency with which results of large randomized clinical trials registered with ClinicalTrials.gov are not available to the public.",
      "",
      "Setting Trials with at least 500 participants that were prospectively registered with ClinicalTrials.gov and completed prior to January 2009.",
      "",
      "Data sources PubMed, Google Scholar, and Embase were searched to identify published manuscripts containing trial results. The final literature search occurred in November 2012.",
      "",
      "Results Of 585 registered trials, 171 (29%) remained unpublished.",
    ].join("\n");
    const { title, slides } = await deckOf(page);
    expect(title).toBe("Non-publication of large randomized clinical trials: cross sectional analysis");
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(
      /healthcare professionals|Open access|doi|Jones|Department of|Correspondence|Accepted/,
    );
    expect(slides.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Objective", "Data sources", "Results"]),
    );
  });

  it("leave out a publisher's page furniture and the author list, its last name too", async () => {
    const page = [
      "Skip to main content",
      "Advertisement",
      "Browse Subject Areas",
      "?",
      "",
      "Click through the PLOS taxonomy to find articles in your field.",
      "",
      "For more information about PLOS Subject Areas, click here.",
      "",
      "  • Loading metrics",
      "",
      "Why Are Medical and Health-Related Studies Not Being Published? A Systematic Review of Reasons Given by Investigators",
      "",
      "  • Fujian Song ,",
      "",
      "    Fujian.song@uea.ac.uk",
      "",
      "    Affiliation Department of Population Health & Primary Care, Norwich Medical School, University of East Anglia, Norwich, Norfolk, United Kingdom",
      "",
      "  • Lee Hooper",
      "",
      "    Affiliation Department of Population Health & Primary Care, Norwich Medical School, University of East Anglia, Norwich, Norfolk, United Kingdom",
      "",
      "Abstract",
      "",
      "Objective",
      "",
      "About half of medical and health-related studies are not published. We conducted a systematic review of reports on reasons given by investigators for not publishing their studies in peer-reviewed journals.",
      "",
      "Results",
      "",
      "We included 54 survey reports. The proportion of non-submission among unpublished studies ranged from 55% to 100%, with a median of 85%.",
    ].join("\n");
    const { title, slides } = await deckOf(page);
    expect(title).toBe(
      "Why Are Medical and Health-Related Studies Not Being Published? A Systematic Review of Reasons Given by Investigators",
    );
    const text = slides.flatMap((s) => [s.title, ...s.bullets]).join("\n");
    expect(text).not.toMatch(/PLOS|Subject Areas|Loading metrics|Fujian|Hooper|Affiliation|@/);
    expect(text).toContain("About half of medical and health-related studies are not published");
  });
});

describe("how-tos pasted from their pages", () => {
  it("number instructions typed one per paragraph as steps, and leave the page's 'Suggested for You' out", async () => {
    const lines = [
      "Turn off the circuit breaker for the switch",
      "Verify the power is off with a voltage tester",
      "Remove the switch plate cover",
      "Unscrew the switch from the electrical box",
      "Pull the switch out gently",
      "Take a photo of the wire connections",
      "Loosen the terminal screws or release the wires",
      "Remove the old switch",
    ];
    const page = ["How To Change Light Switch?", ...lines, "Suggested for You", "Trending Today"].join(
      "\n\n",
    );
    const { deck } = await generateLikeApi(page);
    const steps = deck.slides.filter((s) => s.layout === "timeline");
    const said = steps.flatMap((s) =>
      (s.content.timeline ?? []).map((e) => `${e.date}: ${plainText(e.title)}`),
    );
    expect(said).toEqual(lines.map((l, i) => `Step ${i + 1}: ${l}`));
    expect(JSON.stringify(deck.slides)).not.toMatch(/Suggested for You|Trending Today/);
  });

  it("take no 'Step 1: …' line for the title, and read dash-marked tips as a list without the one the copy stops in", async () => {
    const page = [
      "Step 1: Turn Off the Power",
      "The first step in any electrical task is to turn off the power at the circuit breaker. Locate the breaker for the circuit that powers the light switch.",
      "Step 2: Remove the Old Switch",
      "Remove the faceplate from the old light switch. Use a screwdriver to take out the screws that hold the switch in place.",
      "Step 3: Test the Switch",
      "Turn the power back on at the circuit breaker. Test the new switch by turning it on and off.",
      "Tips and Warnings:",
      "– If you are unsure about working with electricity, hire a professional electrician.",
      "– Always turn off the power to the circuit before working on any electrical wiri",
    ].join("\n");
    const source = readSource(page);
    expect(source.title).toBeUndefined();
    const texts = source.units.map((u) => u.text);
    expect(texts).toContain(
      "If you are unsure about working with electricity, hire a professional electrician.",
    );
    expect(texts.join("\n")).not.toMatch(/wiri$|–/m);
  });
});

describe("a recipe page", () => {
  const page = [
    "Viernes 23 de Agosto 2024",
    "RECETA",
    "",
    "Budín de naranja: una sencilla receta para tus tardes",
    "",
    "Te dejamos una receta simple para disfrutar al máximo de este manjar.",
    "",
    "(Fuente: Instagram).",
    "",
    "Ingredientes frescos y sencillos",
    "",
    "Para preparar este budín, no necesitas una lista interminable de ingredientes. Aquí está lo que vas a necesitar.",
    "",
    "200 gramos de harina.",
    "",
    "200 gramos de azúcar.",
    "",
    "2 huevos.",
    "",
    "1 pizca de sal.",
    "",
    "100 ml de leche.",
    "",
    "El ritual de la preparación",
    "",
    "1. Preparación del molde: Precalienta el horno a 180°C y engrasa un molde para budín. Este es el primer paso hacia la magia.",
    "",
    "2. El toque cítrico: Incorpora la ralladura y el jugo de la naranja.",
  ].join("\n");

  it("is titled by the recipe's title, past the page's date and section label, without its source line", async () => {
    const { title, slides } = await deckOf(page);
    expect(title).toBe("Budín de naranja: una sencilla receta para tus tardes");
    expect(slides.flatMap((s) => s.bullets).join("\n")).not.toContain("Fuente");
  });

  it("shows ingredients typed one per paragraph as a table of amounts, not as figures", async () => {
    const { deck } = await generateLikeApi(page);
    const table = deck.slides.find((s) => s.layout === "table")?.content.table;
    expect(table?.rows).toEqual([
      ["200 gramos", "Harina"],
      ["200 gramos", "Azúcar"],
      ["2", "Huevos"],
      ["1", "Pizca de sal"],
      ["100 ml", "Leche"],
    ]);
    expect(deck.slides.some((s) => s.layout === "metrics" || s.layout === "chart")).toBe(false);
  });
});

describe("a filing's table copied one cell per line", () => {
  const cells = (label: string, values: string[]) => [
    label,
    ...values.flatMap((v) => (v.startsWith("$") ? ["$", v.slice(1)] : [v])),
  ];
  const page = [
    "|Supplementary Financial Data (Unaudited)",
    "|",
    "Supplementary Financial Data (Unaudited)",
    "The following table presents selected unaudited consolidated financial results for each of the eight quarters in the two-year period ended September 30, 2014.",
    "Quarter Ended",
    "September 30,",
    "2014",
    "June 30,",
    "2014",
    "March 31,",
    "2014",
    "December 31,",
    "2013",
    "(In thousands, except per share data)",
    ...cells("Revenues", ["$221,570", "$197,610", "$185,462", "$184,343"]),
    ...cells("Cost of revenues (2)", ["71,026", "62,752", "58,183", "57,319"]),
    ...cells("Net income", ["$36,603", "$20,548", "$20,751", "$16,977"]),
    "Earnings per share (1):",
    ...cells("Basic", ["$1.14", "$0.60", "$0.60", "$0.49"]),
    ...cells("Diluted", ["$1.10", "$0.58", "$0.59", "$0.47"]),
  ].join("\n");

  it("is that table again: its rows, its dated columns and what its figures count in", async () => {
    const { deck } = await generateLikeApi(page);
    expect(deck.slides[0].content.title).toBe("Supplementary Financial Data (Unaudited)");
    const slide = deck.slides.find((s) => s.layout === "table");
    expect(slide?.content.table?.header).toEqual([
      "Quarter Ended",
      "September 30, 2014",
      "June 30, 2014",
      "March 31, 2014",
      "December 31, 2013",
    ]);
    expect(slide?.content.table?.rows).toEqual([
      ["Revenues", "$221,570", "$197,610", "$185,462", "$184,343"],
      ["Cost of revenues", "71,026", "62,752", "58,183", "57,319"],
      ["Net income", "$36,603", "$20,548", "$20,751", "$16,977"],
      ["Earnings per share — Basic", "$1.14", "$0.60", "$0.60", "$0.49"],
      ["Earnings per share — Diluted", "$1.10", "$0.58", "$0.59", "$0.47"],
    ]);
    // (Not a chart: revenues in thousands beside earnings per share would be bars too low to see.)
    expect(plainText(slide?.content.body ?? "")).toBe("In thousands, except per share data");
    expect(JSON.stringify(deck.slides)).not.toContain("|Supplementary");
  });
});
