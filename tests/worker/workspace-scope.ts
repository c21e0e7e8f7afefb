/**
 * Whether a SQL statement keeps to one workspace: every table of a workspace's records it reads or
 * changes is narrowed to one owner, by its owner column compared with a bound value
 * (`"projects"."user_id" = ?`, `user_id IN (…)`), by a join from a row already narrowed
 * (`"contacts"."id" = "leads"."contact_id"`), or, for a search index, by a MATCH whose expression
 * names the owner (`user_key : "…"`). Read from the SQL itself, as the Worker hands it to D1: a
 * tokenizer, the statement cut into its query blocks (each SELECT core, subqueries and CTEs each
 * their own), and per block its tables and the conditions that hold for every row (those joined by
 * AND, not under OR, NOT, CASE or a function's arguments).
 */
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../worker/db/schema";
import { SEARCH_INDEXES, searchTableOf } from "../../worker/db/search";
import { WORKSPACE_TABLES } from "../../worker/db/workspace-tables";

/**
 * The tables with a `user_id` (or `workspace_id`) that are not a workspace's records, and why: a
 * person's own things, which follow them into every workspace (docs/decisions/0046: "What stays a
 * person's"), the directory of workspaces, and counters.
 */
export const OTHER_OWNED_TABLES: ReadonlyMap<string, string> = new Map([
  ["workspace_members", "the directory: who is in which workspace, read by person and workspace"],
  ["workspace_invitations", "the directory: found by the link's token hash, or by the workspace"],
  [
    "share_links",
    "the directory: a shared link's token to its workspace, found before it is known",
  ],
  ["google_connections", "a person's Google account, theirs in every workspace"],
  ["google_oauth_states", "a person's Google connect flow under way, bound to their session"],
  ["notification_settings", "a person's notification preferences"],
  ["notifications", "a person's notices, whatever workspace their record is in (decision 48)"],
  ["access_tokens", "a person's access tokens, found by the token's hash"],
  ["mcp_calls", "a person's log of what their AI clients called"],
  [
    "usage_counters",
    "one row per account, each read by its own id: a workspace's storage, a person's AI use",
  ],
]);

/** The search indexes (FTS5, not drizzle's), each holding its table's rows of every workspace. */
export const SEARCH_TABLES: ReadonlySet<string> = new Set(
  Object.values(SEARCH_INDEXES).map((index) => searchTableOf(index)),
);

/** Every table of the drizzle schema by its SQL name, with its columns' names. */
export const SCHEMA_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => [
      getTableName(table),
      new Set(Object.values(getTableColumns(table)).map((column) => column.name)),
    ]),
);

type Token =
  | { kind: "word"; text: string }
  | { kind: "name"; text: string }
  | { kind: "string"; text: string }
  | { kind: "number"; text: string }
  | { kind: "param"; index: number }
  | { kind: "op"; text: string };

/** One token of SQLite's: a word, a quoted name, a literal, a parameter or an operator. */
const TOKEN =
  /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|\?\d*|[:@$][A-Za-z_]\w*|[A-Za-z_][\w$]*|0x[\da-f]+|\d*\.?\d+(?:e[+-]?\d+)?|\|\||<=|>=|<>|!=|==|->>|->|<<|>>|[\s\S]/iy;

/** SQLite's tokens of a statement; words and quoted names lower-cased (SQLite ignores their case). */
function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  // A bare `?` is numbered one past the largest number given so far, as SQLite numbers it.
  let largest = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(sql); match; match = TOKEN.exec(sql)) {
    const text = match[0];
    const first = text[0]!;
    if (/\s/.test(first) || text.startsWith("--") || text.startsWith("/*")) continue;
    if (first === "'")
      tokens.push({ kind: "string", text: text.slice(1, -1).replaceAll("''", "'") });
    else if (first === '"' || first === "`")
      tokens.push({
        kind: "name",
        text: text
          .slice(1, -1)
          .replaceAll(first + first, first)
          .toLowerCase(),
      });
    else if (first === "[") tokens.push({ kind: "name", text: text.slice(1, -1).toLowerCase() });
    else if (first === "?") {
      const number = text.length > 1 ? Number(text.slice(1)) : largest + 1;
      largest = Math.max(largest, number);
      tokens.push({ kind: "param", index: number - 1 });
    } else if (/[:@$]/.test(first) && text.length > 1) {
      // A named parameter: SQLite numbers it; no test here compares its value.
      tokens.push({ kind: "param", index: -1 });
    } else if (/[A-Za-z_]/.test(first)) tokens.push({ kind: "word", text: text.toLowerCase() });
    else if (/[\d.]/.test(first) && text !== ".") tokens.push({ kind: "number", text });
    else tokens.push({ kind: "op", text });
  }
  return tokens;
}

/** A table a query block reads or changes, under the name the block refers to it by. */
interface Source {
  table: string;
  alias: string;
}

/** One SELECT core, or the UPDATE, DELETE or INSERT itself, with the tokens that are its own. */
interface Block {
  kind: "select" | "update" | "delete" | "insert";
  parent: Block | null;
  /** Indexes into the statement's tokens: this block's own, nested groups included, subqueries not. */
  own: number[];
  depth: number;
  sources: Source[];
  /** The sources narrowed to one owner, each by what (a bound value's index when one). */
  scoped: Map<Source, Scope>;
}

/** What narrowed a source to one owner. */
type Scope =
  | { by: "value"; param: number }
  | { by: "match"; param: number }
  | { by: "list" | "join" | "excluded" };

/** A table of a workspace's records a statement reaches without narrowing it to one owner. */
export interface Unscoped {
  table: string;
  alias: string;
}

/** A bound value a statement narrows a table to one owner by: the owner's id, or a MATCH naming it. */
export interface OwnerValue {
  table: string;
  param: number;
  by: "value" | "match";
}

/** What a statement reaches of the workspaces' tables: what it narrows, and by which values. */
export interface StatementScope {
  /** Every table of a workspace's records (or search index) it reads, changes or inserts into. */
  tables: string[];
  unscoped: Unscoped[];
  values: OwnerValue[];
}

const CLAUSE_ENDS = new Set([
  "where",
  "group",
  "order",
  "limit",
  "window",
  "having",
  "returning",
  "union",
  "intersect",
  "except",
  "set",
  "values",
  "select",
  "default",
]);
const JOIN_WORDS = new Set(["join", "inner", "left", "right", "full", "outer", "cross", "natural"]);
const ownerColumnOf = (table: string) =>
  WORKSPACE_TABLES.get(table) ?? (SEARCH_TABLES.has(table) ? null : undefined);

const isKeyColumn = (column: string) =>
  column === "id" || column === "rowid" || column.endsWith("_id");

/** Cuts a statement into its query blocks, each token given to the block it belongs to. */
function blocksOf(tokens: Token[]) {
  const blocks: Block[] = [];
  const depthOf: number[] = [];
  /** The SELECTs (one, or a compound's) directly inside the parentheses opened at a token. */
  const opens = new Map<number, Block[]>();
  let insert: Block | null = null;
  const newBlock = (kind: Block["kind"], parent: Block | null, depth: number) => {
    const block: Block = { kind, parent, own: [], depth, sources: [], scoped: new Map() };
    blocks.push(block);
    return block;
  };
  interface Group {
    parent: Block | null;
    block: Block | null;
    open: number;
  }
  const groups: Group[] = [{ parent: null, block: null, open: -1 }];
  tokens.forEach((token, i) => {
    const group = groups.at(-1)!;
    const word = token.kind === "word" ? token.text : null;
    const previous = tokens[i - 1];
    const after = (text: string) => previous?.kind === "word" && previous.text === text;
    if (token.kind === "op" && token.text === "(") {
      depthOf[i] = groups.length - 1;
      group.block?.own.push(i);
      groups.push({ parent: group.block, block: group.block, open: i });
      return;
    }
    if (token.kind === "op" && token.text === ")") {
      if (groups.length > 1) groups.pop();
      depthOf[i] = groups.length - 1;
      groups.at(-1)!.block?.own.push(i);
      return;
    }
    if (word === "select") {
      group.block = newBlock("select", group.parent, groups.length - 1);
      opens.set(group.open, [...(opens.get(group.open) ?? []), group.block]);
    } else if (
      groups.length === 1 &&
      (word === "update" || word === "delete" || word === "insert")
    ) {
      if (word === "update" && after("do")) group.block = insert;
      else if (!after("or")) {
        group.block = newBlock(word, null, 0);
        if (word === "insert") insert = group.block;
      }
    } else if (groups.length === 1 && word === "replace" && i === 0) {
      group.block = insert = newBlock("insert", null, 0);
    } else if (groups.length === 1 && word === "conflict" && after("on") && insert) {
      group.block = insert;
    }
    depthOf[i] = groups.length - 1;
    group.block?.own.push(i);
  });
  return { blocks, depthOf, opens };
}

/** The tables a block reads or changes: its FROM and JOINs, or the table it updates or deletes. */
function sourcesOf(block: Block, tokens: Token[], depthOf: number[]) {
  const own = block.own.filter((i) => depthOf[i] === block.depth).map((i) => tokens[i]!);
  const sources: Source[] = [];
  const text = (token: Token | undefined) =>
    token && (token.kind === "word" || token.kind === "name") ? token.text : null;
  const isWord = (token: Token | undefined, ...words: string[]) =>
    token?.kind === "word" && words.includes(token.text);
  /** Reads a source at `at`: a table (or a subquery, a function) with its alias; where it ends. */
  const readSource = (at: number, target = false) => {
    let i = at;
    if (own[i]?.kind === "op" && (own[i] as { text: string }).text === "(") {
      // A subquery (its own block, checked there) or a parenthesised join: skip its parentheses.
      i += 2;
      if (isWord(own[i], "as")) i += 1;
      if (own[i]?.kind === "name" || (own[i]?.kind === "word" && !isKeyword(own[i]!))) i += 1;
      return i;
    }
    let table = text(own[i]);
    if (table === null) return i + 1;
    i += 1;
    if (own[i]?.kind === "op" && (own[i] as { text: string }).text === ".") {
      table = text(own[i + 1]);
      i += 2;
    }
    if (!target && own[i]?.kind === "op" && (own[i] as { text: string }).text === "(") {
      // A table-valued function (json_each): no table of the schema.
      i += 2;
      table = null;
    }
    if (isWord(own[i], "as")) i += 1;
    let alias = table;
    if (own[i]?.kind === "name" || (own[i]?.kind === "word" && !isKeyword(own[i]!))) {
      alias = text(own[i]);
      i += 1;
    }
    if (table !== null) sources.push({ table, alias: alias ?? table });
    return i;
  };
  const isKeyword = (token: Token) =>
    token.kind === "word" &&
    (CLAUSE_ENDS.has(token.text) ||
      JOIN_WORDS.has(token.text) ||
      ["on", "using", "indexed", "not", "from", "where", "as"].includes(token.text));
  let i = 0;
  if (block.kind === "update") {
    i = 1;
    if (isWord(own[i], "or")) i += 2;
    i = readSource(i);
  } else if (block.kind === "delete") {
    i = readSource(2);
  } else if (block.kind === "insert") {
    while (i < own.length && !isWord(own[i], "into")) i += 1;
    readSource(i + 1, true);
    return sources;
  }
  let inFrom = false;
  while (i < own.length) {
    const token = own[i]!;
    if (isWord(token, "from")) {
      inFrom = true;
      i = readSource(i + 1);
    } else if (inFrom && isWord(token, "join")) {
      i = readSource(i + 1);
    } else if (inFrom && token.kind === "op" && token.text === ",") {
      i = readSource(i + 1);
    } else {
      if (token.kind === "word" && CLAUSE_ENDS.has(token.text)) inFrom = false;
      i += 1;
    }
  }
  return sources;
}

/** The column a reference names: `"t"."c"` or `c`, as [qualifier or null, column]. */
type ColumnRef = [string | null, string];

/** Whether the statement's source named `qualifier` (or holding `column`) is found, and where. */
function resolve(block: Block, [qualifier, column]: ColumnRef): Source | null {
  for (let at: Block | null = block; at; at = at.parent) {
    if (qualifier !== null) {
      const found = at.sources.find((source) => source.alias === qualifier);
      if (found) return found;
    } else {
      const holding = at.sources.filter(
        (source) =>
          SCHEMA_COLUMNS.get(source.table)?.has(column) ??
          (SEARCH_TABLES.has(source.table) && column === source.table),
      );
      if (holding.length === 1) return holding[0]!;
      if (holding.length > 1) return null;
    }
  }
  return null;
}

const scopeIn = (block: Block, source: Source) => {
  for (let at: Block | null = block; at; at = at.parent) {
    const scope = at.scoped.get(source);
    if (scope) return scope;
  }
  return undefined;
};

/** The conditions of a block that hold for every row it reaches: its WHERE and its joins' ON. */
function conditionsOf(block: Block, tokens: Token[], depthOf: number[]) {
  const regions: number[][] = [];
  let current: number[] | null = null;
  for (const i of block.own) {
    const token = tokens[i]!;
    const atBase = depthOf[i] === block.depth;
    if (atBase && token.kind === "word") {
      const next = tokens[i + 1];
      const onConflict = next?.kind === "word" && next.text === "conflict";
      if (token.text === "where" || (token.text === "on" && !onConflict)) {
        current = [];
        regions.push(current);
        continue;
      }
      if (
        CLAUSE_ENDS.has(token.text) ||
        JOIN_WORDS.has(token.text) ||
        token.text === "on" ||
        token.text === "do"
      ) {
        current = null;
        continue;
      }
    }
    current?.push(i);
  }
  return regions;
}

/**
 * Whether the condition at `start`…`end` of a region holds for every row: joined to the rest by
 * AND only (no OR beside it at any level), not under NOT nor inside a CASE, in plain parentheses
 * (not a function's arguments).
 */
function conjunctive(
  region: number[],
  start: number,
  end: number,
  tokens: Token[],
  depthOf: number[],
) {
  const wordAt = (at: number) => {
    const token = tokens[region[at]!];
    return token?.kind === "word" ? token.text : null;
  };
  if (wordAt(start - 1) === "not") return false;
  let depth = depthOf[region[start]!]!;
  let left = start - 1;
  let right = end + 1;
  for (;;) {
    // Unclosed CASEs to the left at this level: the condition is one of its branches.
    let cases = 0;
    for (; left >= 0 && depthOf[region[left]!]! >= depth; left -= 1) {
      if (depthOf[region[left]!] !== depth) continue;
      const word = wordAt(left);
      if (word === "or") return false;
      if (word === "case") cases += 1;
      if (word === "end") cases -= 1;
    }
    if (cases > 0) return false;
    for (; right < region.length && depthOf[region[right]!]! >= depth; right += 1) {
      if (depthOf[region[right]!] === depth && wordAt(right) === "or") return false;
    }
    if (left < 0) return true;
    // `left` is the "(" of the group around the condition: a plain one, after AND or another "(".
    const before = tokens[region[left - 1]!];
    const plain =
      left === 0 ||
      (before?.kind === "word" && before.text === "and") ||
      (before?.kind === "op" && before.text === "(");
    if (!plain) return false;
    depth -= 1;
    left -= 1;
    right += 1;
  }
}

/** A column reference in `region` beginning at `at`: the reference and the position after it. */
function columnAt(region: number[], at: number, tokens: Token[]): [ColumnRef, number] | null {
  let i = at;
  if (tokens[region[i]!]?.kind === "op" && (tokens[region[i]!] as { text: string }).text === "+")
    i += 1;
  const first = tokens[region[i]!];
  if (!first || (first.kind !== "name" && first.kind !== "word")) return null;
  const dot = tokens[region[i + 1]!];
  const second = tokens[region[i + 2]!];
  if (
    dot?.kind === "op" &&
    dot.text === "." &&
    second &&
    (second.kind === "name" || second.kind === "word")
  )
    return [[first.text, second.text], i + 3];
  return [[null, first.text], i + 1];
}

/** A column reference in `region` ending at `at` (the token before an operator). */
function columnEndingAt(region: number[], at: number, tokens: Token[]): [ColumnRef, number] | null {
  const last = tokens[region[at]!];
  if (!last || (last.kind !== "name" && last.kind !== "word")) return null;
  const dot = tokens[region[at - 1]!];
  const first = tokens[region[at - 2]!];
  if (
    dot?.kind === "op" &&
    dot.text === "." &&
    first &&
    (first.kind === "name" || first.kind === "word")
  ) {
    const plus = tokens[region[at - 3]!];
    const start = plus?.kind === "op" && plus.text === "+" ? at - 3 : at - 2;
    return [[first.text, last.text], start];
  }
  return [[null, last.text], at];
}

/**
 * Whether a subquery's rows are all of one owner: each of its SELECTs reads some table narrowed
 * to one, and no table of the workspaces' records that is not.
 */
const subqueryScoped = (selects: Block[] | undefined) =>
  Boolean(selects?.length) &&
  selects!.every(
    (select) =>
      select.sources.some((source) => select.scoped.has(source)) &&
      select.sources.every(
        (source) => ownerColumnOf(source.table) === undefined || select.scoped.has(source),
      ),
  );

/** Narrows the block's sources by its conditions; answers whether it narrowed any. */
function narrow(block: Block, tokens: Token[], depthOf: number[], opens: Map<number, Block[]>) {
  const regions = conditionsOf(block, tokens, depthOf);
  const tryOnce = () => {
    let changed = false;
    const mark = (source: Source | null, scope: Scope) => {
      if (!source || !block.sources.includes(source) || block.scoped.has(source)) return;
      block.scoped.set(source, scope);
      changed = true;
    };
    for (const region of regions) {
      region.forEach((index, at) => {
        const token = tokens[index]!;
        if (token.kind === "word" && (token.text === "in" || token.text === "match")) {
          const left = columnEndingAt(region, at - 1, tokens);
          if (!left) return;
          const [ref, start] = left;
          const source = resolve(block, ref);
          if (!source || !conjunctive(region, start, at + 1, tokens, depthOf)) return;
          const next = tokens[region[at + 1]!];
          if (token.text === "match" && SEARCH_TABLES.has(source.table) && next?.kind === "param")
            mark(source, { by: "match", param: next.index });
          if (token.text === "in" && ref[1] === ownerColumnOf(source.table))
            mark(source, { by: "list" });
          // `"t"."id" IN (SELECT … of one owner)`: the rows are among that owner's.
          else if (
            token.text === "in" &&
            isKeyColumn(ref[1]) &&
            subqueryScoped(opens.get(region[at + 1]!))
          )
            mark(source, { by: "join" });
          return;
        }
        if (token.kind !== "op" || (token.text !== "=" && token.text !== "==")) return;
        const left = columnEndingAt(region, at - 1, tokens);
        const right = columnAt(region, at + 1, tokens);
        const leftParam = tokens[region[at - 1]!];
        const rightParam = tokens[region[at + 1]!];
        const sides: [ColumnRef | null, Token | undefined, ColumnRef | null][] = [
          [left?.[0] ?? null, rightParam, right?.[0] ?? null],
          [right?.[0] ?? null, leftParam, left?.[0] ?? null],
        ];
        const start = left ? left[1] : at - 1;
        const end = right ? right[1] - 1 : at + 1;
        if (!conjunctive(region, start, end, tokens, depthOf)) return;
        for (const [ref, param, other] of sides) {
          if (!ref) continue;
          const source = resolve(block, ref);
          if (!source) continue;
          const owner = ownerColumnOf(source.table);
          if (ref[1] === owner && param?.kind === "param") {
            mark(source, { by: "value", param: param.index });
            continue;
          }
          if (!other || param?.kind === "param") continue;
          if (ref[1] === owner && other[0] === "excluded" && other[1] === owner) {
            mark(source, { by: "excluded" });
            continue;
          }
          const through = resolve(block, other);
          if (!through || through === source || !scopeIn(block, through)) continue;
          const throughOwner = ownerColumnOf(through.table);
          if (ref[1] === owner && other[1] === throughOwner) mark(source, { by: "join" });
          else if (
            isKeyColumn(ref[1]) &&
            isKeyColumn(other[1]) &&
            ref[1] !== owner &&
            other[1] !== throughOwner
          )
            mark(source, { by: "join" });
        }
      });
    }
    return changed;
  };
  let any = false;
  while (tryOnce()) any = true;
  return any;
}

/** An upsert's conflict target naming the owner column: the row it changes is the same owner's. */
function conflictOnOwner(block: Block, tokens: Token[], table: string) {
  const owner = ownerColumnOf(table);
  const own = block.own.map((i) => tokens[i]!);
  const at = own.findIndex(
    (token, i) => token.kind === "word" && token.text === "conflict" && i > 0,
  );
  if (at === -1) return false;
  for (let i = at + 1; i < own.length; i += 1) {
    const token = own[i]!;
    if (token.kind === "op" && token.text === ")") return false;
    if ((token.kind === "name" || token.kind === "word") && token.text === owner) return true;
  }
  return false;
}

/** What a statement reaches of the workspaces' tables (WORKSPACE_TABLES and the search indexes). */
export function statementScope(sql: string): StatementScope {
  const tokens = tokenize(sql);
  const { blocks, depthOf, opens } = blocksOf(tokens);
  const unscoped: Unscoped[] = [];
  const values: OwnerValue[] = [];
  for (const block of blocks) block.sources = sourcesOf(block, tokens, depthOf);
  // A block may be narrowed through the one around it (a correlated subquery) or through one
  // inside it (`IN (SELECT …)`): again until no block is narrowed further.
  while (blocks.map((block) => narrow(block, tokens, depthOf, opens)).some(Boolean)) {
    // Each round may narrow a block through one narrowed in the round before.
  }
  const tables = new Set(
    blocks.flatMap((block) =>
      block.sources
        .filter((source) => ownerColumnOf(source.table) !== undefined)
        .map((source) => source.table),
    ),
  );
  for (const block of blocks) {
    const upsert = block.kind === "insert" && /\bdo\s+update\b/i.test(sql);
    const replaces = block.kind === "insert" && /^\s*(replace|insert\s+or\s+replace)\b/i.test(sql);
    if (block.kind === "insert" && !upsert && !replaces) continue;
    for (const source of block.sources) {
      if (ownerColumnOf(source.table) === undefined) continue;
      const scope = block.scoped.get(source);
      if (block.kind === "insert" && !replaces && conflictOnOwner(block, tokens, source.table))
        continue;
      if (!scope || replaces) unscoped.push({ table: source.table, alias: source.alias });
      else if (scope.by === "value" || scope.by === "match")
        values.push({ table: source.table, param: scope.param, by: scope.by });
    }
  }
  return { tables: [...tables], unscoped, values };
}
