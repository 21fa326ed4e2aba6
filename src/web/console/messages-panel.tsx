// The messages a rule file writes itself (`translations`): a field rule may name a message key
// the portal's locales lack; staff write it here in every language and it ships with the rules.
// A key the draft names without a text (the preview's problem) is offered to be written.
import { useState } from 'react';
import type { MessageTexts } from './editor-schema';
import { texts } from './texts';
import { LOCALES } from '../../core/i18n/locales';

const T = texts.messages;
const KEY = /^[a-zA-Z][a-zA-Z0-9_.]*$/;

const blank = (): Record<string, string> =>
  Object.fromEntries(LOCALES.map((language) => [language, '']));
const idOf = (key: string, language: string) =>
  `message-${key.replace(/[^\w-]/g, '-')}-${language}`;

export function MessagesPanel({
  messages,
  onChange,
  missing,
}: {
  messages: MessageTexts;
  onChange: (next: MessageTexts) => void;
  missing: readonly string[];
}) {
  const [newKey, setNewKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const add = (key: string) => {
    if (!KEY.test(key)) {
      setKeyError(T.keyFormat);
      return;
    }
    setKeyError(null);
    setNewKey('');
    if (!messages[key]) onChange({ ...messages, [key]: blank() });
  };
  const write = (key: string, language: string, text: string) =>
    onChange({ ...messages, [key]: { ...messages[key], [language]: text } });
  const remove = (key: string) =>
    onChange(Object.fromEntries(Object.entries(messages).filter(([k]) => k !== key)));
  const unwritten = missing.filter((key) => !messages[key]);

  return (
    <div className="console-messages">
      {unwritten.map((key) => (
        <p key={key} className="console-note">
          {T.missing(key)}{' '}
          <button type="button" className="button button--small" onClick={() => add(key)}>
            {T.writeMissing(key)}
          </button>
        </p>
      ))}
      {Object.keys(messages).length === 0 ? <p>{T.none}</p> : null}
      {Object.entries(messages).map(([key, byLanguage]) => (
        <fieldset key={key} className="schema-form__group console-message">
          <legend className="schema-form__label">{key}</legend>
          {LOCALES.map((language) => (
            <div key={language} className="schema-form__field">
              <label className="schema-form__label" htmlFor={idOf(key, language)}>
                {T.languages[language]}
              </label>
              <input
                id={idOf(key, language)}
                className="schema-form__input"
                lang={language}
                value={byLanguage[language] ?? ''}
                aria-invalid={byLanguage[language] ? undefined : true}
                onChange={(e) => write(key, language, e.target.value)}
              />
            </div>
          ))}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => remove(key)}
          >
            {T.remove(key)}
          </button>
        </fieldset>
      ))}
      <div className={`schema-form__field${keyError ? ' schema-form__field--invalid' : ''}`}>
        <label className="schema-form__label" htmlFor="message-new-key">
          {T.newKey}
        </label>
        <input
          id="message-new-key"
          className="schema-form__input"
          value={newKey}
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? 'message-new-key-error' : undefined}
          onChange={(e) => setNewKey(e.target.value)}
        />
        {keyError ? (
          <p id="message-new-key-error" className="schema-form__error">
            {keyError}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button--secondary" onClick={() => add(newKey)}>
        {T.add}
      </button>
    </div>
  );
}
