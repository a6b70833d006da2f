/**
 * Fixed words the generator writes itself (agenda title, closing, "Summary", "(cont.)", tone
 * lines), per language. The offline generator cannot translate the content, but these words
 * follow the requested language. Unknown languages fall back to English.
 */

export type TPhrases = {
  agenda: string;
  summary: string;
  thankYou: string;
  questions: string;
  cont: string;
  overview: string;
  keyPoints: string;
  details: string;
  byTheNumbers: string;
  takeaways: string;
  keyTerms: string;
  /** Playful last line for the "funny" tone. */
  funnyLine: string;
  funnyClosing: string;
  /** Call to action for the "sales_pitch" tone. */
  salesCta: string;
  salesClosing: string;
  casualSummary: string;
  /** Closing title for the "casual" tone. */
  casualClosing: string;
  educationalSummary: string;
};

const EN: TPhrases = {
  agenda: "Agenda",
  summary: "Summary",
  thankYou: "Thank you",
  questions: "Questions?",
  cont: "(cont.)",
  overview: "Overview",
  keyPoints: "Key Points",
  details: "Details",
  byTheNumbers: "By the Numbers",
  takeaways: "Key Takeaways",
  keyTerms: "Key terms",
  funnyLine: "And that's the whole story: no slides were harmed in the making of this deck.",
  funnyClosing: "Thanks for sticking around!",
  salesCta: "Ready to get started? Let's talk about next steps.",
  salesClosing: "Let's get started",
  casualSummary: "Quick Recap",
  casualClosing: "That's a wrap!",
  educationalSummary: "What We Learned",
};

const TABLE: Record<string, TPhrases> = {
  en: EN,
  es: {
    agenda: "Agenda",
    summary: "Resumen",
    thankYou: "Gracias",
    questions: "¿Preguntas?",
    cont: "(cont.)",
    overview: "Visión general",
    keyPoints: "Puntos clave",
    details: "Detalles",
    byTheNumbers: "En cifras",
    takeaways: "Conclusiones clave",
    keyTerms: "Términos clave",
    funnyLine: "Y eso es todo: ninguna diapositiva resultó herida durante esta presentación.",
    funnyClosing: "¡Gracias por aguantar hasta el final!",
    salesCta: "¿Listo para empezar? Hablemos de los próximos pasos.",
    salesClosing: "Empecemos",
    casualSummary: "Resumen rápido",
    casualClosing: "¡Eso es todo!",
    educationalSummary: "Lo que aprendimos",
  },
  fr: {
    agenda: "Ordre du jour",
    summary: "Résumé",
    thankYou: "Merci",
    questions: "Des questions ?",
    cont: "(suite)",
    overview: "Vue d'ensemble",
    keyPoints: "Points clés",
    details: "Détails",
    byTheNumbers: "En chiffres",
    takeaways: "À retenir",
    keyTerms: "Termes clés",
    funnyLine: "Et voilà : aucune diapositive n'a été maltraitée pendant cette présentation.",
    funnyClosing: "Merci d'être resté jusqu'au bout !",
    salesCta: "Prêt à vous lancer ? Parlons des prochaines étapes.",
    salesClosing: "Lançons-nous",
    casualSummary: "En bref",
    casualClosing: "C'est tout pour aujourd'hui !",
    educationalSummary: "Ce que nous avons appris",
  },
  de: {
    agenda: "Agenda",
    summary: "Zusammenfassung",
    thankYou: "Vielen Dank",
    questions: "Fragen?",
    cont: "(Forts.)",
    overview: "Überblick",
    keyPoints: "Kernpunkte",
    details: "Details",
    byTheNumbers: "In Zahlen",
    takeaways: "Das Wichtigste",
    keyTerms: "Schlüsselbegriffe",
    funnyLine: "Das war's: Bei dieser Präsentation wurden keine Folien verletzt.",
    funnyClosing: "Danke fürs Durchhalten!",
    salesCta: "Bereit loszulegen? Lassen Sie uns über die nächsten Schritte sprechen.",
    salesClosing: "Legen wir los",
    casualSummary: "Kurz zusammengefasst",
    casualClosing: "Das war's!",
    educationalSummary: "Was wir gelernt haben",
  },
  pt: {
    agenda: "Agenda",
    summary: "Resumo",
    thankYou: "Obrigado",
    questions: "Perguntas?",
    cont: "(cont.)",
    overview: "Visão geral",
    keyPoints: "Pontos-chave",
    details: "Detalhes",
    byTheNumbers: "Em números",
    takeaways: "Principais conclusões",
    keyTerms: "Termos-chave",
    funnyLine: "E é isso: nenhum slide foi maltratado durante esta apresentação.",
    funnyClosing: "Obrigado por aguentar até o fim!",
    salesCta: "Pronto para começar? Vamos falar dos próximos passos.",
    salesClosing: "Vamos começar",
    casualSummary: "Resumo rápido",
    casualClosing: "É isso aí!",
    educationalSummary: "O que aprendemos",
  },
  it: {
    agenda: "Agenda",
    summary: "Riepilogo",
    thankYou: "Grazie",
    questions: "Domande?",
    cont: "(segue)",
    overview: "Panoramica",
    keyPoints: "Punti chiave",
    details: "Dettagli",
    byTheNumbers: "In cifre",
    takeaways: "Da ricordare",
    keyTerms: "Termini chiave",
    funnyLine: "Ed ecco fatto: nessuna slide è stata maltrattata durante questa presentazione.",
    funnyClosing: "Grazie per essere arrivati fin qui!",
    salesCta: "Pronti a iniziare? Parliamo dei prossimi passi.",
    salesClosing: "Iniziamo",
    casualSummary: "In breve",
    casualClosing: "È tutto!",
    educationalSummary: "Cosa abbiamo imparato",
  },
  nl: {
    agenda: "Agenda",
    summary: "Samenvatting",
    thankYou: "Bedankt",
    questions: "Vragen?",
    cont: "(vervolg)",
    overview: "Overzicht",
    keyPoints: "Kernpunten",
    details: "Details",
    byTheNumbers: "In cijfers",
    takeaways: "Belangrijkste inzichten",
    keyTerms: "Kernbegrippen",
    funnyLine: "Dat was het: er zijn geen dia's gewond geraakt tijdens deze presentatie.",
    funnyClosing: "Bedankt voor het volhouden!",
    salesCta: "Klaar om te beginnen? Laten we de volgende stappen bespreken.",
    salesClosing: "Aan de slag",
    casualSummary: "Kort samengevat",
    casualClosing: "Dat was het!",
    educationalSummary: "Wat we hebben geleerd",
  },
  ja: {
    agenda: "アジェンダ",
    summary: "まとめ",
    thankYou: "ありがとうございました",
    questions: "ご質問はありますか？",
    cont: "（続き）",
    overview: "概要",
    keyPoints: "要点",
    details: "詳細",
    byTheNumbers: "数字で見る",
    takeaways: "重要なポイント",
    keyTerms: "キーワード",
    funnyLine: "以上です。この資料の作成中に傷ついたスライドはありません。",
    funnyClosing: "最後までお付き合いいただきありがとうございました！",
    salesCta: "始める準備はできましたか？次のステップについてお話ししましょう。",
    salesClosing: "さあ、始めましょう",
    casualSummary: "ざっくりまとめ",
    casualClosing: "以上です！",
    educationalSummary: "学んだこと",
  },
  zh: {
    agenda: "议程",
    summary: "总结",
    thankYou: "谢谢",
    questions: "有问题吗？",
    cont: "（续）",
    overview: "概述",
    keyPoints: "要点",
    details: "详情",
    byTheNumbers: "数据一览",
    takeaways: "关键要点",
    keyTerms: "关键词",
    funnyLine: "就这些：制作本演示文稿期间没有任何幻灯片受到伤害。",
    funnyClosing: "感谢您坚持到最后！",
    salesCta: "准备好开始了吗？我们来谈谈下一步。",
    salesClosing: "现在就开始",
    casualSummary: "快速回顾",
    casualClosing: "就到这里！",
    educationalSummary: "我们学到了什么",
  },
  ar: {
    agenda: "جدول الأعمال",
    summary: "ملخص",
    thankYou: "شكرًا لكم",
    questions: "هل من أسئلة؟",
    cont: "(تابع)",
    overview: "نظرة عامة",
    keyPoints: "النقاط الرئيسية",
    details: "التفاصيل",
    byTheNumbers: "بالأرقام",
    takeaways: "أهم الخلاصات",
    keyTerms: "المصطلحات الرئيسية",
    funnyLine: "هذا كل شيء، ولم تتضرر أي شريحة أثناء إعداد هذا العرض.",
    funnyClosing: "شكرًا لصبركم حتى النهاية!",
    salesCta: "هل أنت مستعد للبدء؟ لنتحدث عن الخطوات التالية.",
    salesClosing: "لنبدأ الآن",
    casualSummary: "باختصار",
    casualClosing: "هذا كل شيء!",
    educationalSummary: "ماذا تعلمنا",
  },
  hi: {
    agenda: "कार्यसूची",
    summary: "सारांश",
    thankYou: "धन्यवाद",
    questions: "कोई प्रश्न?",
    cont: "(जारी)",
    overview: "अवलोकन",
    keyPoints: "मुख्य बिंदु",
    details: "विवरण",
    byTheNumbers: "आँकड़ों में",
    takeaways: "मुख्य सीख",
    keyTerms: "मुख्य शब्द",
    funnyLine: "बस इतना ही: इस प्रस्तुति को बनाते समय किसी भी स्लाइड को चोट नहीं पहुँची।",
    funnyClosing: "अंत तक साथ बने रहने के लिए धन्यवाद!",
    salesCta: "शुरू करने के लिए तैयार हैं? आइए अगले कदमों पर बात करें।",
    salesClosing: "आइए शुरू करें",
    casualSummary: "झटपट सारांश",
    casualClosing: "बस इतना ही!",
    educationalSummary: "हमने क्या सीखा",
  },
  ru: {
    agenda: "Повестка дня",
    summary: "Итоги",
    thankYou: "Спасибо",
    questions: "Вопросы?",
    cont: "(продолжение)",
    overview: "Обзор",
    keyPoints: "Ключевые моменты",
    details: "Подробности",
    byTheNumbers: "В цифрах",
    takeaways: "Главные выводы",
    keyTerms: "Ключевые термины",
    funnyLine: "Вот и всё: ни один слайд не пострадал при создании этой презентации.",
    funnyClosing: "Спасибо, что дослушали до конца!",
    salesCta: "Готовы начать? Давайте обсудим следующие шаги.",
    salesClosing: "Давайте начнём",
    casualSummary: "Коротко о главном",
    casualClosing: "На этом всё!",
    educationalSummary: "Что мы узнали",
  },
};

// Language names (English and native) that map to a table entry.
const NAMES: Record<string, string> = {
  english: "en",
  spanish: "es",
  español: "es",
  espanol: "es",
  castellano: "es",
  french: "fr",
  français: "fr",
  francais: "fr",
  german: "de",
  deutsch: "de",
  portuguese: "pt",
  português: "pt",
  portugues: "pt",
  italian: "it",
  italiano: "it",
  dutch: "nl",
  nederlands: "nl",
  flemish: "nl",
  japanese: "ja",
  日本語: "ja",
  chinese: "zh",
  mandarin: "zh",
  中文: "zh",
  汉语: "zh",
  漢語: "zh",
  arabic: "ar",
  العربية: "ar",
  hindi: "hi",
  हिन्दी: "hi",
  हिंदी: "hi",
  russian: "ru",
  русский: "ru",
};

/**
 * Resolves a language name or code ("French", "français", "fr", "pt-BR", "Chinese (Simplified)")
 * to a supported ISO code, or null when it is not in the table.
 */
export function resolveLanguage(language: string | undefined): string | null {
  const lower = (language ?? "").trim().toLowerCase();
  if (!lower) return null;
  const code = lower.split(/[-_]/)[0];
  if (TABLE[code] && /^[a-z]{2,3}(?:[-_][a-z0-9]+)*$/.test(lower)) return code;
  if (NAMES[lower]) return NAMES[lower];
  for (const word of lower.split(/[^\p{L}]+/u)) if (NAMES[word]) return NAMES[word];
  return null;
}

/** Fixed phrases for a language name or code; English when the language is unknown. */
export function getPhrases(language: string | undefined): TPhrases {
  return TABLE[resolveLanguage(language) ?? "en"] ?? EN;
}
