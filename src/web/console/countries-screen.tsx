// /console: every rule file with its status (GET /countries), each linking to its page, and the
// creation of a country that has no file of its own from a template (issue 33 point 2).
import { Link } from 'react-router-dom';
import { ISO_COUNTRIES } from '../components/schema-form/countries';
import { consoleApi } from './api';
import { TemplateChooser } from './template-chooser';
import { LoadState } from './load-state';
import { when } from './dates';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { useLoad } from './use-load';

const T = texts.countries;

export function CountriesScreen() {
  const { state, reload } = useLoad(() => consoleApi.countries(), []);
  const heading = useFocusHeading();
  return (
    <section aria-labelledby="countries-title">
      <h1 id="countries-title" ref={heading} tabIndex={-1}>
        {T.heading}
      </h1>
      <p className="console-lead">{T.lead}</p>
      {state.status !== 'ready' ? (
        <LoadState state={state} onRetry={reload} />
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{T.country}</th>
              <th scope="col">{T.published}</th>
              <th scope="col">{T.drafts}</th>
              <th scope="col">{T.lastChange}</th>
            </tr>
          </thead>
          <tbody>
            {state.value.map((c) => (
              <tr key={c.country}>
                <th scope="row">
                  <Link to={`/console/countries/${c.country}`}>
                    {c.name} <span className="console-code">{c.country}</span>
                  </Link>
                </th>
                <td>
                  {!c.file
                    ? T.noFile
                    : c.publishedVersion === null
                      ? T.files
                      : `version ${c.publishedVersion}`}
                </td>
                <td>{c.drafts || T.none}</td>
                <td>
                  {c.lastChange
                    ? texts.lastChange(
                        texts.actions[c.lastChange.action] ?? c.lastChange.action,
                        c.lastChange.by,
                        when(c.lastChange.at),
                      )
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.status === 'ready' ? (
        <section className="console-card" aria-labelledby="create-title">
          <h2 id="create-title">{texts.create.heading}</h2>
          <p className="console-lead">{texts.create.lead}</p>
          <TemplateChooser
            countries={ISO_COUNTRIES.filter(
              (code) => !state.value.some((c) => c.country === code && c.file),
            )}
          />
        </section>
      ) : null}
    </section>
  );
}
