// The embedded database's named statements answer exactly what PGlite's own query() answers:
// same rows and types, same errors, same isolation from another caller's open transaction.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCachingPGlite } from '../../../src/server/db/pglite-statements';

describe('StatementCachingPGlite', () => {
  let named: StatementCachingPGlite;
  let plain: PGlite;
  const setup = `
    create table items (
      id int primary key, name text, tags text[], data jsonb, at timestamptz, amount numeric
    )`;
  const select = 'select * from items where id = $1 or name = $2 order by id';

  beforeAll(async () => {
    named = await StatementCachingPGlite.open('memory://');
    plain = await PGlite.create('memory://');
    for (const db of [named, plain]) {
      await db.exec(setup);
      await db.query(
        'insert into items values ($1, $2, $3, $4, $5, $6), ($7, $8, null, null, null, null)',
        [
          1,
          'one',
          ['a', 'b'],
          { deep: [1, null] },
          new Date('2026-01-02T03:04:05Z'),
          '12.50',
          2,
          null,
        ],
      );
    }
    named.nameStatements();
  });
  afterAll(async () => {
    await named?.close();
    await plain?.close();
  });

  it('answers the same rows, in both row modes, as query()', async () => {
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const expected = await plain.query(select, [1, null], options);
      for (let run = 0; run < 3; run++) {
        const got = await named.query(select, [1, null], options);
        expect(got.rows).toEqual(expected.rows);
        expect(got.fields).toEqual(expected.fields);
      }
    }
    const both = await named.query<{ id: number }>(select, [2, 'one']);
    expect(both.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('counts the rows a write changed, and returns what it returns', async () => {
    const update = 'update items set name = $1 where id = $2';
    expect((await named.query(update, ['two', 2])).affectedRows).toBe(1);
    expect((await named.query(update, ['two', 99])).affectedRows).toBe(0);
    const returned = await named.query<{ name: string }>(
      'update items set name = $1 where id = $2 returning name',
      ['deux', 2],
    );
    expect(returned.rows).toEqual([{ name: 'deux' }]);
  });

  it('raises the database error with its SQLSTATE, and goes on working', async () => {
    await expect(named.query('insert into items (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(named.query('select nonsense from items', [])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await named.query<{ id: number }>(select, [1, null])).rows).toHaveLength(1);
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const inside = new Promise<void>((resolve) => (updated = resolve));
    const transaction = named.transaction(async (tx) => {
      await tx.query('update items set name = $1 where id = $2', ['uncommitted', 1]);
      updated();
      await held;
      throw new Error('roll back');
    });
    await inside;
    let read: string | undefined;
    const reading = named
      .query<{ name: string }>(select, [1, null])
      .then((r) => (read = r.rows[0]?.name));
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBeUndefined();
    release();
    await expect(transaction).rejects.toThrow('roll back');
    await reading;
    expect(read).toBe('one');
  });
});
