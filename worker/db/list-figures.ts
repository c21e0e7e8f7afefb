/**
 * What the property list shows, sorts and filters by that lives in other rows — the primary
 * analysis and its key figures, whether it meets the buy box, the list's photo, the owner's name —
 * kept on the property by triggers, so a page of the list is read through one index whatever the
 * user owns. The triggers are this module's SQL: migration 0031 holds them as
 * scripts/list-figure-triggers.ts writes them, and a worker test compares the database's triggers
 * with `LIST_FIGURE_TRIGGERS`, so a change here needs a migration written the same way. The buy box is the exception: a changed buy box judges every analysed property
 * again, which `rejudgeStatement` does a slice at a time, in the background for a large workspace.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { CRITERIA, CRITERION_NAMES } from "../../app/domain/deals/criteria";
import { contacts, dealCriteria, deals, files, properties } from "./schema";

/** The property's columns kept here: never written by the code, so never by an import's update. */
export const LIST_FIGURES = [
  "primaryDealId",
  "cashFlowMonthly",
  "capRate",
  "cashOnCash",
  "meetsCriteria",
  "photoFileId",
  "ownerName",
] as const;

/** The deal a property's key figures come from, by that name in the SQL below. */
export const primaryDeal = alias(deals, "primary_deal");

/**
 * Whether `primaryDeal` meets the user's buy box (`dealCriteria`, joined on the property's owner),
 * in SQL as `judgeCriteria` works it out from the analysis: 1 when every criterion that applies
 * passes, 0 when one fails (a null figure fails), null without an analysis or a criterion that
 * applies. The strategies are the code's own constants, written into the SQL (no parameters).
 */
function meetsCriteriaOf(): SQL<number | null> {
  const figures = getTableColumns(primaryDeal);
  const criteria = getTableColumns(dealCriteria);
  const parts = CRITERION_NAMES.map((name) => {
    const { bound, figure, strategies } = CRITERIA[name];
    const listed = sql.raw(strategies.map((strategy) => `'${strategy}'`).join(", "));
    const applies = sql`(${criteria[name]} IS NOT NULL AND ${primaryDeal.strategy} IN (${listed}))`;
    const fails = sql`(${applies} AND (${figures[figure]} IS NULL OR ${figures[figure]} ${sql.raw(bound === "min" ? "<" : ">")} ${criteria[name]}))`;
    return { applies, fails };
  });
  const sum = (terms: SQL[]) => sql.join(terms, sql` + `);
  return sql`(CASE WHEN ${primaryDeal.id} IS NULL OR (${sum(parts.map((p) => p.applies))}) = 0 THEN NULL WHEN (${sum(parts.map((p) => p.fails))}) = 0 THEN 1 ELSE 0 END)`;
}
const meetsCriteria = meetsCriteriaOf();

/**
 * The property's primary analysis: the one flagged, else (analyses saved before the first was
 * flagged) its first, never one that merely changed last. Reads the property's few analyses
 * through their (user, property) index.
 */
const primaryDealOf = sql`(SELECT ${deals.id} FROM ${deals} WHERE ${deals.userId} = ${properties.userId} AND ${deals.propertyId} = ${properties.id} ORDER BY ${deals.primary} DESC, ${deals.createdAt} ASC, ${deals.id} ASC LIMIT 1)`;

/** Sets the analysis columns of the properties `where` selects, from their analyses as they are. */
const refreshAnalysis = (where: SQL) =>
  sql`UPDATE ${properties} SET (primary_deal_id, cash_flow_monthly, cap_rate, cash_on_cash, meets_criteria) = (SELECT ${primaryDeal.id}, ${primaryDeal.cashFlowMonthly}, ${primaryDeal.capRate}, ${primaryDeal.cashOnCash}, ${meetsCriteria} FROM (SELECT 1) LEFT JOIN ${deals} AS ${sql.identifier("primary_deal")} ON ${primaryDeal.id} = ${primaryDealOf} LEFT JOIN ${dealCriteria} ON ${dealCriteria.userId} = ${properties.userId}) WHERE ${where}`;

/**
 * The list's picture: the first photo stored on the property with a thumbnail, else the first a
 * browser shows; null without one. Reads the property's files through their owner index.
 */
const refreshPhoto = (where: SQL) =>
  sql`UPDATE ${properties} SET photo_file_id = (SELECT ${files.id} FROM ${files} WHERE ${files.userId} = ${properties.userId} AND ${files.ownerType} = 'property' AND ${files.ownerId} = ${properties.id} AND ${files.kind} = 'image' AND ${files.status} = 'ready' AND ${files.mimeType} <> 'image/heic' ORDER BY ${files.thumbnail} DESC, ${files.createdAt}, ${files.id} LIMIT 1) WHERE ${where}`;

/** A contact's name as lists show and sort an owner: the person's, else the company's. */
const contactName = (row: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${row}.first_name, '') || ' ' || coalesce(${row}.last_name, '')), ''), ${row}.company)`,
  );

const refreshOwner = (where: SQL) =>
  sql`UPDATE ${properties} SET owner_name = (SELECT ${contactName("owner")} FROM ${contacts} AS owner WHERE owner.id = ${properties.ownerContactId} AND owner.user_id = ${properties.userId}) WHERE ${where}`;

const raw = (text: string) => sql.raw(text);
const dialect = new SQLiteSyncDialect();
/** SQL as text: these statements bind no parameters (they run inside triggers). */
const text = (statement: SQL) => {
  const { sql: query, params } = dialect.sqlToQuery(statement);
  if (params.length) throw new Error("A trigger's statement binds no parameters");
  return query;
};

const trigger = (name: string, on: string, when: string | null, body: SQL[]) =>
  `CREATE TRIGGER ${name} AFTER ${on}${when ? ` WHEN ${when}` : ""} BEGIN ${body.map((statement) => `${text(statement)};`).join(" ")} END`;

/** The triggers that keep the list's figures on the property, as migration 0031 creates them. */
export const LIST_FIGURE_TRIGGERS = [
  trigger("properties_list_deal_inserted", "INSERT ON deals", "NEW.property_id IS NOT NULL", [
    refreshAnalysis(raw('"properties"."id" = NEW.property_id')),
  ]),
  trigger("properties_list_deal_updated", "UPDATE ON deals", null, [
    refreshAnalysis(raw('"properties"."id" IN (NEW.property_id, OLD.property_id)')),
  ]),
  trigger("properties_list_deal_deleted", "DELETE ON deals", "OLD.property_id IS NOT NULL", [
    refreshAnalysis(raw('"properties"."id" = OLD.property_id')),
  ]),
  trigger("properties_list_file_inserted", "INSERT ON files", "NEW.owner_type = 'property'", [
    refreshPhoto(raw('"properties"."id" = NEW.owner_id')),
  ]),
  trigger(
    "properties_list_file_updated",
    "UPDATE OF owner_type, owner_id, kind, status, mime_type, thumbnail ON files",
    "NEW.owner_type = 'property' OR OLD.owner_type = 'property'",
    [refreshPhoto(raw('"properties"."id" IN (NEW.owner_id, OLD.owner_id)'))],
  ),
  trigger("properties_list_file_deleted", "DELETE ON files", "OLD.owner_type = 'property'", [
    refreshPhoto(raw('"properties"."id" = OLD.owner_id')),
  ]),
  trigger("properties_list_owner_set", "INSERT ON properties", "NEW.owner_contact_id IS NOT NULL", [
    refreshOwner(raw('"properties"."id" = NEW.id')),
  ]),
  trigger("properties_list_owner_changed", "UPDATE OF owner_contact_id ON properties", null, [
    refreshOwner(raw('"properties"."id" = NEW.id')),
  ]),
  trigger(
    "properties_list_owner_renamed",
    "UPDATE OF first_name, last_name, company ON contacts",
    null,
    [
      refreshOwner(
        raw('"properties"."user_id" = NEW.user_id AND "properties"."owner_contact_id" = NEW.id'),
      ),
    ],
  ),
];

/** What migration 0031 runs once the triggers exist: every property's figures worked out. */
export const LIST_FIGURE_BACKFILL = [
  refreshAnalysis(raw("1")),
  refreshPhoto(raw("1")),
  refreshOwner(raw('"properties"."owner_contact_id" IS NOT NULL')),
].map((statement) => `${text(statement)};`);

/**
 * Judges again, by the buy box as it is now, the user's analysed properties after `after` (a
 * primary analysis id; "" for the first) in primary-analysis order, at most `limit` of them;
 * answers each property's primary analysis id, so the caller carries on after the largest.
 */
export const rejudgeStatement = (userId: string, after: string, limit: number) =>
  sql`UPDATE ${properties} SET meets_criteria = (SELECT ${meetsCriteria} FROM ${deals} AS ${sql.identifier("primary_deal")} LEFT JOIN ${dealCriteria} ON ${dealCriteria.userId} = ${properties.userId} WHERE ${primaryDeal.id} = ${properties.primaryDealId}) WHERE ${properties.id} IN (SELECT ${properties.id} FROM ${properties} WHERE ${properties.userId} = ${userId} AND ${properties.primaryDealId} > ${after} ORDER BY ${properties.primaryDealId} LIMIT ${limit}) RETURNING ${properties.primaryDealId}`;
