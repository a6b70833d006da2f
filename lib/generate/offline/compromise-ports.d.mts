/** The part of compromise's language ports that foreign-noun-phrases.ts uses. */
type TTermJson = { text: string; terms: { tags: string[] }[] };
type TTagger = (text: string) => { terms(): { json(): TTermJson[] } };
export declare const de: TTagger;
export declare const es: TTagger;
export declare const fr: TTagger;
