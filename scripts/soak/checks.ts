// The database against what the users were told (PostgreSQL queried directly; tables of
// src/server/db/schema.ts). Each check answers its violations; none means it passed.
import pg from 'pg';
import type { Told } from './journey';

export interface CheckResult {
  name: string;
  checked: number;
  violations: string[];
}

export async function checkDatabase(url: string, users: readonly Told[]): Promise<CheckResult[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<R>(text, values)).rows;
  try {
    const emails = users.map((u) => u.email.toLowerCase());
    const profiles = await q<{ id: string; email: string; n: string }>(
      `select min(id::text) as id, lower(email) as email, count(*) as n from profiles
        where lower(email) = any($1) group by lower(email)`,
      [emails],
    );
    const profileOf = new Map(profiles.map((p) => [p.email, p]));
    const results: CheckResult[] = [];

    // Registered users: one profile each.
    const registered = users.filter((u) => u.methods.length || u.finished);
    results.push({
      name: 'one profile per registered user',
      checked: registered.length,
      violations: registered
        .filter((u) => Number(profileOf.get(u.email.toLowerCase())?.n ?? 0) !== 1)
        .map((u) => `${u.email}: ${profileOf.get(u.email.toLowerCase())?.n ?? 0} profiles`),
    });

    // Accepted claims: accepted once, to the method the user chose, with the whole record.
    const accepted = users.flatMap((u) => u.accepted.map((a) => ({ ...a, email: u.email })));
    const claimRows = await q<{
      id: string;
      status: string;
      payment_method_id: string | null;
      profile_id: string | null;
      accepted_at: Date | null;
      destination: unknown;
      target_amount: string | null;
    }>(
      `select id::text, status, payment_method_id::text, profile_id::text, accepted_at,
              destination, target_amount from claims where id = any($1::uuid[])`,
      [users.flatMap((u) => u.claimIds).filter(Boolean)],
    );
    const claimById = new Map(claimRows.map((c) => [c.id, c]));
    const usedCodes = await q<{ subject: string; n: string }>(
      `select subject, count(*) as n from one_time_codes
        where purpose = 'CLAIM_ACCEPTANCE' and used_at is not null group by subject`,
    );
    const usedByClaim = new Map<string, number>();
    for (const row of usedCodes) {
      const claimId = /^claim:([^:]+):/.exec(row.subject)?.[1] ?? '';
      usedByClaim.set(claimId, (usedByClaim.get(claimId) ?? 0) + Number(row.n));
    }
    results.push({
      name: 'every accepted claim accepted exactly once',
      checked: accepted.length,
      violations: accepted.flatMap(({ claimId, methodId, email }) => {
        const row = claimById.get(claimId);
        if (!row) return [`${email}: claim ${claimId} missing`];
        const problems: string[] = [];
        if (row.status !== 'PAYMENT_IN_PROGRESS') problems.push(`status ${row.status}`);
        if (row.payment_method_id !== methodId) problems.push(`paid to ${row.payment_method_id}`);
        if (!row.accepted_at || !row.destination || !row.target_amount)
          problems.push('partial record');
        const used = usedByClaim.get(claimId) ?? 0;
        if (used !== 1) problems.push(`${used} acceptance codes used`);
        return problems.map((p) => `${email}: claim ${claimId}: ${p}`);
      }),
    });
    // Claims no one was told were accepted stay unaccepted.
    const toldAccepted = new Set(accepted.map((a) => a.claimId));
    results.push({
      name: 'no claim accepted that no one was told of',
      checked: claimRows.length,
      violations: claimRows
        .filter((c) => !toldAccepted.has(c.id) && (c.accepted_at || (usedByClaim.get(c.id) ?? 0)))
        .filter((c) => {
          const user = users.find((u) => u.claimIds.includes(c.id));
          return !user || user.unanswered === 0;
        })
        .map((c) => `claim ${c.id}: ${c.status}, accepted unannounced`),
    });

    // Payout methods: every one announced present once, for its user; nothing else unless a
    // write of that user lost its answer.
    const methodRows = await q<{ id: string; profile_id: string; preferred: boolean }>(
      `select id::text, profile_id::text, preferred from payment_methods
        where profile_id = any($1::uuid[])`,
      [profiles.map((p) => p.id)],
    );
    const methodsByProfile = new Map<string, typeof methodRows>();
    for (const row of methodRows) {
      const list = methodsByProfile.get(row.profile_id) ?? [];
      list.push(row);
      methodsByProfile.set(row.profile_id, list);
    }
    results.push({
      name: 'every method announced present exactly once',
      checked: users.reduce((n, u) => n + u.methods.length, 0),
      violations: users.flatMap((u) => {
        const profile = profileOf.get(u.email.toLowerCase());
        const rows = profile ? (methodsByProfile.get(profile.id) ?? []) : [];
        const problems = u.methods
          .filter((id) => rows.filter((r) => r.id === id).length !== 1)
          .map((id) => `${u.email}: method ${id} missing`);
        const extra = rows.filter((r) => !u.methods.includes(r.id));
        if (extra.length && u.unanswered === 0)
          problems.push(`${u.email}: ${extra.length} method(s) no one was told of`);
        return problems;
      }),
    });
    results.push({
      name: 'exactly one preferred method per user with any',
      checked: methodsByProfile.size,
      violations: [...methodsByProfile].flatMap(([profileId, rows]) => {
        const preferred = rows.filter((r) => r.preferred);
        const user = users.find((u) => profileOf.get(u.email.toLowerCase())?.id === profileId);
        if (preferred.length !== 1) return [`profile ${profileId}: ${preferred.length} preferred`];
        if (user?.finished && user.preferred && preferred[0]!.id !== user.preferred)
          return [`${user.email}: preferred ${preferred[0]!.id}, told ${user.preferred}`];
        return [];
      }),
    });

    // Orphans (the whole database: every row of this run's database belongs to the run).
    const orphanQueries: [string, string][] = [
      [
        'payout methods without profile',
        'payment_methods t left join profiles p on p.id = t.profile_id where p.id is null',
      ],
      [
        'addresses without profile',
        'addresses t left join profiles p on p.id = t.profile_id where p.id is null',
      ],
      [
        'sessions without profile',
        'sessions t left join profiles p on p.id = t.profile_id where p.id is null',
      ],
      [
        'codes without profile',
        'one_time_codes t left join profiles p on p.id = t.profile_id where p.id is null',
      ],
      [
        'claims paid to a missing method',
        'claims t left join payment_methods m on m.id = t.payment_method_id where t.payment_method_id is not null and m.id is null',
      ],
      [
        'accepted claims without profile',
        "claims t where t.status = 'PAYMENT_IN_PROGRESS' and t.profile_id is null",
      ],
      [
        'activated profiles without address',
        "profiles t where t.status = 'ACTIVATED' and not exists (select 1 from addresses a where a.profile_id = t.id)",
      ],
    ];
    const orphanViolations: string[] = [];
    for (const [label, from] of orphanQueries) {
      const [row] = await q<{ n: string }>(`select count(*) as n from ${from}`);
      if (Number(row?.n ?? 0) > 0) orphanViolations.push(`${label}: ${row?.n}`);
    }
    results.push({
      name: 'no orphan rows',
      checked: orphanQueries.length,
      violations: orphanViolations,
    });

    // One-time codes: used at most once (a spent code is never spent again: at most one redeemed
    // code per purpose and subject within a profile's single acceptance). used_at marks a
    // redemption only; a code replaced by a re-requested one carries replaced_at instead.
    const [codes] = await q<{ n: string; used: string }>(
      `select count(*) as n, count(used_at) as used from one_time_codes`,
    );
    const doubleSpent = await q<{ subject: string; n: string }>(
      `select subject, count(*) as n from one_time_codes
        where used_at is not null and purpose = 'CLAIM_ACCEPTANCE'
        group by profile_id, subject having count(*) > 1`,
    );
    results.push({
      name: 'every one-time code used at most once',
      checked: Number(codes?.n ?? 0),
      violations: doubleSpent.map((r) => `${r.subject}: ${r.n} codes spent`),
    });
    return results;
  } finally {
    await client.end();
  }
}
