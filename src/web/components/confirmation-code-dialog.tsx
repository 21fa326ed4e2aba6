// The one-time code dialog (claim acceptance, Zelle and account verification): the 4-digit prefix
// the server chose is shown before a 6-digit input, so the user can match the message they
// received. "Wrong OTP" from the server reads as a wrong code; any other failure as a server error.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetConfigurationQuery } from '../features/configuration/api/configuration-api';
import { CODE_PATTERN, CodeInput, isWrongCode } from './code-input';
import { Modal } from './modal';
import { TextWithLinks } from './text-with-links';

// Screens that handle a code themselves import these with the dialog.
export { CODE_PATTERN, isWrongCode };

export interface ConfirmationCodeDialogProps {
  open: boolean;
  /** The 4 digits the sent code starts with. */
  prefix: string;
  onConfirm: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmationCodeDialog(props: ConfirmationCodeDialogProps) {
  // Mounted only while open, so every opening starts with an empty code and no message.
  return props.open ? <CodeDialogContent {...props} /> : null;
}

function CodeDialogContent({ prefix, onConfirm, onResend, onClose }: ConfirmationCodeDialogProps) {
  const { t } = useTranslation();
  const { data: configuration } = useGetConfigurationQuery();
  const supportUrl = configuration?.branding.footer?.supportUrl;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  // Runs after the modal focused its first button: the code field is where the user starts.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const complete = CODE_PATTERN.test(code);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy('confirm');
    setError(null);
    setNotice(null);
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(isWrongCode(failure) ? t('codeDialog.wrongCode') : t('codeDialog.serverError'));
      inputRef.current?.focus();
      inputRef.current?.select();
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    setError(null);
    setNotice(null);
    try {
      await onResend();
      setCode('');
      setNotice(t('codeDialog.resent'));
      inputRef.current?.focus();
    } catch {
      setError(t('codeDialog.serverError'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      title={t('codeDialog.title')}
      onClose={onClose}
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void resend()}
            disabled={busy !== null}
          >
            {t('codeDialog.resend')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button"
            disabled={!complete || busy !== null}
          >
            {busy === 'confirm' ? t('codeDialog.checking') : t('codeDialog.confirm')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="code-dialog"
        onSubmit={(event) => void confirm(event)}
        noValidate
      >
        <CodeInput
          prefix={prefix}
          value={code}
          onChange={setCode}
          label={t('codeDialog.codeLabel')}
          intro={t('codeDialog.intro', { prefix })}
          error={error}
          notice={notice}
          inputRef={inputRef}
        />
        {supportUrl ? (
          <TextWithLinks
            className="code-dialog__help"
            i18nKey="codeDialog.help"
            links={[{ href: supportUrl }]}
          />
        ) : (
          <p className="code-dialog__help">{t('codeDialog.helpNoLink')}</p>
        )}
      </form>
    </Modal>
  );
}
