// A form generated from a form variant's JSON Schema: RJSF over the precompiled validator of the
// variant (no schema is compiled in the browser), the uiSchema of ui-schemas/<formId>.json, our
// theme, and our error keys rendered in the current language. Errors show after the first submit
// attempt and then live under their fields; a failed submit shows the summary and focuses the
// first invalid field. The summary lists what was wrong at the last submit (see ErrorListTemplate).
// Server errors (and a page's own live checks passed the same way) show under their fields.
// In edit mode (editMode) fields whose stored value the server keeps may stay empty.
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import {
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_NAMESPACES } from '../../lib/i18n';
import type { JsonSchema } from '../../../core/schemas/json-schema';
import type { PrecompiledModule } from '../../../core/validation/precompiled';
import { Spinner } from '../spinner';
import { dropRelaxedRequired, editUiSchema, relaxedFields, type EditMode } from './edit-mode';
import type { SchemaFormContext } from './form-context';
import { serverErrorSchema, translateErrors, type ServerFieldError } from './messages';
import { templates, widgets } from './theme';
import { loadUiSchema } from './ui-schemas';
import { useFormVariant } from './use-form-variant';
import { validatorFor, type FormData } from './validator';

export interface SchemaFormProps {
  formId: string;
  country?: string;
  method?: string;
  formData?: FormData;
  onChange?: (data: FormData) => void;
  /** Called with valid data; the submit button stays disabled until a returned promise settles. */
  onSubmit: (data: FormData) => unknown;
  /** The API's field errors, each shown on the field its path names. */
  serverErrors?: readonly ServerFieldError[];
  submitLabel: string;
  disabled?: boolean;
  /** Disables only the submit button (a form that may not be sent yet), not the fields. */
  submitDisabled?: boolean;
  /** Extra buttons after the submit button. */
  children?: ReactNode;
  /** Country codes the country widgets offer (the merchant's supportedCountries). */
  countries?: readonly string[];
  /** Additions to the form's uiSchema (ui-schemas/<formId>.json), merged per field. */
  uiSchema?: UiSchema;
  /** Editing a stored record: the fields that may stay empty to keep their stored value. */
  editMode?: EditMode;
  /** Translated lines under fields, by field name (e.g. where a suggested value came from). */
  notes?: Readonly<Record<string, string>>;
  /** Prefix of the input ids (default "root"): a second form on a page needs its own. */
  idPrefix?: string;
  /**
   * Keywords whose errors do not stop the form: the server reads them as facts, not mistakes (a
   * date of birth under the minimum age makes the profile a minor's, who then needs a guardian).
   */
  advisoryKeywords?: readonly string[];
  /**
   * The variant follows a field of this form (the person form's residency decides which identity
   * numbers are asked): the form stays mounted across variants, keeping focus and the errors
   * already shown, and drops the fields the new variant does not have instead of refusing them.
   */
  liveVariant?: boolean;
  /**
   * A variant the page already has (the rules console's draft previews, served by the API): the
   * form uses it as it is instead of loading the portal's own by formId, country and method.
   */
  variant?: PrecompiledModule;
}

/**
 * Memoized: a parent that keeps the typed values (a key re-renders it) renders the form again only
 * when a prop really changed; RJSF already holds what is on screen.
 */
export const SchemaForm = memo(function SchemaForm(props: SchemaFormProps) {
  if (props.variant) {
    // The uiSchema may still be loading here (it loads with the variant on the other path).
    return (
      <Suspense fallback={<Spinner />}>
        <VariantForm
          key={props.liveVariant ? props.formId : props.variant.key}
          {...props}
          variant={props.variant}
        />
      </Suspense>
    );
  }
  return <LoadedSchemaForm {...props} />;
});

/** The form of the portal's own precompiled variant for formId, country and method. */
function LoadedSchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation();
  const state = useFormVariant(props.formId, props.country, props.method);
  // A live variant keeps showing the one before while the next loads (no spinner flash).
  const [shown, setShown] = useState<PrecompiledModule | null>(null);
  if (state.status === 'ready' && shown !== state.variant) setShown(state.variant);
  if (state.status === 'loading' && props.liveVariant && shown) {
    return <VariantForm key={props.formId} {...props} variant={shown} />;
  }
  if (state.status === 'loading') return <Spinner label={t('form.loading')} />;
  if (state.status === 'error') {
    return (
      <p className="schema-form__load-error" role="alert">
        {t('form.loadFailed')}
      </p>
    );
  }
  return (
    <VariantForm
      key={props.liveVariant ? props.formId : state.variant.key}
      {...props}
      variant={state.variant}
    />
  );
}

function mergeUiSchema(base: UiSchema, extra: UiSchema | undefined): UiSchema {
  if (!extra) return base;
  const merged: UiSchema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key] as unknown;
    merged[key] =
      current &&
      typeof current === 'object' &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
        ? { ...current, ...value }
        : value;
  }
  return merged;
}

// A const is a rule, not an answer (termsAccepted: const true must be ticked by the user), and a
// required checkbox stays unanswered until the user answers it.
const DEFAULTS_BEHAVIOR = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

const valueAt = (data: FormData | undefined, pointer: string): unknown =>
  pointer
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (node, token) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined,
      data,
    );

function VariantForm({
  variant,
  formId,
  formData,
  onChange,
  onSubmit,
  serverErrors,
  submitLabel,
  disabled,
  submitDisabled,
  children,
  countries,
  uiSchema: extraUiSchema,
  editMode,
  notes,
  idPrefix = 'root',
  advisoryKeywords,
  liveVariant,
}: SchemaFormProps & { variant: PrecompiledModule }) {
  // Loaded with the variant (use-form-variant); named here so a language change loads them too.
  const { t, i18n } = useTranslation(['common', ...FORM_NAMESPACES]);
  const schema = variant.schema as RJSFSchema;
  const jsonSchema = variant.schema as JsonSchema;
  const validator = validatorFor(variant);
  const formRef = useRef<Form<FormData, RJSFSchema, SchemaFormContext>>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [data, setData] = useState<FormData>(formData ?? {});
  // Data that replaces what the user typed (a new formData from the parent, a pruning): RJSF must
  // be given it even though nothing else changed (see the form below).
  const [replacements, setReplacements] = useState(0);
  const [given, setGiven] = useState(formData);
  if (given !== formData) {
    setGiven(formData);
    if (formData) {
      setData(formData);
      setReplacements(replacements + 1);
    }
  }
  // The error summary takes the errors anew on a submit attempt, the server's answer, a new
  // language or new rules; between two it stays as it was (see ErrorListTemplate).
  const [summaryVersion, setSummaryVersion] = useState(0);
  const renewSummary = useCallback(() => setSummaryVersion((version) => version + 1), []);
  // Server errors stay on a field until its value changes.
  const [serverState, setServerState] = useState({ errors: serverErrors, data });
  if (serverState.errors !== serverErrors) {
    setServerState({ errors: serverErrors, data });
    setSummaryVersion(summaryVersion + 1);
  }

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const formUiSchema = use(loadUiSchema(formId));
  const baseUiSchema = useMemo(
    () =>
      mergeUiSchema(mergeUiSchema(formUiSchema, extraUiSchema), {
        'ui:submitButtonOptions': { norender: true },
      }),
    [formUiSchema, extraUiSchema],
  );
  // Edit mode: relaxed fields lose their required marker, noted fields show their note.
  const relaxedKey = relaxedFields(editMode, baseUiSchema, data).join(',');
  const uiSchema = useMemo(() => {
    // A page's own notes show like edit mode's, after them.
    const mode: EditMode | undefined = notes
      ? { optionalFields: editMode?.optionalFields ?? [], notes: { ...editMode?.notes, ...notes } }
      : editMode;
    return editUiSchema(baseUiSchema, mode, relaxedKey ? relaxedKey.split(',') : []);
  }, [baseUiSchema, editMode, notes, relaxedKey]);

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      translateErrors(
        dropRelaxedRequired(errors, editMode, baseUiSchema).filter(
          (e) => !advisoryKeywords?.includes(e.name ?? ''),
        ),
        jsonSchema,
        t,
        i18n,
      ),
    [editMode, baseUiSchema, advisoryKeywords, jsonSchema, t, i18n],
  );

  const extraErrors = useMemo(() => {
    const visible = (serverState.errors ?? []).filter(
      (e) => valueAt(data, e.path) === valueAt(serverState.data, e.path),
    );
    return visible.length ? serverErrorSchema(visible, jsonSchema, t, i18n) : undefined;
  }, [serverState, data, jsonSchema, t, i18n]);

  // A live variant drops the fields the new variant does not ask for (a US SSN typed before the
  // residency became France), so the page never sends a field the server would refuse.
  const [variantSeen, setVariantSeen] = useState(variant.key);
  const [pruned, setPruned] = useState<FormData | null>(null);
  if (variantSeen !== variant.key) {
    setVariantSeen(variant.key);
    const asked = jsonSchema.properties ?? {};
    if (liveVariant && Object.keys(data).some((field) => !(field in asked))) {
      const kept = Object.fromEntries(Object.entries(data).filter(([field]) => field in asked));
      setData(kept);
      setReplacements(replacements + 1);
      setPruned(kept);
    }
  }
  useEffect(() => {
    if (pruned) onChange?.(pruned);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tell the page once per pruning
  }, [pruned]);

  // Errors already shown follow a change of language, and of the variant's rules (the console's
  // preview, whose rules change as staff edit them). After RJSF has taken the new schema (it
  // does in its componentDidUpdate, after this effect), and without moving the focus.
  const language = i18n.language;
  const quietValidation = useRef(false);
  useEffect(() => {
    if (!attempted) return undefined;
    const timer = window.setTimeout(() => {
      quietValidation.current = true;
      try {
        formRef.current?.validateForm();
        renewSummary();
      } finally {
        quietValidation.current = false;
      }
    });
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a change of language or rules
  }, [language, variant]);

  const focusFirstInvalid = useCallback(() => {
    if (quietValidation.current) return;
    const root = rootRef.current;
    const field = root?.querySelector<HTMLElement>(
      'input[aria-invalid="true"]:not([type="hidden"]), select[aria-invalid="true"], textarea[aria-invalid="true"]',
    );
    if (field) field.focus();
    else root?.querySelector<HTMLElement>('.schema-form__summary a')?.focus();
  }, []);

  // Only what widgets read: a context that changed with every key would re-render every field.
  const codePrefix = typeof data.prefix === 'string' ? data.prefix : undefined;
  const formContext = useMemo<SchemaFormContext>(
    () => ({ countries, codePrefix, idPrefix, summaryVersion }),
    [countries, codePrefix, idPrefix, summaryVersion],
  );

  const handleChange = useCallback(
    (event: IChangeEvent<FormData>) => {
      const next = event.formData ?? {};
      setData(next);
      onChange?.(next);
    },
    [onChange],
  );

  const handleSubmit = useCallback(
    async (event: IChangeEvent<FormData>) => {
      setAttempted(true);
      renewSummary();
      if (submitting) return;
      setSubmitting(true);
      try {
        await onSubmit(event.formData ?? {});
      } finally {
        if (mounted.current) setSubmitting(false);
      }
    },
    [submitting, onSubmit, renewSummary],
  );

  // RJSF keeps the data as the user types; the form is rendered again only when something else
  // it is given changes (errors, rules, edit mode, language, a submit), and then with the current
  // data. Rendered on every key, RJSF rendered and re-derived the whole form a second time per key
  // (it re-derives its state from any new formData). `replacements` hands it data that replaces
  // what was typed.
  const form = useMemo(
    () => (
      <Form<FormData, RJSFSchema, SchemaFormContext>
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        idPrefix={idPrefix}
        liveValidate={attempted ? 'onChange' : undefined}
        // The summary comes with a submit attempt: errors shown while typing stay under their
        // fields and do not push the form down under the user's pointer.
        showErrorList={attempted ? 'top' : false}
        focusOnFirstError={focusFirstInvalid}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
        disabled={disabled}
        onChange={handleChange}
        onError={() => {
          setAttempted(true);
          renewSummary();
        }}
        onSubmit={(event) => void handleSubmit(event)}
      >
        <div className="schema-form__actions">
          <button
            type="submit"
            className="button"
            disabled={disabled || submitDisabled || submitting}
          >
            {submitting ? t('form.submitting') : submitLabel}
          </button>
          {children}
        </div>
      </Form>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not `data`: see above
    [
      schema,
      uiSchema,
      validator,
      replacements,
      formContext,
      transformErrors,
      extraErrors,
      idPrefix,
      attempted,
      focusFirstInvalid,
      disabled,
      handleChange,
      handleSubmit,
      renewSummary,
      submitDisabled,
      submitting,
      submitLabel,
      children,
      t,
    ],
  );

  const requiredNote = useMemo(() => t('form.requiredNote'), [t]);
  const hasRequired = (jsonSchema.required ?? []).some(
    (name) => (uiSchema[name] as UiSchema | undefined)?.['ui:widget'] !== 'hidden',
  );

  return (
    <div ref={rootRef} className="schema-form" data-variant={variant.key}>
      {hasRequired ? <p className="schema-form__required-note">{requiredNote}</p> : null}
      {form}
    </div>
  );
}
