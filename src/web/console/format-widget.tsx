// A field rule's pattern in plain terms: staff choose characters and a length, a fixed shape from
// an example mask, a beginning then characters, or a list of values, and the builder writes the
// pattern (format-pattern.ts) in the pattern's own box; they may choose one of the engine's checks
// (IBAN, BIC, ABA routing, CLABE, CBU, UK modulus, tax numbers), which sets the rule's keyword
// beside the pattern (format-checks.ts). Sample values made to pass and to fail are checked
// against the draft's compiled rule (format-provider.tsx). The box may still be typed in by hand
// (checked as before); a pattern the builder cannot say opens as typed by hand.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { describedBy } from '../components/schema-form/field-ids';
import { useFieldLabel } from '../components/schema-form/use-field-label';
import { EDITOR_ID_PREFIX } from './editor-ids';
import {
  CHECK_KEYWORDS,
  checkOf,
  checkSamples,
  defaultCheck,
  TAX_ID_SCHEMES,
  withCheck,
  type Check,
  type CheckKeyword,
  type Sample,
} from './format-checks';
import { useFormatBuilder, type Verdict } from './format-context';
import {
  accepts,
  CHARACTER_SETS,
  hasMaskClass,
  readPattern,
  samplesOf,
  writePattern,
  type CharacterSet,
  type Format,
  type FormatKind,
} from './format-pattern';
import { texts } from './texts';

type Data = Record<string, unknown>;
type Mode = 'none' | FormatKind | 'advanced';
const MODES: readonly Mode[] = ['none', 'characters', 'mask', 'prefix', 'oneOf', 'advanced'];

const T = texts.format;

const DEFAULTS = {
  characters: { kind: 'characters', set: 'digits', min: 1, max: 10 },
  mask: { kind: 'mask', mask: '99-99-99' },
  prefix: { kind: 'prefix', prefixes: ['0'], set: 'digits', min: 8, max: 8 },
} as const satisfies Record<string, Format>;

/** The field rule's path in the form, from the pattern's id (rules_bankAccount_fields_iban_pattern). */
const rulePathOf = (id: string): string[] =>
  id.split('_').slice(EDITOR_ID_PREFIX.split('_').length, -1).filter(Boolean);

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const NO_SCHEMA = {};
const COUNTRY_LIST = /^\s*([A-Z]{2}(\s*[,\s]\s*[A-Z]{2})*)?\s*$/;
const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;

export function FormatWidget(props: WidgetProps<Data, RJSFSchema>) {
  const { id, value, onChange, disabled, readonly, schema, uiSchema, rawErrors } = props;
  const builder = useFormatBuilder();
  const path = rulePathOf(id);
  const field = path[path.length - 1] ?? '';
  // The field's label as the rule's group shows it (sortCode → "Sort code").
  const fieldLabel = useFieldLabel(NO_SCHEMA, field);
  const pattern = typeof value === 'string' ? value : '';
  const read = pattern ? readPattern(pattern) : null;
  const off = Boolean(disabled || readonly);
  const own = useId();

  const [mode, setMode] = useState<Mode>(read ? read.kind : pattern ? 'advanced' : 'none');
  // What staff type in the builder's boxes, kept as typed (an empty line, a half-written mask).
  const [maskText, setMaskText] = useState(read?.kind === 'mask' ? read.mask : DEFAULTS.mask.mask);
  const [prefixText, setPrefixText] = useState(
    read?.kind === 'prefix' ? read.prefixes.join('\n') : DEFAULTS.prefix.prefixes.join('\n'),
  );
  const [valuesText, setValuesText] = useState(
    read?.kind === 'oneOf' ? read.values.join('\n') : '',
  );

  const write = (format: Format) => onChange(writePattern(format));
  const characters = read?.kind === 'characters' ? read : DEFAULTS.characters;
  const prefix =
    read?.kind === 'prefix' ? read : { ...DEFAULTS.prefix, prefixes: lines(prefixText) };

  const maskError = mode === 'mask' && !hasMaskClass(maskText) ? T.maskNoClass : null;
  const prefixError = mode === 'prefix' && !lines(prefixText).length ? T.prefixesMissing : null;
  const valuesError = mode === 'oneOf' && !lines(valuesText).length ? T.valuesMissing : null;

  const changeMode = (next: Mode) => {
    setMode(next);
    if (next === 'none') {
      setTakenOff(pattern || null);
      onChange(undefined);
    }
    if (next === 'characters' && read?.kind !== 'characters') write(DEFAULTS.characters);
    if (next === 'mask' && hasMaskClass(maskText)) write({ kind: 'mask', mask: maskText });
    if (next === 'prefix' && lines(prefixText).length) write(prefix);
    if (next === 'oneOf' && lines(valuesText).length)
      write({ kind: 'oneOf', values: lines(valuesText) });
  };

  // With no format of its own, the field may still have one from the rules the file follows
  // (not the one just taken off, which the preview may not have caught up with yet).
  const [takenOff, setTakenOff] = useState<string | null>(null);
  const compiledPattern = builder?.compiled(path)?.pattern;
  const inherited =
    !pattern && typeof compiledPattern === 'string' && compiledPattern !== takenOff
      ? compiledPattern
      : null;

  // The check is a keyword of the rule beside the pattern: it needs the whole rule.
  const rule = builder?.ruleAt(path) ?? {};
  const check = checkOf(rule);
  const setCheck = (next: Check | null) => builder?.changeRule(path, (was) => withCheck(was, next));

  const shown: Format | null =
    mode === 'characters'
      ? characters
      : mode === 'prefix'
        ? read?.kind === 'prefix'
          ? read
          : null
        : mode === 'none'
          ? null
          : read;
  const formatSamples = shown && pattern ? samplesOf(shown) : { accepted: [], refused: [] };
  const fromCheck = check ? checkSamples(check, builder?.country ?? '') : null;
  // With a check, values made only to the format's shape would fail its check digits: the
  // check's own valid values are the ones made to pass.
  const toPass: Sample[] = fromCheck
    ? fromCheck.accepted
    : formatSamples.accepted.map((v) => ({ value: v }));
  const toFail: Sample[] = [
    ...formatSamples.refused.map((v) => ({ value: v })),
    ...(fromCheck?.refused ?? []),
  ];
  const judged = (samples: Sample[]): Verdict[] =>
    builder
      ? builder.judge(path, samples)
      : // Outside a country's page (no draft compiled): the pattern alone decides.
        samples.map((s) => (pattern ? accepts(pattern, s.value) : null));
  const passVerdicts = judged(toPass);
  const failVerdicts = judged(toFail);

  const ids = {
    mode: `${own}-mode`,
    mask: `${own}-mask`,
    prefixes: `${own}-prefixes`,
    values: `${own}-values`,
    check: `${own}-check`,
    countries: `${own}-countries`,
    sortField: `${own}-sort-field`,
  };

  return (
    <div className="console-format">
      {/* The pattern keeps the field's id: the refusals' links and the rule's label point at it. */}
      <input
        id={id}
        className="schema-form__input console-format__pattern"
        value={pattern}
        disabled={off}
        spellCheck={false}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(e) => {
          const typed = e.target.value;
          const format = readPattern(typed);
          setMode(format?.kind ?? (typed ? 'advanced' : 'none'));
          if (format?.kind === 'oneOf') setValuesText(format.values.join('\n'));
          if (format?.kind === 'mask') setMaskText(format.mask);
          if (format?.kind === 'prefix') setPrefixText(format.prefixes.join('\n'));
          onChange(typed || undefined);
        }}
      />
      <fieldset className="console-format__builder">
        <legend>{T.legend(fieldLabel)}</legend>
        <div className="console-format__row">
          <label htmlFor={ids.mode}>{T.mode}</label>
          <select
            id={ids.mode}
            className="schema-form__input"
            value={mode}
            disabled={off}
            onChange={(e) => changeMode(e.target.value as Mode)}
          >
            {MODES.map((m) => (
              <option key={m} value={m}>
                {T.modes[m]}
              </option>
            ))}
          </select>
        </div>

        {mode === 'characters' ? (
          <CharactersAndLength
            label={T.set}
            value={characters}
            disabled={off}
            minimum={1}
            onChange={(next) => write({ ...characters, ...next })}
          />
        ) : null}

        {mode === 'mask' ? (
          <BuilderBox
            id={ids.mask}
            label={T.mask}
            className="console-format__mask"
            value={maskText}
            help={T.maskHelp}
            error={maskError}
            disabled={off}
            onChange={(text) => {
              setMaskText(text);
              if (hasMaskClass(text)) write({ kind: 'mask', mask: text });
            }}
          />
        ) : null}

        {mode === 'prefix' ? (
          <>
            <BuilderBox
              id={ids.prefixes}
              label={T.prefixes}
              multiline
              value={prefixText}
              error={prefixError}
              disabled={off}
              onChange={(text) => {
                setPrefixText(text);
                const prefixes = lines(text);
                if (prefixes.length) write({ ...prefix, prefixes });
              }}
            />
            <CharactersAndLength
              label={T.rest}
              value={prefix}
              disabled={off || !lines(prefixText).length}
              minimum={1}
              onChange={(next) => write({ ...prefix, ...next })}
            />
          </>
        ) : null}

        {mode === 'oneOf' ? (
          <BuilderBox
            id={ids.values}
            label={T.values}
            multiline
            value={valuesText}
            error={valuesError}
            disabled={off}
            onChange={(text) => {
              setValuesText(text);
              const list = lines(text);
              onChange(list.length ? writePattern({ kind: 'oneOf', values: list }) : undefined);
            }}
          />
        ) : null}

        {mode === 'advanced' ? <p className="schema-form__help">{T.advancedHelp}</p> : null}
        {mode === 'none' && inherited ? (
          <p className="schema-form__help">
            {T.inherited} <code>{inherited}</code>
          </p>
        ) : null}

        {builder ? (
          <CheckChoice check={check} disabled={off} ids={ids} onChange={setCheck} />
        ) : null}

        {toPass.length + toFail.length ? (
          <div className="console-format__samples">
            <p className="console-format__samples-title">{T.samples}</p>
            <div className="console-format__sample-groups">
              <SampleList title={T.madeToPass} samples={toPass} verdicts={passVerdicts} meant />
              <SampleList
                title={T.madeToFail}
                samples={toFail}
                verdicts={failVerdicts}
                meant={false}
              />
            </div>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

/** An error under a builder's box, named by the box (its text starts with the box's name). */
function FieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="schema-form__error console-format__error">
      {children}
    </p>
  );
}

/**
 * One box of the builder (a mask, beginnings, values, IBAN countries, the sort code's field): its
 * label, its help and its error under it, the error named to assistive technology.
 */
function BuilderBox({
  id,
  label,
  value,
  help,
  error,
  multiline = false,
  className,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  help?: string;
  error: string | null;
  /** A list, one a line. */
  multiline?: boolean;
  className?: string;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const box = {
    id,
    className: ['schema-form__input', multiline ? 'console-format__list' : '', className ?? '']
      .filter(Boolean)
      .join(' '),
    value,
    disabled,
    spellCheck: false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <div className="console-format__field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...box} /> : <input {...box} />}
      {help ? (
        <p id={helpId} className="schema-form__help">
          {help}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function CharactersAndLength({
  label,
  value,
  disabled,
  minimum = 0,
  onChange,
}: {
  label: string;
  value: { set: CharacterSet; min: number; max: number };
  disabled: boolean;
  /** The least "to" may be (a format of no characters at all would only accept ""). */
  minimum?: number;
  onChange: (next: { set: CharacterSet; min: number; max: number }) => void;
}) {
  const own = useId();
  // The lengths as typed: "1" on the way to "12" is not written (nor corrected) while it makes
  // no sense; the error says why, and the pattern keeps the last lengths that did.
  const [typed, setTyped] = useState({ min: String(value.min), max: String(value.max) });
  const [shown, setShown] = useState(value);
  if (shown.min !== value.min || shown.max !== value.max) {
    setShown(value);
    setTyped({ min: String(value.min), max: String(value.max) });
  }
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);
  const min = whole(typed.min);
  const max = whole(typed.max);
  const error =
    min === null || max === null
      ? T.lengthMissing
      : max < Math.max(min, minimum)
        ? T.lengthOrder(Math.max(min, minimum))
        : null;
  const errorId = `${own}-length-error`;
  const change = (next: { min: string; max: string }) => {
    setTyped(next);
    const low = whole(next.min);
    const high = whole(next.max);
    if (low !== null && high !== null && high >= Math.max(low, minimum)) {
      setShown({ ...value, min: low, max: high });
      onChange({ ...value, min: low, max: high });
    }
  };
  const described = error ? errorId : undefined;
  return (
    <>
      <div className="console-format__row">
        <label htmlFor={`${own}-set`}>{label}</label>
        <select
          id={`${own}-set`}
          className="schema-form__input"
          value={value.set}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, set: e.target.value as CharacterSet })}
        >
          {CHARACTER_SETS.map((s) => (
            <option key={s} value={s}>
              {T.sets[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-format__row">
        <label htmlFor={`${own}-min`}>{T.min}</label>
        <input
          id={`${own}-min`}
          type="number"
          inputMode="numeric"
          className="schema-form__input console-format__length"
          min={0}
          value={typed.min}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => change({ ...typed, min: e.target.value })}
        />
        <label htmlFor={`${own}-max`}>{T.max}</label>
        <input
          id={`${own}-max`}
          type="number"
          inputMode="numeric"
          className="schema-form__input console-format__length"
          min={Math.max(min ?? 0, minimum)}
          value={typed.max}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => change({ ...typed, max: e.target.value })}
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}

function CheckChoice({
  check,
  disabled,
  ids,
  onChange,
}: {
  check: Check | null;
  disabled: boolean;
  ids: { check: string; countries: string; sortField: string };
  onChange: (check: Check | null) => void;
}) {
  const [countriesText, setCountriesText] = useState(
    check?.keyword === 'iban' && check.countries !== true ? check.countries.join(' ') : '',
  );
  const [sortField, setSortField] = useState(
    check?.keyword === 'ukModulus' ? check.field : 'sortCode',
  );
  const countriesError = COUNTRY_LIST.test(countriesText) ? null : T.ibanCountriesFormat;
  const sortFieldError = FIELD_NAME.test(sortField) ? null : T.sortFieldFormat;
  return (
    <>
      <div className="console-format__row">
        <label htmlFor={ids.check}>{T.check}</label>
        <select
          id={ids.check}
          className="schema-form__input"
          value={check?.keyword ?? ''}
          disabled={disabled}
          onChange={(e) => {
            const keyword = e.target.value as CheckKeyword | '';
            onChange(keyword ? defaultCheck(keyword) : null);
            setCountriesText('');
            setSortField('sortCode');
          }}
        >
          <option value="">{T.checks.none}</option>
          {CHECK_KEYWORDS.map((k) => (
            <option key={k} value={k}>
              {T.checks[k]}
            </option>
          ))}
        </select>
      </div>
      {check?.keyword === 'iban' ? (
        <BuilderBox
          id={ids.countries}
          label={T.ibanCountries}
          value={countriesText}
          error={countriesError}
          disabled={disabled}
          onChange={(typed) => {
            const text = typed.toUpperCase();
            setCountriesText(text);
            if (!COUNTRY_LIST.test(text)) return;
            const countries = text.split(/[\s,]+/).filter(Boolean);
            onChange({ keyword: 'iban', countries: countries.length ? countries : true });
          }}
        />
      ) : null}
      {check?.keyword === 'ukModulus' ? (
        <BuilderBox
          id={ids.sortField}
          label={T.sortField}
          value={sortField}
          error={sortFieldError}
          disabled={disabled}
          onChange={(text) => {
            setSortField(text);
            if (FIELD_NAME.test(text)) onChange({ keyword: 'ukModulus', field: text });
          }}
        />
      ) : null}
      {check?.keyword === 'taxId' ? (
        <TaxScheme
          scheme={check.scheme}
          disabled={disabled}
          onChange={(scheme) => onChange({ keyword: 'taxId', scheme })}
        />
      ) : null}
    </>
  );
}

function TaxScheme({
  scheme,
  disabled,
  onChange,
}: {
  scheme: string;
  disabled: boolean;
  onChange: (scheme: string) => void;
}) {
  const id = useId();
  return (
    <div className="console-format__row">
      <label htmlFor={id}>{T.taxScheme}</label>
      <select
        id={id}
        className="schema-form__input"
        value={scheme}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {TAX_ID_SCHEMES.map((s) => (
          <option key={s} value={s}>
            {T.taxSchemes[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function SampleList({
  title,
  samples,
  verdicts,
  meant,
}: {
  title: string;
  samples: Sample[];
  verdicts: Verdict[];
  /** Whether these samples are made to pass. */
  meant: boolean;
}) {
  const titleId = useId();
  if (!samples.length) return null;
  return (
    <div className="console-format__sample-group">
      <p id={titleId}>{title}</p>
      <ul aria-labelledby={titleId} className="console-format__sample-list">
        {samples.map((sample, i) => {
          const verdict = verdicts[i];
          const off = typeof verdict === 'boolean' && verdict !== meant;
          return (
            <li
              key={`${sample.value}-${i}`}
              className={off ? 'console-format__sample--off' : undefined}
            >
              <code>{sample.value}</code>
              {sample.with
                ? ` (${Object.entries(sample.with)
                    .map(([name, v]) => `${name} ${v}`)
                    .join(', ')})`
                : null}{' '}
              {verdict === true ? (
                <span className="console-format__verdict--pass">{T.passes}</span>
              ) : verdict === false ? (
                <span className="console-format__verdict--fail">{T.fails}</span>
              ) : verdict === 'absent' ? (
                T.absent
              ) : (
                T.checking
              )}
              {off ? ` ${meant ? T.shouldPass : T.shouldFail}` : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
