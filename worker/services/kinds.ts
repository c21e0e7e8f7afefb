/**
 * Every kind of record Export Data writes and Import Data reads, in the order of
 * `RECORD_KINDS` (a record's references come before it). A new kind is one entry here and its
 * declaration beside its service.
 */
import { RECORD_KINDS, type RecordKindName } from "../../app/domain/record-kinds";
import { auctionKind } from "./auctions.kind";
import { eventKind } from "./calendar.kind";
import { campaignKind } from "./campaigns.kind";
import { contactKind } from "./contacts.kind";
import { conversationKind } from "./conversations.kind";
import { dealKind } from "./deals.kind";
import { entryKind } from "./entries.kind";
import { leadBotKind } from "./lead-bots.kind";
import { leadKind } from "./leads.kind";
import { projectContactKind, projectFileKind, projectKind } from "./projects.kind";
import { propertyKind } from "./properties.kind";
import type { RecordKind } from "./record-kind";
import { researchKind } from "./research.kind";
import { routeKind } from "./routes.kind";

const BY_NAME: Record<RecordKindName, RecordKind> = {
  properties: propertyKind,
  contacts: contactKind,
  projects: projectKind,
  entries: entryKind,
  projectContacts: projectContactKind,
  conversations: conversationKind,
  research: researchKind,
  events: eventKind,
  projectFiles: projectFileKind,
  deals: dealKind,
  auctions: auctionKind,
  routes: routeKind,
  campaigns: campaignKind,
  leadBots: leadBotKind,
  leads: leadKind,
};

/** The kinds in the order Import Data reads them, each with its count's name in the answer. */
export const KINDS = RECORD_KINDS.map(({ name, result }) => ({ ...BY_NAME[name], result }));

export const kindNamed = (name: RecordKindName) => BY_NAME[name];
