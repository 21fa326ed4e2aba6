// A country's page: the fields its file sets (added, removed, turned off), the rule editor
// (SchemaForm over the meta-schema), the live preview of the draft's forms, the examples run
// against the draft, saving a draft, retiring the file, and the country's versions. A country with
// no file of its own offers the templates its file starts from (issue 33 point 2).
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { FormData } from '../components/schema-form';
import {
  ConsoleApiError,
  consoleApi,
  type ApiFieldError,
  type CountryRulesNow,
  isTemplate,
  type CountryTemplate,
  type ExampleResult,
  type RuleFile,
  type VersionSummary,
} from './api';
import { changeText } from './change-text';
import { LoadState } from './load-state';
import { when } from './dates';
import { useStaff } from './staff-context';
import { useLoad } from './use-load';
import { splitRuleFile, toRuleFile, type EditorSplit, type MessageTexts } from './editor-schema';
import { FieldRulesPanel } from './field-rules-panel';
import { structureKey, type RemovedField, type Structure } from './field-rules';
import { TemplateChooser } from './template-chooser';
import { MessagesPanel } from './messages-panel';
import { missingKeys } from './missing-messages';
import { FormatBuilderProvider } from './format-provider';
import { VersionStatusName } from './version-status';
import { findingText } from './finding-text';
import { LivePreview, type RuleExample } from './live-preview';
import { RuleEditor } from './rule-editor';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { usePreview } from './use-preview';

const T = texts.country;

export function CountryScreen() {
  const { country = '' } = useParams();
  const loaded = useLoad(
    () => Promise.all([consoleApi.country(country), consoleApi.versions(country)]),
    [country],
  );
  if (loaded.state.status !== 'ready')
    return <LoadState state={loaded.state} onRetry={loaded.reload} />;
  const [now, versions] = loaded.state.value;
  if (now.rules === null)
    return <NoFile key={now.country} now={now} versions={versions} onSaved={loaded.reload} />;
  return (
    <CountryEditor
      key={`${now.country}:${now.rulesVersion}`}
      now={now}
      rules={now.rules}
      versions={versions}
      onSaved={loaded.reload}
    />
  );
}

/**
 * A country with no file of its own: what it follows, the templates its own file may start from,
 * and, with one chosen (`?template=`), the editor on the template's file.
 */
function NoFile({
  now,
  versions,
  onSaved,
}: {
  now: CountryRulesNow;
  versions: VersionSummary[];
  onSaved: () => void;
}) {
  const [params] = useSearchParams();
  const template = params.get('template');
  if (isTemplate(template))
    return (
      <FromTemplate
        key={template}
        now={now}
        template={template}
        versions={versions}
        onSaved={onSaved}
      />
    );
  return (
    <CountryPage
      title={T.heading(now.name, now.country)}
      lead={texts.create.noFile(now.country, now.governedBy)}
      versions={versions}
    >
      <section className="console-card" aria-labelledby="create-title">
        <h2 id="create-title">{texts.create.heading}</h2>
        <p className="console-lead">{texts.create.lead}</p>
        <TemplateChooser country={now.country} />
      </section>
    </CountryPage>
  );
}

/** A country's page: the way back, its heading (focused when it opens), its lead and its versions. */
function CountryPage({
  title,
  lead,
  versions,
  children,
}: {
  title: string;
  lead: string;
  versions: VersionSummary[];
  children: ReactNode;
}) {
  const heading = useFocusHeading();
  return (
    <section aria-labelledby="country-title">
      <p>
        <Link to="/console">← {T.back}</Link>
      </p>
      <h1 id="country-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="console-lead">{lead}</p>
      {children}
      <section className="console-card" aria-labelledby="versions-title">
        <h2 id="versions-title">{T.versions}</h2>
        <VersionsTable versions={versions} />
      </section>
    </section>
  );
}

function FromTemplate({
  now,
  template,
  versions,
  onSaved,
}: {
  now: CountryRulesNow;
  template: CountryTemplate;
  versions: VersionSummary[];
  onSaved: () => void;
}) {
  const made = useLoad(() => consoleApi.template(now.country, template), [now.country, template]);
  if (made.state.status !== 'ready') return <LoadState state={made.state} onRetry={made.reload} />;
  return (
    <CountryEditor
      now={now}
      rules={made.state.value}
      versions={versions}
      onSaved={onSaved}
      creating
    />
  );
}

function CountryEditor({
  now,
  rules,
  versions,
  onSaved,
  creating = false,
}: {
  now: CountryRulesNow;
  /** The rules the editor starts from: the country's file, or a template's for a new one. */
  rules: RuleFile;
  versions: VersionSummary[];
  onSaved: () => void;
  creating?: boolean;
}) {
  const { handleError } = useStaff();
  const [start] = useState<EditorSplit>(() => splitRuleFile(rules));
  const [form, setForm] = useState<FormData>(start.form);
  // Fields turned off (`false`): kept aside from the form, changed in the field rules panel.
  const [removed, setRemoved] = useState<RemovedField[]>(start.aside.removed);
  const [examples, setExamples] = useState<unknown[]>(() =>
    Array.isArray(rules.examples) ? rules.examples : [],
  );
  const [messages, setMessages] = useState<MessageTexts>(
    () => (rules.translations as MessageTexts | undefined) ?? {},
  );
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{
    message: string;
    errors: readonly ApiFieldError[];
  } | null>(null);
  const [saved, setSaved] = useState<number | null>(null);

  const complete = useCallback(
    (data: FormData) => toRuleFile(data, { ...start.aside, removed }, examples, messages),
    [start, removed, examples, messages],
  );
  const structure: Structure = { form, removed };
  const changeStructure = (next: Structure) => {
    setForm(next.form);
    setRemoved(next.removed);
  };
  const ruleFile = useMemo(() => complete(form), [complete, form]);
  const preview = usePreview(now.country, ruleFile);

  const save = async () => {
    setSaving(true);
    setRefusal(null);
    setSaved(null);
    try {
      // The published version the editor started from: refused if another was published since.
      const version = await consoleApi.saveDraft(now.country, ruleFile, now.publishedVersion);
      setSaved(version.id);
      // The new draft appears in the versions list; what was typed stays in the editor.
      onSaved();
    } catch (error) {
      const message = handleError(error);
      setRefusal({
        message,
        errors: error instanceof ConsoleApiError ? error.errors : [],
      });
    } finally {
      setSaving(false);
    }
  };

  const keep = (example: RuleExample) => setExamples((all) => [...all, example]);
  const removeExample = (index: number) => setExamples((all) => all.filter((_, i) => i !== index));
  const name = typeof rules.name === 'string' ? rules.name : now.name;

  const status = creating
    ? texts.create.newFile(now.country, now.governedBy)
    : now.publishedVersion === null
      ? texts.countryStatus.fileOnly
      : texts.countryStatus.published(now.publishedVersion);
  return (
    <CountryPage
      title={T.heading(name, now.country)}
      lead={`${status} ${texts.countryStatus.rulesVersion(now.rulesVersion)}`}
      versions={versions}
    >
      {saved !== null ? (
        <p className="console-alert console-alert--ok" role="status">
          {T.saved(saved)}
        </p>
      ) : null}
      <div className="console-columns">
        <section className="console-card" aria-labelledby="editor-title">
          <h2 id="editor-title">{T.editor}</h2>
          <p className="console-lead">{T.editorLead}</p>
          <section aria-labelledby="field-rules-title">
            <h3 id="field-rules-title">{texts.fieldRules.heading}</h3>
            <FieldRulesPanel
              structure={structure}
              shared={now.country.startsWith('_')}
              onChange={changeStructure}
              disabled={saving}
            />
          </section>
          {/* The format builders check their samples in the preview's compiled forms. */}
          <FormatBuilderProvider
            country={now.country}
            form={form}
            onChange={setForm}
            preview={preview}
          >
            <RuleEditor
              // A field added, removed or turned off changes the form's shape: it opens again.
              key={structureKey(structure)}
              form={form}
              complete={complete}
              onChange={setForm}
              onSave={save}
              saving={saving}
              refusal={refusal}
            />
          </FormatBuilderProvider>
        </section>
        <div className="console-side">
          <section className="console-card" aria-labelledby="preview-title">
            <h2 id="preview-title">{T.preview}</h2>
            <p className="console-lead">{T.previewLead}</p>
            <LivePreview country={now.country} state={preview} onKeep={keep} />
          </section>
          <DraftCheck preview={preview} />
        </div>
      </div>
      <section className="console-card" aria-labelledby="messages-title">
        <h2 id="messages-title">{texts.messages.heading}</h2>
        <p className="console-lead">{texts.messages.lead}</p>
        <MessagesPanel
          messages={messages}
          onChange={setMessages}
          missing={preview.status === 'ready' ? missingKeys(preview.preview.findings) : []}
        />
      </section>
      <section className="console-card" aria-labelledby="examples-title">
        <h2 id="examples-title">{T.examples}</h2>
        <p className="console-lead">{T.examplesLead}</p>
        <ExamplesTable
          examples={examples as RuleExample[]}
          results={preview.status === 'ready' ? preview.preview.examples : null}
          onRemove={removeExample}
        />
      </section>
      {!creating && /^[A-Z]{2}$/.test(now.country) ? (
        <RetireCard country={now.country} baseVersion={now.publishedVersion} onSaved={onSaved} />
      ) : null}
    </CountryPage>
  );
}

/** Retiring the country's own file: a draft that, once published, leaves it to the shared rules. */
function RetireCard({
  country,
  baseVersion,
  onSaved,
}: {
  country: string;
  baseVersion: number | null;
  onSaved: () => void;
}) {
  const { handleError } = useStaff();
  const [state, setState] = useState<
    | { status: 'idle' | 'saving' }
    | { status: 'saved'; id: number }
    | { status: 'refused'; message: string }
  >({ status: 'idle' });
  const retire = async () => {
    setState({ status: 'saving' });
    try {
      const version = await consoleApi.retire(country, baseVersion);
      setState({ status: 'saved', id: version.id });
      onSaved();
    } catch (error) {
      setState({ status: 'refused', message: handleError(error) });
    }
  };
  const R = texts.retire;
  return (
    <section className="console-card" aria-labelledby="retire-title">
      <h2 id="retire-title">{R.heading}</h2>
      <p className="console-lead">{R.lead(country)}</p>
      {state.status === 'saved' ? (
        <p className="console-alert console-alert--ok" role="status">
          {R.saved(state.id)}
        </p>
      ) : null}
      {state.status === 'refused' ? (
        <p className="console-alert console-alert--error" role="alert">
          <strong>{texts.version.refused}</strong> {state.message}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={state.status === 'saving'}
        onClick={() => void retire()}
      >
        {state.status === 'saving' ? R.saving : R.button}
      </button>
    </section>
  );
}

/** The draft's problems and its changes against the published rules, from the preview. */
function DraftCheck({ preview }: { preview: ReturnType<typeof usePreview> }) {
  if (preview.status !== 'ready') return null;
  const { findings, changes } = preview.preview;
  return (
    <section className="console-card" aria-labelledby="draft-changes-title">
      <h2 id="draft-changes-title">{T.changes}</h2>
      {changes.length ? (
        <ul className="console-changes">
          {changes.map((c, i) => (
            <li key={`${c.path}-${i}`} className={`console-change console-change--${c.change}`}>
              {changeText(c)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{T.noChanges}</p>
      )}
      {findings.length ? (
        <div className="console-alert console-alert--error" role="alert">
          <p>
            <strong>{T.problems}</strong>
          </p>
          <ul>
            {findings.map((f, i) => (
              <li key={`${f.code}-${i}`}>{findingText(f)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function ExampleResultCell({ result }: { result: ExampleResult | undefined }) {
  if (!result) return <>—</>;
  return (
    <span className={result.ok ? 'console-ok' : 'console-broken'}>
      {result.ok ? `✓ ${T.resultOk}` : `✗ ${T.resultBroken}`}
      {result.findings.length ? (
        <span className="console-problems">{result.findings.map(findingText).join(' ')}</span>
      ) : null}
    </span>
  );
}

function ExamplesTable({
  examples,
  results,
  onRemove,
}: {
  examples: RuleExample[];
  results: ExampleResult[] | null;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="console-table-wrap">
      {results === null ? <p>{T.noResults}</p> : null}
      <table className="console-table console-table--examples">
        <thead>
          <tr>
            <th scope="col">{T.exampleDescriptionCol}</th>
            <th scope="col">{T.exampleFormCol}</th>
            <th scope="col">{T.exampleExpectedCol}</th>
            <th scope="col">{T.exampleResultCol}</th>
            <th scope="col">{T.exampleActionsCol}</th>
          </tr>
        </thead>
        <tbody>
          {examples.map((example, index) => {
            // The preview runs the examples of the draft in order: the same index.
            const result = results?.[index];
            const expected = example.valid
              ? T.pass
              : example.errors
                ? `${T.fail}: ${example.errors.map((e) => `${e.path} ${e.keyword}`).join(', ')}`
                : texts.payoutExample;
            return (
              <tr key={`${example.description}-${index}`}>
                <td>{example.description}</td>
                <td>
                  {texts.exampleForms[example.form] ?? example.form}
                  {example.method ? ` ${example.method}` : ''}
                </td>
                <td>{expected}</td>
                <td>
                  <ExampleResultCell result={result} />
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`${T.removeExample}: ${example.description}`}
                    onClick={() => onRemove(index)}
                  >
                    {T.removeExample}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function VersionsTable({ versions }: { versions: VersionSummary[] }) {
  if (!versions.length) return <p>{T.noVersions}</p>;
  return (
    <table className="console-table">
      <thead>
        <tr>
          <th scope="col">{texts.versionsTable.version}</th>
          <th scope="col">{texts.versionsTable.status}</th>
          <th scope="col">{texts.versionsTable.author}</th>
          <th scope="col">{texts.versionsTable.created}</th>
          <th scope="col">{texts.versionsTable.review}</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.id}>
            <th scope="row">
              <Link to={`/console/versions/${v.id}`}>{texts.versionsTable.link(v.id)}</Link>
            </th>
            <td>
              <VersionStatusName version={v} />
            </td>
            <td>{v.author}</td>
            <td>{when(v.createdAt)}</td>
            <td>
              {v.reviewer ? `${v.reviewer}${v.reviewComment ? `: “${v.reviewComment}”` : ''}` : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
