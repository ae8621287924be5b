// Takes one slot of a counter with a ceiling (table limited_counters). The conditional UPDATE row-locks the
// counter, so concurrent callers queue on it and exactly `max` of them ever get a slot, on PGlite and PostgreSQL.
import type { TxExecutor } from '../db/transaction';

export async function claimSlot(tx: TxExecutor, name: string): Promise<boolean> {
  const { rows } = await tx.executeSql(
    'update limited_counters set used = used + 1 where name = $1 and used < max returning used',
    [name],
  );
  return rows.length > 0;
}
