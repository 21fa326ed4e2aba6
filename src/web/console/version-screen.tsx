// A version: its readable changes against the published rules, its example results, and the
// actions the staff member may take (approve, send back, publish; restore a published or seed
// version). The server decides who may: its refusal (an editor, or the author, approving) shows
// in an alert.
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConsoleApiError, consoleApi, type VersionDetail } from './api';
import { changeText } from './change-text';
import { LoadState } from './load-state';
import { when } from './dates';
import { useStaff } from './staff-context';
import { useLoad } from './use-load';
import { ExampleResultCell } from './country-screen';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { VersionStatusName } from './version-status';
import { findingText, refusalFieldText } from './finding-text';

const T = texts.version;

/** What an example expects, with the field and check a failing one names (from the rule file). */
function expectedOf(rules: VersionDetail['rules'], index: number, expected: 'pass' | 'fail') {
  if (expected === 'pass') return texts.country.pass;
  const examples = Array.isArray(rules?.examples) ? (rules.examples as unknown[]) : [];
  const errors = (examples[index] as { errors?: { path: string; keyword: string }[] } | undefined)
    ?.errors;
  return errors?.length
    ? `${texts.country.fail}: ${errors.map((e) => `${e.path} ${e.keyword}`).join(', ')}`
    : texts.country.fail;
}
type Action = 'approve' | 'sendBack' | 'publish' | 'restore';

export function VersionScreen() {
  const { id = '' } = useParams();
  const loaded = useLoad(() => consoleApi.version(Number(id)), [id]);
  if (loaded.state.status !== 'ready')
    return <LoadState state={loaded.state} onRetry={loaded.reload} />;
  return <VersionView version={loaded.state.value} onChanged={loaded.reload} />;
}

function VersionView({ version, onChanged }: { version: VersionDetail; onChanged: () => void }) {
  const { handleError } = useStaff();
  const heading = useFocusHeading();
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<{
    text: string;
    error: boolean;
    problems?: string[];
  } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const commentId = useId();

  const act = async (action: Action) => {
    setBusy(action);
    setOutcome(null);
    try {
      if (action === 'approve')
        await consoleApi.approve(
          version.id,
          comment.trim() || undefined,
          // The changes shown are against this version: the approval is given against it.
          version.publishedVersion,
        );
      if (action === 'sendBack') await consoleApi.sendBack(version.id, comment.trim());
      if (action === 'publish') await consoleApi.publish(version.id);
      if (action === 'restore') {
        const restored = await consoleApi.restore(version.id);
        setOutcome({ text: T.done.restore(restored.id), error: false });
        void navigate(`/console/versions/${restored.id}`);
        return;
      }
      setOutcome({ text: T.done[action], error: false });
      onChanged();
    } catch (error) {
      // A refused publication names every problem of the whole check, in the staff member's
      // language.
      const problems = error instanceof ConsoleApiError ? error.errors.map(refusalFieldText) : [];
      setOutcome({ text: `${T.refused} ${handleError(error)}`, error: true, problems });
      // A stale approval was withdrawn (or another version published): show the version as it is.
      if (error instanceof ConsoleApiError && /^DraftBaseMoved:/.test(error.message)) onChanged();
    } finally {
      setBusy(null);
      window.setTimeout(() => outcomeRef.current?.focus());
    }
  };

  const reviewable = version.status === 'draft';
  const name = T.versionName;
  const baseMoved =
    version.status === 'draft' && version.baseVersion !== version.publishedVersion
      ? T.baseMoved(version.country, name(version.baseVersion), name(version.publishedVersion))
      : version.status === 'approved' && version.approvedBase !== version.publishedVersion
        ? T.approvalStale(
            version.country,
            name(version.approvedBase),
            name(version.publishedVersion),
          )
        : null;
  const publishable = version.status === 'approved';
  const restorable = version.status === 'published' || version.status === 'seed';
  const button = (action: Action, label: string, secondary = false) => (
    <button
      type="button"
      className={`button${secondary ? ' button--secondary' : ''}`}
      disabled={busy !== null}
      onClick={() => void act(action)}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="version-title">
      <p>
        <Link to={`/console/countries/${version.country}`}>← {T.back(version.country)}</Link>
      </p>
      <h1 id="version-title" ref={heading} tabIndex={-1}>
        {T.heading(version.id, version.country)}
      </h1>
      <dl className="console-facts">
        <dt>{T.status}</dt>
        <dd>
          <VersionStatusName version={version} />
        </dd>
        <dt>{T.author}</dt>
        <dd>{version.author}</dd>
        <dt>{T.created}</dt>
        <dd>{when(version.createdAt)}</dd>
        {version.restoredFrom !== null ? (
          <>
            <dt>{T.restoredFrom}</dt>
            <dd>
              <Link to={`/console/versions/${version.restoredFrom}`}>{version.restoredFrom}</Link>
            </dd>
          </>
        ) : null}
        {version.reviewer ? (
          <>
            <dt>{T.reviewer}</dt>
            <dd>
              {version.reviewer}
              {version.reviewedAt ? `, ${when(version.reviewedAt)}` : ''}
            </dd>
          </>
        ) : null}
        {version.reviewComment ? (
          <>
            <dt>{T.comment}</dt>
            <dd>{version.reviewComment}</dd>
          </>
        ) : null}
        {version.publishedAt ? (
          <>
            <dt>{T.published}</dt>
            <dd>{when(version.publishedAt)}</dd>
          </>
        ) : null}
      </dl>

      {outcome ? (
        <div
          ref={outcomeRef}
          tabIndex={-1}
          className={`console-alert ${outcome.error ? 'console-alert--error' : 'console-alert--ok'}`}
          role={outcome.error ? 'alert' : 'status'}
        >
          <p>{outcome.text}</p>
          {outcome.problems?.length ? (
            <ul>
              {outcome.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {baseMoved ? (
        <div className="console-alert console-alert--error" role="note">
          <p>{baseMoved}</p>
        </div>
      ) : null}

      <section className="console-card" aria-labelledby="changes-title">
        <h2 id="changes-title">{T.changes}</h2>
        {version.changes.length ? (
          <ul className="console-changes">
            {version.changes.map((c, i) => (
              <li key={`${c.path}-${i}`} className={`console-change console-change--${c.change}`}>
                {changeText(c)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{texts.country.noChanges}</p>
        )}
      </section>

      {reviewable || publishable || restorable ? (
        <section className="console-card" aria-labelledby="review-title">
          <h2 id="review-title">{T.review}</h2>
          {reviewable ? (
            <div className="schema-form__field">
              <label className="schema-form__label" htmlFor={commentId}>
                {T.commentLabel}
              </label>
              <textarea
                id={commentId}
                className="schema-form__input console-comment"
                value={comment}
                maxLength={2000}
                onChange={(e) => setComment(e.target.value)}
              />
            </div>
          ) : null}
          <div className="console-actions">
            {reviewable ? button('approve', T.approve) : null}
            {reviewable ? button('sendBack', T.sendBack, true) : null}
            {publishable ? button('publish', T.publish) : null}
            {restorable ? button('restore', T.restore, true) : null}
          </div>
        </section>
      ) : null}

      <section className="console-card" aria-labelledby="problems-title">
        <h2 id="problems-title">{T.problems}</h2>
        {version.findings.length ? (
          <ul>
            {version.findings.map((f, i) => (
              <li key={`${f.code}-${i}`}>{findingText(f)}</li>
            ))}
          </ul>
        ) : (
          <p>{T.noProblems}</p>
        )}
      </section>

      <section className="console-card" aria-labelledby="results-title">
        <h2 id="results-title">{T.examples}</h2>
        <table className="console-table console-table--examples">
          <thead>
            <tr>
              <th scope="col">{texts.country.exampleDescriptionCol}</th>
              <th scope="col">{texts.country.exampleFormCol}</th>
              <th scope="col">{texts.country.exampleExpectedCol}</th>
              <th scope="col">{texts.country.exampleResultCol}</th>
            </tr>
          </thead>
          <tbody>
            {version.examples.map((e, i) => (
              <tr key={`${e.description}-${i}`}>
                <td>{e.description}</td>
                <td>{texts.exampleForms[e.form] ?? e.form}</td>
                <td>{expectedOf(version.rules, i, e.expected)}</td>
                <td>
                  <ExampleResultCell result={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
