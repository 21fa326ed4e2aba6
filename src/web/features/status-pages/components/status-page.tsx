// The frame of the status pages: what happened, what the user can do next, and the ways out that
// every one of them offers (contact support, sign out).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { newTabProps } from '../../../components/external-link';
import { TilePage } from '../../../components/tile-page';
import { useGetConfigurationQuery } from '../../../api/configuration-api';

export interface StatusPageProps {
  title: string;
  /** What happened. */
  body: ReactNode;
  /** What the user can do next. */
  next?: ReactNode;
  /** Main actions, before the support and sign-out links. */
  actions?: ReactNode;
  before?: ReactNode;
  signOut?: boolean;
}

export function SupportLink({ label }: { label?: string }) {
  const { t } = useTranslation();
  const { data } = useGetConfigurationQuery();
  const supportUrl = data?.branding.footer?.supportUrl;
  if (!supportUrl) return null;
  return (
    <a className="button button--secondary" href={supportUrl} {...newTabProps(supportUrl)}>
      {label ?? t('statusPages.support')}
    </a>
  );
}

export function StatusPage({
  title,
  body,
  next,
  actions,
  before,
  signOut = true,
}: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <TilePage title={title}>
      {before}
      {typeof body === 'string' ? <p>{body}</p> : body}
      {next ? <p>{next}</p> : null}
      <div className="schema-form__actions">
        {actions}
        <SupportLink />
        {signOut ? (
          <Link className="button button--secondary" to="/auth/logout">
            {t('statusPages.signOut')}
          </Link>
        ) : null}
      </div>
    </TilePage>
  );
}
