// The photo-ID path (appConfig.photoIdProofingPath) offered when the automated identity check
// failed: the front and back of an identity document and a selfie, sent to the document check.
// Each photo is checked here for type and size first, so a wrong file is said at once, by name.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitIdDocumentsMutation } from '../../../api/profile-api';

const SIDES = ['front', 'back', 'selfie'] as const;
type Side = (typeof SIDES)[number];
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 4 * 1024 * 1024;

type Photo = { contentType: string; data: string };

const readBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

export function PhotoIdUpload() {
  const { t } = useTranslation();
  const baseId = useId();
  const [photos, setPhotos] = useState<Partial<Record<Side, Photo>>>({});
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const [failed, setFailed] = useState(false);
  const [submit, { isLoading }] = useSubmitIdDocumentsMutation();

  const choose = async (side: Side, file: File | undefined) => {
    setErrors((e) => ({ ...e, [side]: undefined }));
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      setErrors((e) => ({ ...e, [side]: t('statusPages.photoId.errors.format') }));
      return;
    }
    if (file.size > MAX_BYTES) {
      setErrors((e) => ({ ...e, [side]: t('statusPages.photoId.errors.tooLarge') }));
      return;
    }
    const data = await readBase64(file);
    setPhotos((p) => ({ ...p, [side]: { contentType: file.type, data } }));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const missing = SIDES.filter((side) => !photos[side]);
    if (missing.length) {
      setErrors((e) => ({
        ...e,
        ...Object.fromEntries(missing.map((s) => [s, t('statusPages.photoId.errors.required')])),
      }));
      document.getElementById(`${baseId}-${missing[0]}`)?.focus();
      return;
    }
    try {
      await submit(photos as Record<Side, Photo>).unwrap();
    } catch {
      setFailed(true);
    }
  };

  return (
    <section className="photo-id" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="section__title">
        {t('statusPages.photoId.title')}
      </h2>
      <p>{t('statusPages.photoId.lead')}</p>
      <form noValidate onSubmit={(event) => void send(event)}>
        {SIDES.map((side) => {
          const id = `${baseId}-${side}`;
          const error = errors[side];
          return (
            <div key={side} className="schema-form__field">
              <label className="schema-form__label" htmlFor={id}>
                {t(`statusPages.photoId.${side}`)}
              </label>
              <input
                id={id}
                className="schema-form__input"
                type="file"
                accept={TYPES.join(',')}
                capture={side === 'selfie' ? 'user' : 'environment'}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onChange={(event) => void choose(side, event.target.files?.[0])}
              />
              <p id={`${id}-hint`} className="schema-form__hint">
                {t(`statusPages.photoId.${side}Hint`)}
              </p>
              {error ? (
                <p id={`${id}-error`} className="schema-form__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="schema-form__actions">
          <button type="submit" className="button" disabled={isLoading}>
            {isLoading ? t('statusPages.photoId.sending') : t('statusPages.photoId.send')}
          </button>
        </div>
        {failed ? (
          <p className="code-dialog__message code-dialog__message--error" role="alert">
            {t('statusPages.photoId.failed')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
