// A titled block of a page: a <section> named by its heading, with optional text and actions.
import { useId, type ReactNode } from 'react';

export interface SectionProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

export function Section({
  title,
  description,
  actions,
  children,
  headingLevel = 2,
  className,
}: SectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={['section', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <div className="section__header">
        <div>
          <Heading id={headingId} className="section__title">
            {title}
          </Heading>
          {description ? <p className="section__description">{description}</p> : null}
        </div>
        {actions ? <div className="section__actions">{actions}</div> : null}
      </div>
      {children ? <div className="section__body">{children}</div> : null}
    </section>
  );
}
