// The embedded PGlite with named prepared statements. PGlite's query() parses, describes and plans
// every statement anew, in six calls into WebAssembly; a request that repeats the same few queries
// pays that each time. Here each distinct statement is parsed once under a name, and every later
// run is one call (bind, describe, execute, sync), so PostgreSQL reuses its parse and its plan as
// it does for the named statements node-postgres sends to a server.
import {
  PGlite,
  parse,
  protocol,
  type PGliteOptions,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** Beyond this many distinct statements, the rest run unnamed (memory stays bounded). */
const MAX_NAMED_STATEMENTS = 500;

interface NamedStatement {
  name: string;
  /** The parameter types PostgreSQL inferred, to serialize values as query() does. */
  parameterTypes: number[];
  /** Its result columns, described once when it was prepared (none for a command). */
  fields: Field[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface RowDescription {
  fields: Field[];
}
interface DataRow {
  fields: (string | null)[];
}
interface CommandComplete {
  text: string;
}
/** Commands whose tag ends in the number of rows they changed. */
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

export class StatementCachingPGlite extends PGlite {
  private readonly statements = new Map<string, NamedStatement>();
  /** Off until the migrations ran: statements named before a schema change would go stale. */
  private named = false;

  static async open(dataDir: string, options: PGliteOptions = {}): Promise<StatementCachingPGlite> {
    const client = new StatementCachingPGlite(dataDir, options);
    await client.waitReady;
    return client;
  }

  /** From now on, repeated statements run as named prepared statements. */
  nameStatements(): void {
    this.named = true;
  }

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const full = !this.statements.has(text) && this.statements.size >= MAX_NAMED_STATEMENTS;
    if (!this.named || full || options?.blob) return super.query<T>(text, params, options);
    // The same exclusion query() takes: never inside another caller's open transaction.
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const statement = this.statements.get(text) ?? (await this.prepare(text, options));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = statement.parameterTypes[i] ?? 0;
          const serialize = options?.serializers?.[oid] ?? this.serializers[oid];
          return serialize ? serialize(value) : String(value);
        });
        // No Describe: the columns were described when the statement was prepared, and parsing
        // them again on every run was a good part of a read's time.
        const { messages } = await this.execProtocol(
          concat([
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
        return this.results<T>(messages, statement.fields, options);
      }),
    );
  }

  /**
   * The result of one statement, parsed as parse.parseResults does, but looking each column's
   * parser up instead of copying the whole parser table (hundreds of types) on every query.
   */
  private results<T>(
    messages: BackendMessage[],
    fields: Field[],
    options?: QueryOptions,
  ): Results<T> {
    const parsers = options?.parsers;
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    const value = (text: string | null, i: number): unknown => {
      if (text === null) return null;
      const oid = fields[i]?.dataTypeID ?? 0;
      const parser = parsers?.[oid] ?? this.parsers[oid];
      return parser ? parser(text, oid) : text;
    };
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const texts = (message as unknown as DataRow).fields;
        rows.push(
          options?.rowMode === 'array'
            ? texts.map(value)
            : Object.fromEntries(texts.map((text, i) => [fields[i]?.name, value(text, i)])),
        );
      } else if (message.name === 'commandComplete') {
        const parts = (message as unknown as CommandComplete).text.split(' ');
        const count = Number.parseInt(parts.at(-1) ?? '', 10);
        if (CHANGING_COMMANDS.has(parts[0] ?? '')) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    return {
      rows: rows as T[],
      fields,
      affectedRows,
      ...(rowCount === undefined ? {} : { rowCount }),
    } as Results<T>;
  }

  private async prepare(text: string, options?: QueryOptions): Promise<NamedStatement> {
    const name = `pp_${this.statements.size + 1}`;
    const { messages } = await this.execProtocol(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const described = messages.find((message) => message.name === 'rowDescription') as
      RowDescription | undefined;
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      fields: (described?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    this.statements.set(text, statement);
    return statement;
  }
}
