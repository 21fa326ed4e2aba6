// A field rule's pattern in plain terms: staff choose "characters and length" or "one of these
// values" and the builder writes the pattern (format-pattern.ts) in the pattern's box, with sample
// values and whether it accepts each. The box may still be typed in by hand (checked as before);
// a pattern the builder cannot say opens as typed by hand.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { describedBy } from '../components/schema-form/field-ids';
import {
  accepts,
  CHARACTER_SETS,
  readPattern,
  samplesOf,
  writePattern,
  type CharacterSet,
  type CharactersFormat,
  type Format,
} from './format-pattern';
import { texts } from './texts';

type Data = Record<string, unknown>;
type Mode = 'characters' | 'oneOf' | 'advanced';

const T = texts.format;

const DEFAULT_CHARACTERS: CharactersFormat = { kind: 'characters', set: 'digits', min: 1, max: 10 };

export function FormatWidget(props: WidgetProps<Data, RJSFSchema>) {
  const { id, value, onChange, disabled, readonly, schema, uiSchema, rawErrors } = props;
  const pattern = typeof value === 'string' ? value : '';
  const read = pattern ? readPattern(pattern) : null;
  const [mode, setMode] = useState<Mode>(read ? read.kind : pattern ? 'advanced' : 'characters');
  const [values, setValues] = useState(read?.kind === 'oneOf' ? read.values.join('\n') : '');
  const off = disabled || readonly;
  const characters = read?.kind === 'characters' ? read : DEFAULT_CHARACTERS;
  const write = (format: Format) => onChange(writePattern(format));

  const changeMode = (next: Mode) => {
    setMode(next);
    if (next === 'characters' && read?.kind !== 'characters') write(DEFAULT_CHARACTERS);
    if (next === 'oneOf') {
      const list = values.split('\n').filter(Boolean);
      if (list.length) write({ kind: 'oneOf', values: list });
    }
  };
  const shown: Format | null =
    mode === 'advanced' ? read : mode === 'characters' ? characters : read;
  const samples = shown ? samplesOf(shown) : { accepted: [], refused: [] };

  return (
    <div className="console-format">
      {/* The pattern keeps the field's id: the refusals' links and the rule's label point at it. */}
      <input
        id={id}
        className="schema-form__input"
        value={pattern}
        disabled={off}
        spellCheck={false}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(e) => {
          const typed = e.target.value;
          const format = readPattern(typed);
          setMode(format?.kind ?? (typed ? 'advanced' : mode));
          if (format?.kind === 'oneOf') setValues(format.values.join('\n'));
          onChange(typed || undefined);
        }}
      />
      <label className="console-format__mode">
        {T.mode}{' '}
        <select
          className="schema-form__input"
          value={mode}
          disabled={off}
          onChange={(e) => changeMode(e.target.value as Mode)}
        >
          {(Object.keys(T.modes) as Mode[]).map((m) => (
            <option key={m} value={m}>
              {T.modes[m]}
            </option>
          ))}
        </select>
      </label>
      {mode === 'characters' ? (
        <div className="console-format__row">
          <label>
            {T.set}{' '}
            <select
              className="schema-form__input"
              value={characters.set}
              disabled={off}
              onChange={(e) => write({ ...characters, set: e.target.value as CharacterSet })}
            >
              {CHARACTER_SETS.map((s) => (
                <option key={s} value={s}>
                  {T.sets[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {T.min}{' '}
            <input
              type="number"
              className="schema-form__input console-format__length"
              min={0}
              value={characters.min}
              disabled={off}
              onChange={(e) => {
                const min = Math.max(0, Number(e.target.value) || 0);
                write({ ...characters, min, max: Math.max(min, characters.max) });
              }}
            />
          </label>
          <label>
            {T.max}{' '}
            <input
              type="number"
              className="schema-form__input console-format__length"
              min={characters.min}
              value={characters.max}
              disabled={off}
              onChange={(e) => {
                const max = Math.max(0, Number(e.target.value) || 0);
                write({ ...characters, max, min: Math.min(max, characters.min) });
              }}
            />
          </label>
        </div>
      ) : null}
      {mode === 'oneOf' ? (
        <label className="console-format__values">
          {T.values}
          <textarea
            className="schema-form__input"
            value={values}
            disabled={off}
            onChange={(e) => {
              setValues(e.target.value);
              const list = e.target.value.split('\n').filter(Boolean);
              onChange(list.length ? writePattern({ kind: 'oneOf', values: list }) : undefined);
            }}
          />
        </label>
      ) : null}
      {pattern && samples.accepted.length + samples.refused.length ? (
        <div className="console-format__samples">
          <p className="schema-form__help">{T.samples}</p>
          <ul aria-label={T.samples}>
            {[...samples.accepted, ...samples.refused].map((sample) => (
              <li key={sample}>
                <code>{sample}</code> {accepts(pattern, sample) ? T.passes : T.fails}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
