// The frame of a page's content: its heading (h1, the target of "skip to content"), an optional
// lead paragraph and the tab title. Width comes from the variant: tile (608px), dashboard (988px)
// or the full content width.
import { useId, type ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

export type PageWidth = 'tile' | 'dashboard' | 'full';

export interface PageWrapperProps {
  title: string;
  lead?: ReactNode;
  width?: PageWidth;
  /** Shown above the heading (a brand logo, a back link). */
  before?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const WIDTH_CLASS: Record<PageWidth, string> = {
  tile: 'tile-page',
  dashboard: 'dashboard-page',
  full: 'full-page',
};

export function PageWrapper({
  title,
  lead,
  width = 'full',
  before,
  actions,
  children,
  className,
}: PageWrapperProps) {
  const headingId = useId();
  usePageTitle(title);
  return (
    <section
      className={['page', WIDTH_CLASS[width], className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      {before}
      <div className="page__header">
        <div>
          <h1 id={headingId} className="page__title">
            {title}
          </h1>
          {lead ? <p className="page__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
