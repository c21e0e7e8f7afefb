/**
 * A workspace's records copied from one database to another (D1 into its object): how far the copy
 * of a table got, and the checksum both sides compute the same way to show the copy is whole.
 */

/** One row of a table, keyed by its rowid in the database it was read from. */
export interface Copied {
  rowid: number;
  row: Record<string, unknown>;
}

/** How far a table's copy got: the last rowid read, the rows and their checksum so far. */
export interface TableCopy {
  after: number;
  rows: number;
  checksum: number;
  /** Whether every row has been read. */
  read: boolean;
}

/**
 * A row's share of its table's checksum: FNV-1a over its columns' values as JSON, in column order.
 * Shares are added (mod 2^32), so the checksum does not depend on the order rows are read in.
 */
export function rowSum(row: Record<string, unknown>) {
  const text = JSON.stringify(Object.values(row));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
