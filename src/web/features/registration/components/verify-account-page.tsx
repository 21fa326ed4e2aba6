// Step 1 of account setup: a code is sent to the user's email when the page opens (with a 4-digit
// prefix we choose, shown before the input so the user can match the message), entered inline,
// and confirmed; the root flow then continues with the next step.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CodeInput } from '../../../components/code-input';
import { randomPrefix, useCodeEntry } from '../../../components/use-code-entry';
import { Spinner } from '../../../components/spinner';
import { TextWithLinks } from '../../../components/text-with-links';
import { TilePage } from '../../../components/tile-page';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import {
  useGetProfileQuery,
  useSendVerificationCodeMutation,
  useVerifyAccountMutation,
} from '../../../api/profile-api';
import { StepProgress } from '../../../components/step-progress';

type Sending = 'sending' | 'sent' | 'failed';

const SENT_KEY = 'payee-portal.verification-code';
/** A code mailed less than this long before it expires is not offered again on reopening. */
const MIN_LEFT_MS = 2 * 60_000;

interface SentCode {
  profileId: string;
  prefix: string;
  expiresAt: string;
}

function rememberSentCode(
  profileId: string | undefined,
  sent: { prefix: string; expiresAt?: string },
) {
  if (!profileId || !sent.expiresAt) return;
  try {
    const entry: SentCode = { profileId, prefix: sent.prefix, expiresAt: sent.expiresAt };
    sessionStorage.setItem(SENT_KEY, JSON.stringify(entry));
  } catch {
    // Storage refused (private mode): a new code is sent on the next visit, as before.
  }
}

function recentCode(profileId: string): SentCode | null {
  try {
    const entry = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? 'null') as SentCode | null;
    if (entry?.profileId !== profileId) return null;
    return Date.parse(entry.expiresAt) - Date.now() > MIN_LEFT_MS ? entry : null;
  } catch {
    return null;
  }
}

export default function VerifyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data: profile } = useGetProfileQuery();
  const supportUrl = configuration?.branding.footer?.supportUrl;
  const [send] = useSendVerificationCodeMutation();
  const profileId = profile?.id;
  const [verify] = useVerifyAccountMutation();
  const [sentPrefix, setPrefix] = useState('');
  const [sendingState, setSending] = useState<Sending>('sending');
  const sentOnOpen = useRef(false);
  // A code this tab sent that is still good: reopening or reloading the page shows its prefix
  // instead of mailing a new one each time (which would also run into the sending limit).
  const remembered = useMemo(() => (profileId ? recentCode(profileId) : null), [profileId]);
  const prefix = sentPrefix || remembered?.prefix || '';
  const sending: Sending = sendingState === 'sending' && remembered ? 'sent' : sendingState;

  const sendCode = useCallback(
    () =>
      send({ prefix: randomPrefix() })
        .unwrap()
        .then((sent) => {
          rememberSentCode(profileId, sent);
          setPrefix(sent.prefix);
          setSending('sent');
        }),
    [send, profileId],
  );

  // Once per visit (not again when React re-runs effects in development), unless a code this tab
  // sent is still good.
  useEffect(() => {
    if (sentOnOpen.current || !profileId) return;
    sentOnOpen.current = true;
    if (remembered) return;
    sendCode().catch(() => setSending('failed'));
  }, [sendCode, profileId, remembered]);

  const entry = useCodeEntry({
    onConfirm: async (otp) => {
      await verify({ otp }).unwrap();
      void navigate('/');
    },
    onResend: sendCode,
    messages: {
      wrongCode: t('registration.verify.wrongCode'),
      tooManyAttempts: t('codeDialog.tooManyAttempts'),
      serverError: t('registration.verify.serverError'),
      resent: t('registration.verify.resent'),
      resendFailed: t('registration.verify.sendFailed'),
      incomplete: t('registration.verify.codeRequired'),
    },
  });

  return (
    <TilePage title={t('registration.verify.title')} lead={t('registration.verify.lead')}>
      <StepProgress current={1} />
      {sending === 'sending' ? <Spinner label={t('registration.verify.sending')} /> : null}
      {sending === 'failed' ? (
        <div>
          <p className="code-dialog__message code-dialog__message--error" role="alert">
            {t('registration.verify.sendFailed')}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setSending('sending');
              sendCode().catch(() => setSending('failed'));
            }}
          >
            {t('registration.verify.sendAgain')}
          </button>
        </div>
      ) : null}
      {sending === 'sent' ? (
        <form className="code-dialog" onSubmit={(event) => void entry.confirm(event)} noValidate>
          <CodeInput
            prefix={prefix}
            value={entry.code}
            onChange={entry.setCode}
            label={t('registration.verify.codeLabel')}
            intro={
              profile?.email
                ? t('registration.verify.intro', { prefix, email: profile.email })
                : t('registration.verify.introNoEmail', { prefix })
            }
            error={entry.error}
            notice={entry.notice}
            inputRef={entry.inputRef}
          />
          <div className="schema-form__actions">
            <button type="submit" className="button" disabled={entry.busy !== null}>
              {entry.busy === 'confirm'
                ? t('registration.verify.checking')
                : t('registration.verify.confirm')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void entry.resend()}
              disabled={entry.busy !== null}
            >
              {t('registration.verify.resend')}
            </button>
          </div>
          {supportUrl ? (
            <TextWithLinks
              className="code-dialog__help"
              i18nKey="registration.verify.help"
              links={[{ href: supportUrl }]}
            />
          ) : (
            <p className="code-dialog__help">{t('registration.verify.helpNoLink')}</p>
          )}
        </form>
      ) : null}
    </TilePage>
  );
}
