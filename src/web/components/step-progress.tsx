// The account-setup progress line: "1 Verify email · 2 Your details · 3 Identity check", the
// current step marked for screen readers (aria-current="step") and in bold.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export type SetupStep = 1 | 2 | 3;

const STEPS = ['verify', 'details', 'identity'] as const;

export function StepProgress({ current }: { current: SetupStep }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('registration.steps.label')} className="setup-steps">
      <ol
        style={{
          listStyle: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.5rem',
          padding: 0,
          margin: '0 0 1.5rem',
        }}
      >
        {STEPS.map((step, index) => {
          const number = (index + 1) as SetupStep;
          const isCurrent = number === current;
          return (
            <Fragment key={step}>
              <li
                aria-current={isCurrent ? 'step' : undefined}
                style={{ fontWeight: isCurrent ? 700 : 400 }}
              >
                {index > 0 ? <span aria-hidden="true">· </span> : null}
                {number} {t(`registration.steps.${step}`)}
                {number < current ? (
                  <span className="visually-hidden"> {t('registration.steps.done')}</span>
                ) : null}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
