/** The deck's language as a BCP 47 tag for file metadata, or undefined when it is not one. */
export function languageTag(language: string): string | undefined {
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language) ? language : undefined;
}
