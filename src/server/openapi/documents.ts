// Splits the one generated document in two: the funnel API, public, and the operations API (admin
// and the development outbox when DEV_OUTBOX=1), documented apart and not public in production.

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

const OPERATIONS = /^\/master\/(admin|dev|console)\//;

export const isOperationsPath = (path: string): boolean => OPERATIONS.test(path);

function pick(document: OpenApiDocument, keep: (path: string) => boolean): OpenApiDocument {
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(document.paths).filter(([path]) => keep(path))),
  };
}

export function splitDocument(document: OpenApiDocument): {
  public: OpenApiDocument;
  admin: OpenApiDocument;
} {
  const admin = pick(document, isOperationsPath);
  return {
    public: pick(document, (path) => !isOperationsPath(path)),
    admin: {
      ...admin,
      info: {
        ...admin.info,
        title: 'Payee Portal operations API',
        description:
          'The admin API (header `x-admin-key`), the rules console API (staff session cookie and ' +
          'CSRF header) and, with DEV_OUTBOX=1 outside production, the development outbox. Not ' +
          'public in production. Errors are `{code, message, errors?}`.',
      },
    },
  };
}
