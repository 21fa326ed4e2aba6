// The live preview beside the rule editor: the draft is sent to the API (debounced) which composes
// its bank-account forms (one per transfer method) and its address form and runs its examples; the
// forms render with the same SchemaForm recipients use, over the draft's precompiled validators,
// so a record typed here is checked against the draft. A record can be kept as an example.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '../components/spinner';
import { SchemaForm } from '../components/schema-form';
import type { FormData } from '../components/schema-form';
import type { PrecompiledModule } from '../../core/validation/precompiled';
import { toFieldErrors } from '../../core/validation/errors';
import type { PreviewVariant } from './api';
import { importValidatorModule } from '../lib/published-validators';
import { texts } from './texts';
import type { PreviewState } from './use-preview';

const T = texts.country;

/** A rule file example, as in country-rules/*.json. */
export interface RuleExample {
  description: string;
  form: string;
  method?: string;
  data: FormData;
  valid?: true;
  errors?: { path: string; keyword: string }[];
}

const tabKey = (v: PreviewVariant) => `${v.formId}:${v.method ?? ''}`;
const FORM_ORDER = ['bank-account', 'address', 'profile-person'];
const tabLabel = (v: PreviewVariant) =>
  v.formId === 'bank-account'
    ? T.bankAccountForm(v.method ?? '')
    : v.formId === 'address'
      ? T.addressForm
      : v.formId === 'profile-person'
        ? T.personForm
        : v.formId;
/** Bank accounts first (what the rules are mostly about), then the address, then the rest. */
const byForm = (a: PreviewVariant, b: PreviewVariant) =>
  (FORM_ORDER.indexOf(a.formId) + 1 || 99) - (FORM_ORDER.indexOf(b.formId) + 1 || 99);

/** The module of a variant, loaded; the one before is kept while the next loads. */
function useVariantModule(url: string | undefined) {
  const [loaded, setLoaded] = useState<{ url: string; module: PrecompiledModule } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    importValidatorModule(url).then(
      (module) => {
        if (!live) return;
        setLoaded({ url, module });
        setFailed(null);
      },
      (error: unknown) => live && setFailed(String(error)),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return { module: loaded?.module, current: loaded?.url === url, failed };
}

export function LivePreview({
  country,
  state,
  onKeep,
}: {
  country: string;
  state: PreviewState;
  onKeep: (example: RuleExample) => void;
}) {
  // A refused draft (one failing the rule file schema) keeps the forms of the last one previewed,
  // with what was typed into them, until the draft passes again.
  const shown =
    state.status === 'ready' ? state.preview : state.status === 'error' ? state.last : undefined;
  const variants = useMemo(() => [...(shown?.variants ?? [])].sort(byForm), [shown]);
  const [chosen, setChosen] = useState<string | null>(null);
  const active = variants.find((v) => tabKey(v) === chosen) ?? variants[0];
  const { module, current, failed } = useVariantModule(active?.url);
  // What was typed in each form, kept across rule changes and tab switches.
  const [records, setRecords] = useState<Record<string, FormData>>({});
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const pickerId = useId();
  const noteRef = useRef<HTMLParagraphElement>(null);

  if (state.status === 'error' && !variants.length)
    return (
      <p className="console-alert console-alert--error" role="alert">
        {T.previewUnavailable}
        {state.message}
      </p>
    );
  if (!active) return <Spinner label={T.previewLoading} />;

  const key = tabKey(active);
  // The country and method the form is for; an address (the bank account's own) in the country.
  const asked = (module?.schema.properties ?? {}) as Record<string, unknown>;
  const initial: FormData = Object.fromEntries(
    Object.entries({
      countryCode: country,
      transferMethod: active.method,
      addressCountryCode: country,
    }).filter(([name, value]) => value !== undefined && name in asked),
  );
  const record = records[key] ?? initial;

  const keep = (valid: boolean) => {
    if (!module) return;
    const data = { ...initial, ...record };
    const passes = module.validate(data) === true;
    if (passes !== valid) {
      setNote({ text: valid ? T.cannotKeepPass : T.cannotKeepFail, error: true });
      return;
    }
    const errors = toFieldErrors(module.validate.errors, module.schema).map((e) => ({
      path: e.path,
      keyword: e.keyword,
    }));
    const unique = errors.filter(
      (e, i) => errors.findIndex((o) => o.path === e.path && o.keyword === e.keyword) === i,
    );
    onKeep({
      description: T.exampleDescription(
        active.formId,
        active.method,
        valid ? [] : unique.map((e) => `${e.path} ${e.keyword}`),
        new Date().toISOString().slice(0, 16).replace('T', ' '),
      ),
      form: active.formId,
      ...(active.method ? { method: active.method } : {}),
      data,
      ...(valid ? { valid: true as const } : { errors: unique }),
    });
    setNote({ text: valid ? T.keptPass : T.keptFail, error: false });
    window.setTimeout(() => noteRef.current?.focus());
  };

  return (
    <div className="console-preview">
      <div className="console-preview__picker">
        <label htmlFor={pickerId} className="schema-form__label">
          {T.forms}
        </label>
        <select
          id={pickerId}
          className="schema-form__select"
          value={key}
          onChange={(e) => {
            setChosen(e.target.value);
            setNote(null);
          }}
        >
          {variants.map((v) => (
            <option key={tabKey(v)} value={tabKey(v)}>
              {tabLabel(v)}
            </option>
          ))}
        </select>
        {state.status === 'loading' || !current ? (
          <span className="console-preview__busy" role="status">
            {T.previewLoading}…
          </span>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <p className="console-alert console-alert--error" role="alert">
          {T.previewUnavailable}
          {state.message}
        </p>
      ) : null}
      {failed ? (
        <p className="console-alert console-alert--error" role="alert">
          {T.previewUnavailable}
          {failed}
        </p>
      ) : null}
      {module ? (
        <SchemaForm
          key={key}
          formId={active.formId}
          variant={module}
          liveVariant
          idPrefix="preview"
          formData={record}
          onChange={(data) => setRecords((all) => ({ ...all, [key]: data }))}
          onSubmit={() => setNote({ text: T.previewValid, error: false })}
          submitLabel={T.previewCheck}
        >
          <button type="button" className="button button--secondary" onClick={() => keep(true)}>
            {T.keepPass}
          </button>
          <button type="button" className="button button--secondary" onClick={() => keep(false)}>
            {T.keepFail}
          </button>
        </SchemaForm>
      ) : (
        <Spinner label={T.previewLoading} />
      )}
      {note ? (
        <p
          ref={noteRef}
          tabIndex={-1}
          className={`console-alert${note.error ? ' console-alert--error' : ' console-alert--ok'}`}
          role={note.error ? 'alert' : 'status'}
        >
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
