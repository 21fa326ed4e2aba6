// /console: every rule file with its status (GET /countries), each linking to its page.
import { Link } from 'react-router-dom';
import { consoleApi } from './api';
import { LoadState } from './load-state';
import { when } from './dates';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { useLoad } from './use-load';

const T = texts.countries;
// The audit log's action names, as a sentence reads them.
const ACTIONS: Record<string, string> = {
  publish: 'published',
  'publish.refused': 'publication refused',
  'draft.save': 'draft saved',
  'draft.refused': 'draft refused',
  'draft.restore': 'restore drafted',
  'draft.approve': 'approved',
  'draft.send-back': 'sent back',
};

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
                <td>{c.publishedVersion === null ? T.files : `version ${c.publishedVersion}`}</td>
                <td>{c.drafts || T.none}</td>
                <td>
                  {c.lastChange
                    ? `${ACTIONS[c.lastChange.action] ?? c.lastChange.action} by ${c.lastChange.by}, ${when(c.lastChange.at)}`
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
