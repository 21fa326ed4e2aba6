// A single centred card (608px) with the merchant's logo above the heading: sign-in, verification
// and other one-task screens.
import type { ReactNode } from 'react';
import { useGetConfigurationQuery } from '../api/configuration-api';
import { PageWrapper } from './page-wrapper';

export interface TilePageProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Show the brand logo (default true; shown only when the merchant has one). */
  logo?: boolean;
  className?: string;
}

export function TilePage({ title, lead, children, logo = true, className }: TilePageProps) {
  const { data } = useGetConfigurationQuery();
  const logoUrl = logo ? data?.branding.logoUrl : undefined;
  return (
    <PageWrapper
      title={title}
      lead={lead}
      width="tile"
      className={className}
      before={
        logoUrl ? (
          <img
            className="tile-page__logo"
            src={logoUrl}
            alt=""
            // A navigation (a transition) does not wait for it (app/layout/header.tsx says why).
            loading="lazy"
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
        ) : null
      }
    >
      {children}
    </PageWrapper>
  );
}
