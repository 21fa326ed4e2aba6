// Step 3 of account setup. VERIFIED or ACTIVATED: what the identity check is (and, for VERIFIED,
// a button to start it); ID_PROOFING_PENDING: we are checking, the status is polled every
// profileRefreshInterval seconds and the root flow takes over once it changes (a hosted check
// the person left unfinished can be continued); ID_PROOFING_FAILED:
// correct the details, or contact support. A hosted provider (Stripe Identity) answers the start
// with its flow's URL: the person goes there and its return URL brings them back here.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { detailsPath } from '../../../../core/routes/signed-in-paths';
import {
  useGetProfileQuery,
  useGetProfileStatusQuery,
  useStartIdProofingMutation,
} from '../../../api/profile-api';
import { StepProgress } from '../../../components/step-progress';
import { PhotoIdUpload } from './photo-id-upload';
import { StatusPage } from './status-page';

const DEFAULT_REFRESH_SECONDS = 30;

export default function IdProofingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data, isError, refetch, isFetching } = useGetProfileStatusQuery();
  const { data: profile } = useGetProfileQuery();
  const status = data?.status;
  const pending = status === 'ID_PROOFING_PENDING';
  const seconds = configuration?.appConfig.profileRefreshInterval ?? DEFAULT_REFRESH_SECONDS;
  // A second subscription that polls only while the check is pending.
  useGetProfileStatusQuery(undefined, { skip: !pending, pollingInterval: seconds * 1000 });
  const [startIdProofing, { isLoading: starting }] = useStartIdProofingMutation();
  const [startFailed, setStartFailed] = useState(false);
  const [nothingToContinue, setNothingToContinue] = useState(false);

  // Once a pending check ends (other than by failing, shown here), the root flow continues.
  const wasPending = useRef(false);
  useEffect(() => {
    if (pending) wasPending.current = true;
    else if (wasPending.current && status && status !== 'ID_PROOFING_FAILED') void navigate('/');
  }, [pending, status, navigate]);

  const progress = <StepProgress current={3} />;

  const start = async () => {
    setStartFailed(false);
    setNothingToContinue(false);
    try {
      const started = await startIdProofing().unwrap();
      // A hosted provider's flow: the person completes it there and comes back to this page.
      if (started.verificationUrl) leaveTo(started.verificationUrl);
      else void navigate('/');
    } catch (error) {
      // 409 while pending: the provider already has everything and is deciding.
      if (pending && (error as { status?: unknown }).status === 409) setNothingToContinue(true);
      else setStartFailed(true);
    }
  };
  /** Starts the check, or goes back into a hosted one the person left unfinished. */
  const startButton = (label: string) => (
    <button type="button" className="button" disabled={starting} onClick={() => void start()}>
      {starting ? t('statusPages.idProofing.start.starting') : label}
    </button>
  );
  const startFailedAlert = startFailed ? (
    <p className="code-dialog__message code-dialog__message--error" role="alert">
      {t('statusPages.idProofing.start.failed')}
    </p>
  ) : null;

  if (!status) {
    return (
      <StatusPage
        title={t('statusPages.idProofing.title')}
        before={progress}
        body={
          isError ? (
            <span role="alert">{t('statusPages.loadFailed')}</span>
          ) : (
            <Spinner label={t('statusPages.loading')} />
          )
        }
      />
    );
  }

  if (pending) {
    return (
      <StatusPage
        title={t('statusPages.idProofing.pending.title')}
        before={progress}
        body={t('statusPages.idProofing.pending.body')}
        next={t('statusPages.idProofing.pending.next', { seconds })}
        signOut={false}
        actions={
          <>
            {data.hostedCheckOpen
              ? // Left the provider's flow before the end: back into it, where the person stopped.
                startButton(t('statusPages.idProofing.pending.continue'))
              : null}
            <button
              type="button"
              className={data.hostedCheckOpen ? 'button button--secondary' : 'button'}
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              {t('statusPages.idProofing.pending.refresh')}
            </button>
            {nothingToContinue ? (
              <p className="code-dialog__message" role="status">
                {t('statusPages.idProofing.pending.nothingToContinue')}
              </p>
            ) : null}
            {startFailedAlert}
          </>
        }
      />
    );
  }

  if (status === 'ID_PROOFING_FAILED') {
    return (
      <StatusPage
        title={t('statusPages.idProofing.failed.title')}
        before={progress}
        body={t('statusPages.idProofing.failed.body')}
        next={t('statusPages.idProofing.failed.next')}
        actions={
          <>
            <Link className="button button--secondary" to={detailsPath(profile?.profileType)}>
              {t('statusPages.idProofing.failed.correct')}
            </Link>
            <PhotoIdUpload />
          </>
        }
      />
    );
  }

  return (
    <StatusPage
      title={t('statusPages.idProofing.title')}
      before={progress}
      body={t('statusPages.idProofing.start.body')}
      next={
        status === 'ACTIVATED'
          ? t('statusPages.idProofing.start.done')
          : t('statusPages.idProofing.start.next')
      }
      signOut={false}
      actions={
        <>
          {status === 'ACTIVATED' ? (
            <Link className="button" to="/">
              {t('statusPages.idProofing.start.continue')}
            </Link>
          ) : (
            startButton(t('statusPages.idProofing.start.button'))
          )}
          {startFailedAlert}
        </>
      }
    />
  );
}
