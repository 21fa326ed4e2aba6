// A translated sentence with links in it: the string marks each link with <0>…</0>, <1>…</1>, and
// `links` gives their targets in that order. Internal targets use the router; web links open in a
// new tab (announced), mail and phone links open as usual.
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { newTabProps } from './external-link';

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
  return (
    <Tag className={className}>
      <Trans t={t} i18nKey={i18nKey} values={values} components={components} />
    </Tag>
  );
}
