// A translated sentence with links in it: the string marks each link with <0>…</0>, <1>…</1>, and
// `links` gives their targets in that order. Internal targets use the router; web links open in a
// new tab (announced), mail and phone links open as usual.
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { newTabProps } from './external-link';

/**
 * A translated text whose `<0>…</0>`, `<1>…</1>` parts become `elements[0]`, `elements[1]` with
 * that text inside; the rest stays text. The only markup our locales use: react-i18next's
 * `<Trans>` would bring an HTML parser (~5 KB gzipped) to every page with such a sentence.
 */
function withLinks(text: string, elements: readonly ReactElement[]): ReactNode[] {
  // split with two groups: [text, index, inner, text, index, inner, …, text]
  const parts = text.split(/<(\d+)>(.*?)<\/\1>/s);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(parts[i]);
    if (i + 2 >= parts.length) break;
    const element = elements[Number(parts[i + 1])];
    const inner = parts[i + 2];
    nodes.push(element ? cloneElement(element, { key: i }, inner) : inner);
  }
  return nodes;
}

/** `text` with `elements` in place of its `<0>…</0>`, `<1>…</1>` parts (see withLinks). */
export function LinkedText({
  text,
  elements,
}: {
  text: string;
  elements: readonly ReactElement[];
}) {
  return withLinks(text, elements);
}

export interface TextLink {
  href: string;
  /** A route of the portal (navigates without reloading). */
  internal?: boolean;
}

export interface TextWithLinksProps {
  i18nKey: string;
  links: TextLink[];
  values?: Record<string, unknown>;
  as?: 'p' | 'span' | 'div';
  className?: string;
}

export function TextWithLinks({
  i18nKey,
  links,
  values,
  as: Tag = 'p',
  className,
}: TextWithLinksProps) {
  const { t } = useTranslation();
  const components: ReactElement[] = links.map((link) =>
    link.internal ? (
      <Link key={link.href} to={link.href} />
    ) : (
      <a key={link.href} href={link.href} {...newTabProps(link.href)} />
    ),
  );
  return <Tag className={className}>{withLinks(t(i18nKey, values), components)}</Tag>;
}
