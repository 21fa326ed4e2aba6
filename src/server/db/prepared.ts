// Prepared statements are bound to the database handle that built them, and a transaction is a
// handle of its own: this keeps one per handle, built the first time that handle runs it.
import type { Database } from './client';

export function preparedPerHandle<Q>(prepare: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}
