// The fields a rule file sets, per form (issue 33 point 2): add a rule for any field of the form the
// file does not set yet, remove a rule, turn a field off or on again. The rules themselves are
// edited in the form below (rule-editor.tsx); this panel changes which fields it holds.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRule,
  fieldMapsOf,
  fieldState,
  removeRule,
  turnOff,
  type FieldMap,
  type Structure,
} from './field-rules';
import { texts } from './texts';

export function FieldRulesPanel({
  structure,
  shared,
  onChange,
  disabled,
}: {
  structure: Structure;
  /** A shared rule (_default, _iban…): no identity numbers. */
  shared: boolean;
  onChange: (next: Structure) => void;
  disabled?: boolean;
}) {
  const T = texts.fieldRules;
  return (
    <div className="console-field-rules">
      <p className="console-lead">{T.lead}</p>
      {fieldMapsOf(structure.form, shared).map((map) => (
        <FieldMapRules
          key={map.path.join('.')}
          map={map}
          structure={structure}
          onChange={onChange}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

function FieldMapRules({
  map,
  structure,
  onChange,
  disabled,
}: {
  map: FieldMap;
  structure: Structure;
  onChange: (next: Structure) => void;
  disabled?: boolean;
}) {
  const T = texts.fieldRules;
  const selectId = useId();
  const title = map.method
    ? T.methodMap(T.sections[map.section], map.method)
    : T.sections[map.section];
  const states = map.fields.map((name) => ({
    name,
    state: fieldState(structure.form, structure.removed, map.path, name),
  }));
  const set = states.filter((f) => f.state !== 'unset');
  const unset = states.filter((f) => f.state === 'unset').map((f) => f.name);
  const [chosen, setChosen] = useState('');
  const field = unset.includes(chosen) ? chosen : (unset[0] ?? '');
  // A field is named as the portal's form names it, in the console's language, its code beside.
  const { t } = useTranslation('fields');
  const labelOf = (name: string): string => t(name, { defaultValue: name });
  // The buttons' names: the action, the field's code and the form, then the field's label.
  const named = (action: string, name: string) => `${action}: ${name}, ${title} (${labelOf(name)})`;

  return (
    <fieldset className="console-field-map">
      <legend>{title}</legend>
      {set.length ? (
        <ul className="console-field-list">
          {set.map(({ name, state }) => (
            <li key={name}>
              <span className="console-field-name">{labelOf(name)}</span> <code>{name}</code>{' '}
              <span className={`console-status console-status--${state}`}>
                {state === 'rule' ? T.hasRule : T.off}
              </span>{' '}
              {state === 'rule' ? (
                <>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={named(T.removeRule, name)}
                    disabled={disabled}
                    onClick={() => onChange(removeRule(structure, map.path, name))}
                  >
                    {T.removeRule}
                  </button>{' '}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={named(T.turnOff, name)}
                    disabled={disabled}
                    onClick={() => onChange(turnOff(structure, map.path, name))}
                  >
                    {T.turnOff}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={named(T.turnOn, name)}
                  disabled={disabled}
                  onClick={() => onChange(removeRule(structure, map.path, name))}
                >
                  {T.turnOn}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-note">{T.none}</p>
      )}
      {unset.length ? (
        <div className="console-field-add">
          <label htmlFor={selectId}>{T.otherField(title)}</label>{' '}
          <select
            id={selectId}
            value={field}
            disabled={disabled}
            onChange={(event) => setChosen(event.target.value)}
          >
            {unset.map((name) => (
              <option key={name} value={name}>
                {`${labelOf(name)} (${name})`}
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={named(T.addRule, field)}
            disabled={disabled || !field}
            onClick={() => onChange(addRule(structure, map.path, field))}
          >
            {T.addRule}
          </button>{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={named(T.turnOff, field)}
            disabled={disabled || !field}
            onClick={() => onChange(turnOff(structure, map.path, field))}
          >
            {T.turnOff}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
