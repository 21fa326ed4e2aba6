// Step 1 of account setup: a code is sent to the user's email when the page opens (with a 4-digit
// prefix we choose, shown before the input so the user can match the message), entered inline,
// and confirmed; the root flow then continues with the next step.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CODE_PATTERN, CodeInput, isWrongCode } from '../../../components/code-input';
import { Spinner } from '../../../components/spinner';
import { TextWithLinks } from '../../../components/text-with-links';
import { TilePage } from '../../../components/tile-page';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';
import {
  useGetProfileQuery,
  useSendVerificationCodeMutation,
  useVerifyAccountMutation,
} from '../../profile/api/profile-api';
import { randomPrefix } from '../lib/server-errors';
import { StepProgress } from '../../../components/step-progress';

type Sending = 'sending' | 'sent' | 'failed';

export default function VerifyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data: profile } = useGetProfileQuery();
  const supportUrl = configuration?.branding.footer?.supportUrl;
  const [send] = useSendVerificationCodeMutation();
  const [verify] = useVerifyAccountMutation();
  const [prefix, setPrefix] = useState('');
  const [sending, setSending] = useState<Sending>('sending');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sentOnOpen = useRef(false);

  const sendCode = useCallback(async () => {
    const sent = await send({ prefix: randomPrefix() }).unwrap();
    setPrefix(sent.prefix);
    setSending('sent');
  }, [send]);

  // Once per visit (not again when React re-runs effects in development).
  useEffect(() => {
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    sendCode().catch(() => setSending('failed'));
  }, [sendCode]);

  const complete = CODE_PATTERN.test(code);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!complete) {
      setError(t('registration.verify.codeRequired'));
      inputRef.current?.focus();
      return;
    }
    setBusy('confirm');
    setError(null);
    try {
      await verify({ otp: code }).unwrap();
      setBusy(null);
      void navigate('/');
    } catch (failure) {
      setBusy(null);
      setError(
        isWrongCode(failure)
          ? t('registration.verify.wrongCode')
          : t('registration.verify.serverError'),
      );
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    setError(null);
    setNotice(null);
    try {
      await sendCode();
      setCode('');
      setNotice(t('registration.verify.resent'));
      inputRef.current?.focus();
    } catch {
      setError(t('registration.verify.sendFailed'));
    } finally {
      setBusy(null);
    }
  };

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
        <form className="code-dialog" onSubmit={(event) => void confirm(event)} noValidate>
          <CodeInput
            prefix={prefix}
            value={code}
            onChange={setCode}
            label={t('registration.verify.codeLabel')}
            intro={
              profile?.email
                ? t('registration.verify.intro', { prefix, email: profile.email })
                : t('registration.verify.introNoEmail', { prefix })
            }
            error={error}
            notice={notice}
            inputRef={inputRef}
          />
          <div className="schema-form__actions">
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === 'confirm'
                ? t('registration.verify.checking')
                : t('registration.verify.confirm')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void resend()}
              disabled={busy !== null}
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
