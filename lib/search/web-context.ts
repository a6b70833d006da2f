import "server-only";
import { getSearchProvider } from "./get-search-provider";
import { clipQuery, searchWeb, type TSearchWebOptions } from "./search-web";
import { WebSearchError } from "./web-search-provider";

type TEnv = Record<string, string | undefined>;

/** A page the findings came from; `name` is its site ("example.com"). */
export type TWebSource = { title: string; url: string; name: string };

export type TWebContext = {
  /** A markdown section of findings, each with its source's name, to append to the content; "" when none. */
  text: string;
  /** The pages behind the findings, in order (for notes or the response). */
  sources: TWebSource[];
  /** Why nothing was added: search not configured, failed, or found nothing. */
  warnings: string[];
  /** One sentence saying what was added and from where, when something was. */
  summary?: string;
};

/** The site a URL belongs to, as a reader would name it ("nature.com"). */
export function siteName(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/**
 * Searches the web for `query` and returns the findings as a markdown section for the generator,
 * each finding tagged with its site, plus the sources. Never throws for the search itself: an
 * unconfigured or failing backend, or no results, gives empty text and a warning saying only the
 * given content was used.
 */
export async function webContext(
  query: string,
  options: TSearchWebOptions & { now?: Date } = {},
): Promise<TWebContext> {
  const env: TEnv = options.env ?? process.env;
  const skipped = (reason: string): TWebContext => ({
    text: "",
    sources: [],
    warnings: [`web_search was requested but ${reason}; only the given content was used.`],
  });
  const choice = getSearchProvider(env);
  if (!choice.provider) return skipped(choice.reason);
  const clipped = clipQuery(query);
  if (!clipped) return skipped("there was no topic to search for");
  let results: Awaited<ReturnType<typeof searchWeb>>;
  try {
    results = await searchWeb(clipped, { ...options, env });
  } catch (error) {
    if (error instanceof WebSearchError) return skipped(`the search failed (${error.message})`);
    throw error;
  }
  if (results.length === 0) return skipped(`${choice.provider.name} found nothing for "${clipped}"`);

  const sources = results.map((result) => ({
    title: result.title,
    url: result.url,
    name: siteName(result.url),
  }));
  const date = (options.now ?? new Date()).toISOString().slice(0, 10);
  const findings = results.map((result, i) => {
    const said = result.snippet ? `: ${result.snippet}` : "";
    return `- **${escapeMarkdown(result.title)}** (${sources[i].name})${escapeMarkdown(said)}`;
  });
  const text = [
    `## Web research: ${escapeMarkdown(clipped)}`,
    "",
    `Findings from a ${choice.provider.name} web search on ${date}; each names its source.`,
    "",
    ...findings,
    "",
  ].join("\n");
  const names = [...new Set(sources.map((source) => source.name))];
  return {
    text,
    sources,
    warnings: [],
    summary: `web_search added ${results.length} finding${results.length === 1 ? "" : "s"} from ${choice.provider.name} (sources: ${names.join(", ")}).`,
  };
}

/** Search text is data, not formatting: asterisks and backticks stay literal in the outline. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_])/g, "\\$1");
}
