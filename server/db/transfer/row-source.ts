/** A sequence's state: `value` is its last_value (bigint, as text); `called` false means nextval returns it. */
export type SequenceValue = { name: string; value: string; called: boolean };

/** A table as it was read: the columns its rows carry and how many rows there are. */
export type SourceTable = { name: string; columns: string[]; rows: number };

/**
 * A consistent set of rows to load: a database read in one snapshot (snapshot.ts) or a backup's export.
 * Each row is the JSON object PostgreSQL's to_jsonb gives (column name -> value), kept as text so no
 * value passes through JavaScript numbers or dates on its way (bigint, timestamps to the microsecond).
 */
export type RowSource = {
  tables: SourceTable[];
  sequences: SequenceValue[];
  /** The rows of one table, in batches. */
  rows(table: string): AsyncIterable<string[]>;
};
