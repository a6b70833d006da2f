/**
 * The fixed corpus of the parity bench: for every template a deck with one slide per layout id
 * (every field each layout reads filled with realistic content), a deck of every chart type, long
 * text that continues onto extra pages, and Chinese, Japanese, Arabic and Hebrew decks. Themes
 * alternate light and dark so both kinds of palette are measured; together the decks use all eight.
 */
import {
  type TBuiltInTemplateId,
  type TChartType,
  type TDeck,
  type TLayoutId,
  type TSlide,
  type TThemeId,
  ZDeck,
} from "@/lib/deck/schema";
import { CHARTS, everyLayoutSample } from "@/lib/preview/every-layout-deck";

/** A corpus deck and the name the bench prints and files its images under. */
export type TCorpusDeck = { name: string; deck: TDeck };

/** Template → theme of its every-layout deck: two light, two dark, sans and serif headings. */
const TEMPLATE_THEMES: Record<TBuiltInTemplateId, { theme: TThemeId; chart: TChartType }> = {
  general: { theme: "light", chart: "column" },
  modern: { theme: "dark", chart: "line" },
  standard: { theme: "forest", chart: "bar" },
  swift: { theme: "midnight", chart: "doughnut" },
};

function deckOf(
  name: string,
  parts: Pick<TDeck, "title" | "language" | "template" | "theme">,
  slides: Omit<TSlide, "id">[],
): TCorpusDeck {
  const deck = ZDeck.parse({
    version: 1,
    author: "Deckforge bench",
    ...parts,
    slides: slides.map((slide, i) => ({ id: `${name}-${i + 1}`, ...slide })),
  });
  return { name, deck };
}

/** A deck in one template with one slide per layout id, in LAYOUT_IDS order. */
export function everyLayoutDeck(template: TBuiltInTemplateId, theme?: TThemeId): TCorpusDeck {
  const style = TEMPLATE_THEMES[template];
  const name = `${template}-${theme ?? style.theme}`;
  const parts = { title: "Solar Clinics Programme", language: "en", template, theme: theme ?? style.theme };
  return { name, deck: everyLayoutSample(name, parts, style.chart) };
}

/** Every chart type, on a dark theme. */
function chartsDeck(): TCorpusDeck {
  const types: TChartType[] = ["column", "bar", "line", "pie", "doughnut"];
  return deckOf(
    "charts-royal",
    { title: "Every chart type", language: "en", template: "general", theme: "royal" },
    types.map((type) => ({
      layout: "chart",
      content: {
        title: `A ${type} chart`,
        body: "Native chart in the PPTX, the same geometry in the PDF.",
        chart: CHARTS[type],
      },
    })),
  );
}

const LONG_BULLETS = [
  "Every clinic gets a site survey before any equipment is ordered, so that roof strength, shading from trees and the distance to the vaccine fridge are known in advance.",
  "The survey team photographs the fuse board and the fridge label, because older fridges draw twice the current when the compressor starts and the inverter must be sized for that peak.",
  "Panels are mounted at the latitude angle facing the equator, which loses a little output in summer but keeps the battery full through the short, cloudy days of the rainy season.",
  "Batteries sit in a ventilated steel cabinet off the floor; flooding reached the skirting boards of three pilot clinics and none of the cabinets took water.",
  "Each site reports battery state, fridge temperature and panel output every fifteen minutes over GSM, and the dashboard raises an alarm after two readings above 8 °C.",
  "Nurses are trained in one afternoon: reading the gauge, acknowledging an alarm, and calling the hotline; the pilot showed that longer courses did not reduce the number of calls.",
  "Spare fuses, a torch and a laminated one-page guide are left in the cabinet, since most faults in the pilot were blown fuses that staff could replace themselves.",
  "The district electrician visits every six months to clean the panels, tighten the terminals and read the battery's cycle counter, and sends a short report to the programme office.",
  "Warranty claims go through the supplier's regional office; in the pilot two inverters failed in the first month and both were replaced within a week.",
  "After five years the ministry takes over maintenance, funded from the diesel budget the clinics no longer need, which the finance team has already written into the plan.",
];

/** Text long enough to continue onto extra pages, and a long table and timeline. */
function longDeck(): TCorpusDeck {
  return deckOf(
    "long-sunset",
    { title: "Installation handbook", language: "en", template: "standard", theme: "sunset" },
    [
      {
        layout: "bullets",
        content: {
          title: "How an installation runs, step by step",
          body: "The full procedure the pilot settled on after eighteen months in the field.",
          bullets: [...LONG_BULLETS, ...LONG_BULLETS.slice(0, 6)],
        },
      },
      {
        layout: "two-column",
        content: {
          title: "Lessons from the pilot",
          columns: [
            { heading: "Keep doing", bullets: LONG_BULLETS.slice(0, 7) },
            { heading: "Change", bullets: LONG_BULLETS.slice(3, 10) },
          ],
        },
      },
      {
        layout: "table",
        content: {
          title: "Every pilot clinic",
          table: {
            header: ["Clinic", "District", "Array", "Battery", "Outages before", "Breaks after"],
            rows: Array.from({ length: 24 }, (_, i) => [
              `Clinic ${String.fromCharCode(65 + (i % 26))}${i + 1}`,
              ["Kaduna", "Kano", "Jos", "Bauchi"][i % 4],
              `${4 + (i % 3)} kW`,
              `${16 + 2 * (i % 3)} kWh`,
              `${6 + (i % 7)} h/week`,
              "0",
            ]),
          },
        },
      },
      {
        layout: "timeline",
        content: {
          title: "Ten milestones",
          timeline: Array.from({ length: 10 }, (_, i) => ({
            date: `M${i + 1}`,
            title: [
              "Survey",
              "Order",
              "Ship",
              "Mount",
              "Wire",
              "Test",
              "Train",
              "Monitor",
              "Review",
              "Hand over",
            ][i],
            body: "Signed off by the district electrician",
          })),
        },
      },
      {
        layout: "quote",
        content: {
          quote: {
            text: LONG_BULLETS.slice(0, 3).join(" "),
            attribution: "Programme installation guide, section 2",
          },
        },
      },
    ],
  );
}

/** Chinese: text, a table, a chart, cards and a timeline. */
function chineseDeck(): TCorpusDeck {
  return deckOf(
    "cjk-zh-ocean",
    { title: "太阳能诊所项目", language: "zh-CN", template: "modern", theme: "ocean" },
    [
      { layout: "title", content: { title: "太阳能诊所项目", subtitle: "用阳光和电池保持疫苗低温" } },
      {
        layout: "bullets",
        content: {
          title: "停电让疫苗每周都在变质",
          body: "农村诊所平均每周停电九个小时。",
          bullets: [
            "断电后冰箱在四小时内升温到八摄氏度以上",
            "柴油发电机每千瓦时成本为零点六欧元，还需要运送燃料",
            "一批疫苗变质的损失超过一套五千瓦的太阳能系统",
          ],
        },
      },
      {
        layout: "table",
        content: {
          title: "每个诊所的成本",
          table: {
            header: ["项目", "柴油备用", "太阳能加电池"],
            rows: [
              ["设备", "2,800", "9,400"],
              ["燃料", "20,500", "0"],
              ["维护", "3,000", "1,500"],
            ],
          },
        },
      },
      {
        layout: "chart",
        content: {
          title: "季度收入",
          chart: { ...CHARTS.column, categories: ["一季度", "二季度", "三季度", "四季度"] },
        },
      },
      {
        layout: "icons-grid",
        content: {
          title: "项目承诺",
          items: [
            { title: "可靠供电", body: "电池可支撑两个阴天", icon: "zap" },
            { title: "疫苗安全", body: "冰箱升温前发出警报", icon: "shield-check" },
            { title: "降低成本", body: "无需购买和运输柴油", icon: "wallet" },
          ],
        },
      },
      {
        layout: "timeline",
        content: {
          title: "推广计划",
          timeline: [
            { date: "2024年1月", title: "试点开始", body: "两个地区的十二家诊所" },
            { date: "2025年7月", title: "评审", body: "董事会批准推广" },
            { date: "2026年", title: "全国推广", body: "两百家诊所" },
          ],
        },
      },
    ],
  );
}

/** Japanese: kana and kanji, metrics, a quote and two columns. */
function japaneseDeck(): TCorpusDeck {
  return deckOf(
    "cjk-ja-dark",
    { title: "太陽光クリニック計画", language: "ja", template: "general", theme: "dark" },
    [
      { layout: "section", content: { title: "パイロットの結果", subtitle: "十二のクリニック、十八か月" } },
      {
        layout: "two-column",
        content: {
          title: "導入の前と後",
          columns: [
            { heading: "導入前", bullets: ["週に九時間の停電", "年に三回のワクチン廃棄"] },
            { heading: "導入後", bullets: ["コールドチェーンの中断なし", "ワクチン廃棄ゼロ"] },
          ],
        },
      },
      {
        layout: "metrics",
        content: {
          title: "数字で見るパイロット",
          metrics: [
            { value: "0", label: "コールドチェーン中断", detail: "以前は41回" },
            { value: "93%", label: "ディーゼル削減" },
            { value: "4.1年", label: "投資回収期間" },
          ],
        },
      },
      {
        layout: "quote",
        content: {
          quote: {
            text: "雨季にワクチンを一本も捨てなかったのは、この十年で初めてです。",
            attribution: "看護師長 アミナ・オカフォー",
          },
        },
      },
      {
        layout: "agenda",
        content: { title: "アジェンダ", bullets: ["停電の原因", "パイロット", "費用と回収", "次のステップ"] },
      },
    ],
  );
}

/** Arabic: right-to-left paragraphs, mixed with Latin digits, in a table and cards. */
function arabicDeck(): TCorpusDeck {
  return deckOf(
    "rtl-ar-slate",
    { title: "برنامج العيادات الشمسية", language: "ar", template: "swift", theme: "slate" },
    [
      {
        layout: "title",
        content: {
          title: "برنامج العيادات الشمسية",
          subtitle: "الحفاظ على برودة اللقاحات بالشمس والبطاريات",
        },
      },
      {
        layout: "bullets",
        content: {
          title: "انقطاع الكهرباء يفسد اللقاحات كل أسبوع",
          body: "تفقد العيادات الريفية الكهرباء تسع ساعات أسبوعيا في المتوسط.",
          bullets: [
            "ترتفع حرارة الثلاجة فوق 8 درجات خلال أربع ساعات",
            "تكلفة مولد الديزل 0.60 يورو لكل كيلوواط ساعة",
            "دفعة واحدة تالفة تكلف أكثر من نظام شمسي بقدرة 5 كيلوواط",
          ],
        },
      },
      {
        layout: "table",
        content: {
          title: "التكلفة لكل عيادة",
          table: {
            header: ["البند", "الديزل", "الطاقة الشمسية"],
            rows: [
              ["المعدات", "2,800", "9,400"],
              ["الوقود", "20,500", "0"],
              ["الصيانة", "3,000", "1,500"],
            ],
          },
        },
      },
      {
        layout: "icons-grid",
        content: {
          title: "ما يقدمه البرنامج",
          items: [
            { title: "كهرباء موثوقة", body: "البطارية تكفي يومين غائمين", icon: "zap" },
            { title: "لقاحات آمنة", body: "تنبيه قبل ارتفاع الحرارة", icon: "shield-check" },
            { title: "تكلفة أقل", body: "لا حاجة لشراء الديزل", icon: "wallet" },
          ],
        },
      },
    ],
  );
}

/** Hebrew: right-to-left text in columns, a timeline and a closing slide. */
function hebrewDeck(): TCorpusDeck {
  return deckOf(
    "rtl-he-light",
    { title: "תוכנית המרפאות הסולאריות", language: "he", template: "standard", theme: "light" },
    [
      {
        layout: "two-column",
        content: {
          title: "לפני ואחרי הפיילוט",
          columns: [
            { heading: "לפני", bullets: ["9 שעות הפסקות חשמל בשבוע", "3 אצוות חיסונים נזרקו בשנה"] },
            { heading: "אחרי", bullets: ["אין הפסקות בשרשרת הקירור", "אפס חיסונים שנזרקו"] },
          ],
        },
      },
      {
        layout: "timeline",
        content: {
          title: "תוכנית הפריסה",
          timeline: [
            { date: "2024", title: "תחילת הפיילוט", body: "שתים עשרה מרפאות" },
            { date: "2025", title: "בחינה", body: "הדירקטוריון מאשר" },
            { date: "2026", title: "פריסה ארצית", body: "מאתיים מרפאות" },
          ],
        },
      },
      {
        layout: "closing",
        content: { title: "תודה רבה", subtitle: "שאלות ודיון", bullets: ["amina.okafor@example.org"] },
      },
    ],
  );
}

/** The whole corpus: every template × every layout, charts, long text, CJK and RTL. */
export function parityCorpus(): TCorpusDeck[] {
  return [
    everyLayoutDeck("general"),
    everyLayoutDeck("modern"),
    everyLayoutDeck("standard"),
    everyLayoutDeck("swift"),
    chartsDeck(),
    longDeck(),
    chineseDeck(),
    japaneseDeck(),
    arabicDeck(),
    hebrewDeck(),
  ];
}

/**
 * A small corpus for --quick and the unit test: text layouts, a table, a chart, a picture, icons,
 * serif headings (Times New Roman → Liberation Serif), CJK and RTL, in light and dark themes.
 */
export function quickCorpus(): TCorpusDeck[] {
  const pick = (corpus: TCorpusDeck, keep: TLayoutId[], suffix: string): TCorpusDeck => ({
    name: `${corpus.name}-${suffix}`,
    deck: { ...corpus.deck, slides: corpus.deck.slides.filter((s) => keep.includes(s.layout)) },
  });
  const all = parityCorpus();
  const byName = (name: string) => all.find((c) => c.name === name) as TCorpusDeck;
  return [
    pick(
      everyLayoutDeck("general"),
      ["title", "bullets", "two-column", "table", "chart", "image-left"],
      "quick",
    ),
    pick(everyLayoutDeck("modern"), ["section", "agenda", "icons-grid", "closing"], "quick"),
    pick(everyLayoutDeck("standard"), ["metrics", "timeline"], "quick"),
    pick(byName("cjk-zh-ocean"), ["bullets", "table"], "quick"),
    pick(byName("rtl-ar-slate"), ["bullets", "icons-grid"], "quick"),
  ];
}
