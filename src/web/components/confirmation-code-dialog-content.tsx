// The one-time code dialog's content (see confirmation-code-dialog.tsx): "Wrong OTP" from the
// server reads as a wrong code; any other failure as a server error.
import { useId, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetConfigurationQuery } from '../api/configuration-api';
import { CodeInput } from './code-input';
import { useCodeEntry } from './use-code-entry';
import { Modal } from './modal';
import { TextWithLinks } from './text-with-links';
import type { ConfirmationCodeDialogProps } from './confirmation-code-dialog';

export default function CodeDialogContent({
  prefix,
  onConfirm,
  onResend,
  onClose,
  returnFocus,
}: ConfirmationCodeDialogProps) {
  const { t } = useTranslation();
  const { data: configuration } = useGetConfigurationQuery();
  const supportUrl = configuration?.branding.footer?.supportUrl;
  const entry = useCodeEntry({
    onConfirm,
    onResend,
    messages: {
      wrongCode: t('codeDialog.wrongCode'),
      tooManyAttempts: t('codeDialog.tooManyAttempts'),
      serverError: t('codeDialog.serverError'),
      resent: t('codeDialog.resent'),
      resendFailed: t('codeDialog.serverError'),
    },
  });
  const { inputRef } = entry;
  const formId = useId();

  // The code field is where the user starts. A layout effect of the modal's parent runs after the
  // modal's own (which focuses its first button), in the same commit, before any paint: a passive
  // effect could run later, leaving focus on the button meanwhile.
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, [inputRef]);

  return (
    <Modal
      open
      title={t('codeDialog.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void entry.resend()}
            disabled={entry.busy !== null}
          >
            {t('codeDialog.resend')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button"
            disabled={!entry.complete || entry.busy !== null}
          >
            {entry.busy === 'confirm' ? t('codeDialog.checking') : t('codeDialog.confirm')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="code-dialog"
        onSubmit={(event) => void entry.confirm(event)}
        noValidate
      >
        <CodeInput
          prefix={prefix}
          value={entry.code}
          onChange={entry.setCode}
          label={t('codeDialog.codeLabel')}
          intro={t('codeDialog.intro', { prefix })}
          error={entry.error}
          notice={entry.notice}
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
