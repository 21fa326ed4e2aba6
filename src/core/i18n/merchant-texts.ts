// The merchant's own words in the reader's language: the footer's free text and custom link name
// (branding.footer.translations) and the static pages (configuration.staticPages). What a language
// lacks falls back to the merchant's default language, then to the text as written.
import type { Branding } from '../types/entities/branding';
import type { Configuration } from '../types/entities/configuration';

export interface FooterTexts {
  freeText?: string;
  customLinkName?: string;
}

export function footerTexts(footer: Branding['footer'], locale: string): FooterTexts {
  const own = footer?.translations?.[locale];
  return {
    freeText: own?.freeText ?? footer?.freeText,
    customLinkName: own?.customLinkName ?? footer?.customLink?.name,
  };
}

export interface StaticPage {
  title: string;
  /** Blocks in order: a heading (a line starting with "## ") or a paragraph. */
  blocks: { kind: 'heading' | 'paragraph'; text: string }[];
  /** The language the page is written in (the reader's, or the fallback's). */
  locale: string;
}

export function staticPage(
  configuration: Pick<Configuration, 'staticPages' | 'defaultLocale'>,
  name: string,
  locale: string,
): StaticPage | undefined {
  const page = Object.hasOwn(configuration.staticPages ?? {}, name)
    ? configuration.staticPages?.[name]
    : undefined;
  if (!page) return undefined;
  const written = [locale, configuration.defaultLocale, 'en', ...Object.keys(page)].find(
    (l) => Object.hasOwn(page, l) && page[l],
  );
  const text = written ? page[written] : undefined;
  if (!written || !text) return undefined;
  // Line by line: a "## " line is a heading; other lines run into a paragraph until a blank line.
  const blocks: StaticPage['blocks'] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.body.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      endParagraph();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line) paragraph.push(line);
    else endParagraph();
  }
  endParagraph();
  return { title: text.title, blocks, locale: written };
}
