/**
 * The pages' door onto the data (DESIGN: one data access, two doors): the services the API's
 * routes call, bound to D1 and to the signed-in user, for the pages' loaders and actions. The
 * Worker hands it over in the load context, so the Remix server build imports only its type and
 * bundles no second copy of the services.
 */
import type { z } from "zod";
import type { RecordType } from "../app/domain/activity";
import { parseTyped } from "../app/domain/validation";
import {
  ContactInputSchema,
  EntryInputSchema,
  ProjectFileInputSchema,
  ProjectInputSchema,
  PropertyInputSchema,
  propertyDedupeKey,
} from "../app/domain/workspace";
import { AuctionInputSchema, MaxBidDefaultsSchema } from "../app/domain/auctions/auction";
import { DealCriteriaInputSchema } from "../app/domain/deals/criteria";
import { DealInputSchema, RehabItemSchema } from "../app/domain/deals/inputs";
import { ConversationRenameSchema } from "../app/domain/ai/chat";
import { RouteInputSchema, StartPlacesSchema } from "../app/domain/routing/route";
import { RouteCalendarInputSchema, StopCandidatesQuerySchema } from "./api/routes/routes.schemas";
import { RoadPointsSchema } from "./api/routes/maps.schemas";
import { LeadBotInputSchema } from "../app/domain/marketing/bots";
import { CampaignInputSchema } from "../app/domain/marketing/campaigns";
import { LeadInputSchema } from "../app/domain/marketing/leads";
import { SequenceInputSchema, SequenceSettingsSchema } from "../app/domain/marketing/sequences";
import { EnrollmentInputSchema } from "./api/routes/sequences.schemas";
import { DealShareInputSchema } from "./api/routes/deal-shares.schemas";
import { MCP_PATH } from "../app/domain/access";
import { CreateAccessTokenSchema } from "../app/domain/access-input";
import type { FileOwner } from "../app/domain/files";
import {
  AUCTIONS_CALENDAR_ID,
  EventInputSchema,
  MAX_RESULTS,
  mergeEvents,
} from "../app/domain/calendar/events";
import {
  AuctionListQuerySchema,
  ContactListQuerySchema,
  ConversationListQuerySchema,
  DealListQuerySchema,
  LeadListQuerySchema,
  LeadSummaryQuerySchema,
  ProjectListQuerySchema,
  PropertyListQuerySchema,
  ResearchListQuerySchema,
  RouteListQuerySchema,
} from "./api/list-queries";
import { IdParamSchema, MAX_PAGE_SIZE } from "./api/openapi";
import { FileListQuerySchema } from "./api/routes/files";
import { NotificationReadSchema, SettingsChangeSchema } from "./api/routes/notifications.schemas";
import { database } from "./db/client";
import { publicOrigin, type Env } from "./env";
import { oauthApi } from "./mcp/oauth";
import { AppError, forbiddenRole, validationError, written } from "./errors";
export type { Refusal, Written } from "./errors";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "./services/access-tokens";
import {
  created,
  deleted,
  recordHistory,
  tracked,
  updated,
  type TrackedChange,
} from "./services/activity";
import { aiStatus } from "./services/ai-config";
import {
  auctionCalendarSetting,
  auctionDetail,
  createAuction,
  deleteAuction,
  listAuctions,
  updateAuction,
} from "./services/auctions";
import {
  createEvent,
  deleteEvent,
  googleCalendarConnected,
  googleCalendars,
  listEvents,
  updateEvent,
  OWN_CALENDARS,
  type CalendarInfo,
  type EventListing,
} from "./services/calendar";
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  campaignChoices,
  listCampaigns,
  updateCampaign,
} from "./services/campaigns";
import {
  listConnectedApps,
  revokeConnectedApp,
  type ConnectedApp,
} from "./services/connected-apps";
import {
  contactDetail,
  createContact,
  deleteContact,
  listContacts,
  updateContact,
} from "./services/contacts";
import {
  conversationDetail,
  deleteConversation,
  listConversations,
  renameConversation,
} from "./services/conversations";
import { dashboard, type DashboardQuery } from "./services/dashboard";
import { createDealShare, listDealShares, revokeDealShares } from "./services/deal-shares";
import {
  createDeal,
  dealDetail,
  deleteDeal,
  findCriteria,
  judgeLater,
  listDeals,
  saveCriteria,
  updateDeal,
} from "./services/deals";
import { createEntry, deleteEntry, getEntry, listEntries, updateEntry } from "./services/entries";
import { deleteFile, fileBucket, listFiles } from "./services/files";
import { disconnectGoogle, googleStatus } from "./services/google";
import { createBot, deleteBot, listBots, updateBot } from "./services/lead-bots";
import {
  createLead,
  deleteLead,
  getLead,
  leadSummary,
  listLeads,
  updateLead,
} from "./services/leads";
import { listMcpCalls } from "./services/mcp-calls";
import {
  listNotifications,
  markRead,
  notificationCounts,
  retryEmail,
  settingsOf,
  updateSettings,
} from "./services/notifications";
import {
  createSequence,
  deleteSequence,
  enrollLead,
  listSequences,
  sequenceSettingsOf,
  sequencesOfLead,
  stopLeadSequence,
  updateSequence,
  updateSequenceSettings,
} from "./services/sequences";
import { mapsConfig, roadLine, roadMatrix } from "./services/maps";
import { pipelineStats } from "./services/pipeline";
import {
  createProject,
  deleteProject,
  linkContact,
  linkFile,
  listProjects,
  projectDetail,
  unlinkContact,
  unlinkFile,
  updateProject,
} from "./services/projects";
import {
  deleteProperty,
  listProperties,
  planPropertyWrites,
  propertyDetail,
  updateProperty,
  writeProperties,
} from "./services/properties";
import { deleteResearch, getResearch, listResearch, saveResearchToHub } from "./services/research";
import {
  addRouteToCalendar,
  createRoute,
  deleteRoute,
  getRoute,
  getStartPlaces,
  listRoutes,
  saveStartPlaces,
  stopCandidates,
  updateRoute,
} from "./services/routes";
import {
  createRehabTemplate,
  deleteRehabTemplate,
  listRehabTemplates,
} from "./services/rehab-templates";
import { readAssigneeFilter, assignableMembers } from "./services/assignees";
import { usageOf, withStorageHeld } from "./services/usage";
import { maxBidDefaults, saveMaxBidDefaults } from "./services/users";
import {
  createWorkspace,
  deleteWorkspace,
  findWorkspace,
  listWorkspaces,
  type WorkspaceScope,
} from "./services/workspaces";
import { managesMembers, VIEWER_CANT_WRITE, writesRecords } from "../app/domain/teams";
import {
  acceptInvitation,
  listInvitations,
  revokeInvitation,
  sendInvitation,
} from "./services/invitations";
import { listMembers, removeMember, updateMember } from "./services/members";
import {
  InvitationInputSchema,
  MemberChangeSchema,
  WorkspaceInputSchema,
} from "../app/domain/team-input";
import { membersChanged, workspaceDeleted } from "./workspace-database";

/**
 * A list's page for a query read as its `GET /api/…` route reads it (the same schema), so the two
 * doors agree; what it cannot read comes back as the problem the API would answer.
 */
function pageFor<Schema extends z.ZodType, Page>(
  schema: Schema,
  read: (query: z.output<Schema>) => Promise<Page>,
) {
  return async (query: Record<string, string>) => {
    const parsed = schema.safeParse(query);
    if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
    try {
      return { problem: null, page: await read(parsed.data) };
    } catch (error) {
      // A value the schema takes but the data refuses (an `assignee` who is not a member).
      if (error instanceof AppError && error.status === 400)
        return { problem: error.message, page: null };
      throw error;
    }
  };
}

/** The record, or null when the user has none with that id (the API's 404). */
async function orNotFound<T>(read: Promise<T>) {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A form's fields as `schema` reads them (numbers as typed, "$125,000"), or the API's 400 naming
 * each field's problem.
 */
function checked<Schema extends z.ZodObject>(schema: Schema, input: Record<string, unknown>) {
  const parsed = parseTyped(schema, input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * A body a page builds as the API's clients do (JSON: an auction's times and bid inputs), read by
 * the route's own schema, or the API's 400 naming each field's problem.
 */
function parsed<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Where the page was asked from: what a call that may reach Google needs besides the user. */
export interface PageOrigin {
  /** This AI42's origin (the OAuth redirect's). */
  origin: string;
  /** The session's zone. */
  timeZone: string;
}

/**
 * The services of the pages of `personId` working in workspace `userId` (the account that owns
 * the workspace's records: docs/decisions/0046); what is the person's own in every workspace (their
 * Google account, notifications, access) is theirs. `waitUntil` keeps work a write hands on
 * (judging a large workspace by a new buy box) running after the answer, as the API's request does.
 * `held`: why changes to the records must wait (a move's last seconds), else null.
 */
export function pageServices(
  env: Env,
  workspace: WorkspaceScope,
  personId: string,
  from: PageOrigin,
  waitUntil: (work: Promise<unknown>) => void,
  held: AppError | null = null,
) {
  const db = database(env.DB);
  const userId = workspace.id;
  const scope = {
    db,
    env,
    userId: personId,
    workspaceId: userId,
    assignedOnly: workspace.assignedOnly,
    origin: env.APP_URL ?? from.origin,
    timeZone: from.timeZone,
  };
  /** A list's `assignee` as `GET /api/…` reads it: `me`, `none` or a member (else a 400). */
  const assigneeOf = (asked: string | undefined) => readAssigneeFilter(db, workspace, asked);
  // Asked once per page, however many of its parts would ask Google Calendar.
  let calendarConnected: Promise<boolean> | undefined;
  let entries: ReturnType<typeof listEntries> | undefined;
  // Where AI clients reach this AI42, as the API and the OAuth provider name it.
  const accessOrigin = publicOrigin(env, { url: from.origin });
  const googleCalendarOn = () => (calendarConnected ??= googleCalendarConnected(scope));

  const doer = { workspaceId: userId, actorId: personId };

  /**
   * A change to the workspace's records, as `written` tells it: a viewer's is refused 403
   * FORBIDDEN_ROLE before anything runs, as the API refuses it, and any during a move's last
   * seconds with `held` (503 WORKSPACE_MOVING). With `change`, what it does to
   * that record is kept in the activity log, as the API's routes keep it.
   */
  const recordWrite = <T>(write: () => Promise<T>, change?: TrackedChange<T>) =>
    written(() => {
      if (!writesRecords(workspace.role)) throw forbiddenRole(VIEWER_CANT_WRITE, workspace.role);
      if (held) throw held;
      return change ? tracked(db, doer, change, write) : write();
    });

  /**
   * A write that stores `input`, held against the storage quota while it runs as the API's
   * storing routes hold their bodies (a 413 when there is no room for it).
   */
  const storing = <T>(input: unknown, write: () => Promise<T>, change?: TrackedChange<T>) =>
    recordWrite(
      () =>
        withStorageHeld(
          db,
          env,
          userId,
          new TextEncoder().encode(JSON.stringify(input)).byteLength,
          write,
        ),
      change,
    );

  /**
   * The calendar's events in a range, as `GET /api/calendar/events` merges them: AI42's own
   * calendars (its events, project closings, auction dates) read now, and, when Google Calendar
   * is connected, the user's shown Google calendars as a promise, since Google is external and
   * may be slow (a Google calendar that fails is named in `unavailable`, never thrown).
   */
  const calendarEvents = async (timeMin: string, timeMax: string) => {
    const query = { timeMin, timeMax, maxResults: MAX_RESULTS };
    const [own, connected] = await Promise.all([
      listEvents(scope, query, "own"),
      googleCalendarOn(),
    ]);
    const google = connected
      ? listEvents(scope, query, "google").catch((error: unknown): EventListing => ({
          events: [],
          range: { timeMin, timeMax },
          unavailable: [{ calendarId: "google", message: (error as Error).message }],
          next: null,
        }))
      : null;
    return { own, google };
  };

  return {
    dashboard: (query: DashboardQuery) => dashboard(db, userId, query),
    pipelineStats: () => pipelineStats(db, userId),
    listProperties: pageFor(
      PropertyListQuerySchema,
      async ({ page, limit, sort, dir, assignee, ...filters }) =>
        listProperties(
          db,
          workspace,
          { ...filters, assignee: await assigneeOf(assignee) },
          { sort, dir },
          { page, limit },
        ),
    ),
    /** A property's page (`GET /api/data/properties/{id}`); null when it is not the user's. */
    propertyDetail: (id: string) => orNotFound(propertyDetail(db, workspace, id)),
    /** A property's saved analyses, the latest change first, as its page lists them. */
    propertyAnalyses: async (propertyId: string) =>
      (await listDeals(db, userId, { propertyId }, { page: 1, limit: MAX_PAGE_SIZE })).items,
    /**
     * `PUT /api/data/properties/{id}`, checked with the API's schema (numbers as a form types
     * them, "$125,000"), made only if the property is still at `version`.
     */
    updateProperty: (id: string, input: Record<string, unknown>, version: string) =>
      recordWrite(
        () => updateProperty(db, workspace, id, checked(PropertyInputSchema, input), [version]),
        updated("property", id),
      ),
    /**
     * `POST /api/data/properties?existing=skip` of one property, checked with the API's schema:
     * the property written, or the one the user already has at its address (`skipped`).
     */
    addProperty: (input: Record<string, unknown>) =>
      storing(
        input,
        async () => {
          const valid = checked(PropertyInputSchema, input);
          const row = { input: valid, key: propertyDedupeKey(valid) };
          const plan = await planPropertyWrites(db, workspace, [row], "skip");
          const [id] = await writeProperties(db, plan);
          return { id: id!, skipped: plan.skipped > 0 };
        },
        created("property", (done) => (done.skipped ? [] : [done.id])),
      ),
    /** `DELETE /api/data/properties/{id}`, made only if the property is still at `version`. */
    deleteProperty: (id: string, version: string) =>
      recordWrite(() => deleteProperty(db, workspace, id, [version]), deleted("property", id)),
    listAuctions: pageFor(
      AuctionListQuerySchema,
      async ({ page, limit, sort, dir, assignee, ...filters }) =>
        listAuctions(
          db,
          workspace,
          { ...filters, assignee: await assigneeOf(assignee) },
          { sort, dir },
          { page, limit },
        ),
    ),
    /** An auction's page (`GET /api/auctions/{id}`); null when the user has no such auction. */
    auctionDetail: (id: string) => orNotFound(auctionDetail(db, workspace, id)),
    /**
     * `POST /api/auctions`: its dates written to the Google calendar for auctions, if one is
     * chosen (`calendar` says whether they reached it).
     */
    createAuction: (input: unknown) =>
      recordWrite(
        () => createAuction(scope, parsed(AuctionInputSchema, input)),
        created("auction", (done) => [done.auction.id]),
      ),
    /** `PUT /api/auctions/{id}`, made only if the auction is still at `version`. */
    updateAuction: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateAuction(scope, id, parsed(AuctionInputSchema, input), [version]),
        updated("auction", id),
      ),
    /** `DELETE /api/auctions/{id}`, made only if the auction is still at `version`. */
    deleteAuction: (id: string, version: string) =>
      recordWrite(() => deleteAuction(scope, id, [version]), deleted("auction", id)),
    maxBidDefaults: () => maxBidDefaults(db, userId),
    /** `PUT /api/auctions/max-bid/defaults`: what every new auction's calculator starts from. */
    saveMaxBidDefaults: (input: unknown) =>
      recordWrite(() => saveMaxBidDefaults(db, userId, parsed(MaxBidDefaultsSchema, input))),
    listDeals: pageFor(DealListQuerySchema, ({ page, limit, ...filters }) =>
      listDeals(db, userId, filters, { page, limit }),
    ),
    /** A saved analysis (`GET /api/deals/{id}`); null when the user has none by that id. */
    dealDetail: (id: string) => orNotFound(dealDetail(db, userId, id)),
    /**
     * Makes saved analysis `id` its property's primary (`PUT /api/deals/{id}` with `primary:
     * true`) as it now is: read, then written against the version read, so a change made
     * elsewhere meanwhile is kept (and one made in between is a 412).
     */
    makeDealPrimary: (id: string) =>
      recordWrite(
        async () => {
          const deal = await dealDetail(db, userId, id);
          const { name, strategy, inputs, propertyId, projectId } = deal;
          const input = { name, strategy, inputs, propertyId, projectId, primary: true };
          return updateDeal(db, userId, id, parsed(DealInputSchema, input), [deal.updatedAt]);
        },
        updated("analysis", id),
      ),
    /** `POST /api/deals`, checked with the API's schema. */
    createDeal: (input: unknown) =>
      recordWrite(
        () => createDeal(db, userId, parsed(DealInputSchema, input)),
        created("analysis"),
      ),
    /** `PUT /api/deals/{id}`, made only if the analysis is still at `version`. */
    updateDeal: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateDeal(db, userId, id, parsed(DealInputSchema, input), [version]),
        updated("analysis", id),
      ),
    /** `DELETE /api/deals/{id}`, made only if the analysis is still at `version`. */
    deleteDeal: (id: string, version: string) =>
      recordWrite(() => deleteDeal(db, userId, id, [version]), deleted("analysis", id)),
    /**
     * A saved analysis's links that still open, newest first (`GET /api/deals/{id}/shares`); null
     * when the user has no analysis by that id.
     */
    dealShares: (dealId: string) => orNotFound(listDealShares(db, userId, dealId, accessOrigin)),
    /** `POST /api/deals/{id}/share`: a new read-only link, its expiry checked with the API's schema. */
    shareDeal: (dealId: string, input: unknown) =>
      recordWrite(() =>
        createDealShare(db, userId, dealId, parsed(DealShareInputSchema, input), accessOrigin),
      ),
    /** `DELETE /api/deals/{id}/share/{shareId}`: the link opens nothing from then on. */
    revokeDealShare: (dealId: string, shareId: string) =>
      recordWrite(() => revokeDealShares(db, userId, dealId, shareId)),
    /** The user's buy box (`GET /api/deals/criteria`). */
    dealCriteria: () => findCriteria(db, userId),
    /**
     * `PUT /api/deals/criteria`, checked with the API's schema: the properties are judged again by
     * it, a large workspace's after the answer.
     */
    saveDealCriteria: (input: unknown) =>
      recordWrite(() =>
        saveCriteria(
          db,
          userId,
          parsed(DealCriteriaInputSchema, input),
          judgeLater(env, db, userId, waitUntil),
        ),
      ),
    /** The user's rehab line templates, newest first (`GET /api/rehab-templates`). */
    rehabTemplates: () => listRehabTemplates(db, workspace),
    /** `POST /api/rehab-templates`: a rehab line kept as a template, held against the quota. */
    saveRehabTemplate: (input: unknown) =>
      storing(input, () => createRehabTemplate(db, workspace, parsed(RehabItemSchema, input))),
    /** `DELETE /api/rehab-templates/{id}`. */
    deleteRehabTemplate: (id: string) => recordWrite(() => deleteRehabTemplate(db, workspace, id)),
    calendarEvents,
    /**
     * The events of a range as one list in the listing's order, for a card that shows them so:
     * AI42's own now and, when Google Calendar is connected, a promise of the whole list with the
     * Google calendars' events merged in.
     */
    eventsInOrder: async (timeMin: string, timeMax: string) => {
      const { own, google } = await calendarEvents(timeMin, timeMax);
      const merged = google?.then(
        (listing) => mergeEvents([own.events, listing.events], MAX_RESULTS).events,
      );
      return { events: own.events, merged: merged ?? null };
    },
    /**
     * The calendars, as `GET /api/calendar/calendars` lists them: AI42's own now and, when Google
     * Calendar is connected, a promise of the user's Google calendars (Google is asked), which
     * settles to them or to why they could not be read.
     */
    calendars: async () => {
      const google = (await googleCalendarOn())
        ? googleCalendars(scope).then(
            (calendars) => ({ calendars, problem: null }),
            (error: unknown) => ({
              calendars: [] as CalendarInfo[],
              problem: (error as Error).message,
            }),
          )
        : null;
      return { own: OWN_CALENDARS, google };
    },
    /** `POST /api/calendar/events`: to AI42's calendar or one of the user's Google calendars. */
    createEvent: (input: unknown) =>
      recordWrite(() => createEvent(scope, parsed(EventInputSchema, input)), created("event")),
    /**
     * `PUT /api/calendar/events/{id}`; an event of AI42's calendar is changed only if it is still
     * at `version` (Google keeps its own events' versions: they have none here).
     */
    updateEvent: (id: string, input: unknown, version: string | null) =>
      recordWrite(
        () =>
          updateEvent(scope, id, parsed(EventInputSchema, input), version ? [version] : undefined),
        updated("event", id),
      ),
    /** `DELETE /api/calendar/events/{id}?calendarId=`, versioned as `updateEvent`. */
    deleteEvent: (id: string, calendarId: string | undefined, version: string | null) =>
      recordWrite(
        () => deleteEvent(scope, id, calendarId, version ? [version] : undefined),
        deleted("event", id),
      ),
    /** The Google calendar auctions are written to, if any (`GET /api/auctions/calendar`). */
    auctionCalendar: () => auctionCalendarSetting(scope),
    /** The auctions' sale times and deposit deadlines in a range, as the calendar lists them. */
    auctionEvents: async (timeMin: string, timeMax: string) =>
      (
        await listEvents(scope, {
          calendarId: AUCTIONS_CALENDAR_ID,
          timeMin,
          timeMax,
          maxResults: MAX_RESULTS,
        })
      ).events,
    listProjects: pageFor(ProjectListQuerySchema, async ({ page, limit, assignee, ...filters }) =>
      listProjects(
        db,
        workspace,
        { ...filters, assignee: await assigneeOf(assignee) },
        { page, limit },
      ),
    ),
    /** One project with its contacts, documents, files and property; null when it is not the user's. */
    projectDetail: (id: string) => orNotFound(projectDetail(db, workspace, id)),
    /** `POST /api/projects`, checked with the API's schema. */
    createProject: (input: Record<string, unknown>) =>
      recordWrite(
        () => createProject(db, workspace, checked(ProjectInputSchema, input)),
        created("project"),
      ),
    /** `PUT /api/projects/{id}`, made only if the project is still at `version`. */
    updateProject: (id: string, input: Record<string, unknown>, version: string) =>
      recordWrite(
        () => updateProject(db, workspace, id, checked(ProjectInputSchema, input), [version]),
        updated("project", id),
      ),
    /** `DELETE /api/projects/{id}`, made only if the project is still at `version`. */
    deleteProject: (id: string, version: string) =>
      recordWrite(() => deleteProject(db, workspace, id, [version]), deleted("project", id)),
    /** `POST /api/projects/{id}/contacts`: links the user's contact to the project. */
    linkContact: (id: string, contactId: string) =>
      recordWrite(() => linkContact(db, workspace, id, contactId)),
    /** `DELETE /api/projects/{id}/contacts/{contactId}`. */
    unlinkContact: (id: string, contactId: string) =>
      recordWrite(() => unlinkContact(db, workspace, id, contactId)),
    /** `POST /api/projects/{id}/files`: a Drive file linked to the project, as the API reads it. */
    linkFile: (id: string, input: unknown) =>
      recordWrite(() => linkFile(db, workspace, id, parsed(ProjectFileInputSchema, input))),
    /** `DELETE /api/projects/{id}/files/{fileId}`: the Drive file stays in Drive. */
    unlinkFile: (id: string, fileId: string) =>
      recordWrite(() => unlinkFile(db, workspace, id, fileId)),
    /** A contact with the projects it is on; null when it is not the user's. */
    contactDetail: (id: string) => orNotFound(contactDetail(db, workspace, id)),
    /** `POST /api/contacts`, as the API reads its body. */
    createContact: (input: unknown) =>
      recordWrite(
        () => createContact(db, workspace, parsed(ContactInputSchema, input)),
        created("contact"),
      ),
    /** `PUT /api/contacts/{id}`, made only if the contact is still at `version`. */
    updateContact: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateContact(db, workspace, id, parsed(ContactInputSchema, input), [version]),
        updated("contact", id),
      ),
    /** `DELETE /api/contacts/{id}`, made only if the contact is still at `version`. */
    deleteContact: (id: string, version: string) =>
      recordWrite(() => deleteContact(db, workspace, id, [version]), deleted("contact", id)),
    listContacts: pageFor(ContactListQuerySchema, ({ page, limit, ...filters }) =>
      listContacts(db, workspace, filters, { page, limit }),
    ),
    /** A page of the user's stored files, newest first (`GET /api/files`). */
    listFiles: pageFor(FileListQuerySchema, async ({ page, limit, ...filters }) => {
      const found = await listFiles(db, userId, { ...filters, limit, offset: (page - 1) * limit });
      return { items: found.files, meta: { page, limit, total: found.total } };
    }),
    /**
     * The files of one of the user's records, as its files panel lists them (`GET /api/files` with
     * `ownerType` and `ownerId`, the API's largest page).
     */
    recordFiles: async (ownerType: FileOwner, ownerId: string) => {
      const limit = MAX_PAGE_SIZE;
      const found = await listFiles(db, userId, { ownerType, ownerId, limit, offset: 0 });
      return { items: found.files, meta: { page: 1, limit, total: found.total } };
    },
    /**
     * `DELETE /api/files/{id}`; with `owner`, only a file on that record (a record's files panel):
     * one on another record is the same 404 as one that is not the user's.
     */
    deleteFile: (id: string, owner?: { ownerType: FileOwner; ownerId: string }) =>
      recordWrite(
        () => deleteFile(db, userId, fileBucket(env), parsed(IdParamSchema, { id }).id, owner),
        deleted("file", id),
      ),
    /**
     * All of the user's documents, newest change first (`GET /api/data/entries`): read once per
     * page, however many of its loaders ask (the app's store at start, Project Hub's documents).
     */
    listEntries: () => (entries ??= listEntries(db, workspace, {})),
    /** A document (`GET /api/data/entries/{id}`); null when it is not the user's. */
    entry: (id: string) => orNotFound(getEntry(db, workspace, id)),
    /** `POST /api/data/entries`, checked with the API's schema. */
    createEntry: (input: Record<string, unknown>) =>
      storing(
        input,
        () => createEntry(db, workspace, checked(EntryInputSchema, input)),
        created("document"),
      ),
    /** `PUT /api/data/entries/{id}`, made only if the document is still at `version`. */
    updateEntry: (id: string, input: Record<string, unknown>, version: string) =>
      storing(
        input,
        () => updateEntry(db, workspace, id, checked(EntryInputSchema, input), [version]),
        updated("document", id),
      ),
    /** `DELETE /api/data/entries?id=`, made only if the document is still at `version`. */
    deleteEntry: (id: string, version: string) =>
      recordWrite(() => deleteEntry(db, workspace, id, [version]), deleted("document", id)),
    listRoutes: pageFor(RouteListQuerySchema, ({ page, limit, ...filters }) =>
      listRoutes(db, userId, filters, { page, limit }),
    ),
    /** The user's saved route `id`; null when they have none by that id (`GET /api/routes/{id}`: 404). */
    getRoute: (id: string) => orNotFound(getRoute(db, userId, id)),
    /** `POST /api/routes`: its figures worked out for its order. */
    createRoute: (input: unknown) =>
      recordWrite(
        () => createRoute(db, env, userId, parsed(RouteInputSchema, input)),
        created("route"),
      ),
    /** `PUT /api/routes/{id}`, made only if the route is still at `version`. */
    updateRoute: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateRoute(db, env, userId, id, parsed(RouteInputSchema, input), [version]),
        updated("route", id),
      ),
    /** `DELETE /api/routes/{id}`, made only if the route is still at `version`. */
    deleteRoute: (id: string, version: string) =>
      recordWrite(() => deleteRoute(db, userId, id, [version]), deleted("route", id)),
    startPlaces: () => getStartPlaces(db, userId),
    /** `PUT /api/routes/places`: home and office remembered for the next route. */
    /**
     * `POST /api/routes/{id}/calendar`: one event per visit in AI42's calendar or a Google one,
     * replacing those the route wrote before.
     */
    addRouteToCalendar: (id: string, input: unknown) =>
      recordWrite(() =>
        addRouteToCalendar(scope, id, parsed(RouteCalendarInputSchema, input).calendarId),
      ),
    saveStartPlaces: (input: unknown) =>
      recordWrite(() => saveStartPlaces(db, userId, parsed(StartPlacesSchema, input))),
    /**
     * What a day's route can be built from (`GET /api/routes/candidates`), its query read with the
     * API's schema: the candidates, or why not as the API answers (a 400, Google's failure).
     */
    stopCandidates: (query: unknown) =>
      written(() => stopCandidates(scope, parsed(StopCandidatesQuerySchema, query))),
    /** `POST /api/maps/matrix`: the road service's figures, or why not (400, 422, 502, 503). */
    roadMatrix: (input: unknown) =>
      written(() => roadMatrix(env, parsed(RoadPointsSchema, input).points)),
    /** `POST /api/maps/line`: the line along the roads, or why not (400, 502, 503). */
    roadLine: (input: unknown) =>
      written(() => roadLine(env, parsed(RoadPointsSchema, input).points)),
    listConversations: pageFor(ConversationListQuerySchema, ({ page, limit, q }) =>
      listConversations(db, userId, q, { page, limit }),
    ),
    /** A conversation with its messages; null when the user has none by that id. */
    conversationDetail: (id: string) => orNotFound(conversationDetail(db, userId, id)),
    /** `PATCH /api/conversations/{id}`, its title checked with the API's schema. */
    renameConversation: (id: string, input: unknown) =>
      recordWrite(() =>
        renameConversation(db, userId, id, parsed(ConversationRenameSchema, input).title),
      ),
    /** `DELETE /api/conversations/{id}`, with its messages. */
    deleteConversation: (id: string) => recordWrite(() => deleteConversation(db, userId, id)),
    mapsConfig: () => mapsConfig(env),
    listResearch: pageFor(ResearchListQuerySchema, ({ page, limit, q }) =>
      listResearch(db, userId, q, { page, limit }),
    ),
    /** The user's research report `id`; null when they have none by that id. */
    getResearch: (id: string) => orNotFound(getResearch(db, userId, id)),
    /**
     * `POST /api/ai/research/{id}/save`: the report as a Project Hub document, made once (a report
     * already saved answers the document it was saved as).
     */
    saveResearch: (id: string) => recordWrite(() => saveResearchToHub(db, userId, id)),
    /** `DELETE /api/ai/research/{id}`: a copy saved to the Project Hub stays. */
    deleteResearch: (id: string) => recordWrite(() => deleteResearch(db, userId, id)),
    listLeads: pageFor(LeadListQuerySchema, async ({ page, limit, assignee, ...filters }) =>
      listLeads(
        db,
        workspace,
        { ...filters, assignee: await assigneeOf(assignee) },
        { page, limit },
      ),
    ),
    /**
     * The funnel and speed to lead, as `GET /api/marketing/summary` reads its query: a campaign
     * that is not the user's comes back as the API's problem.
     */
    leadSummary: async (query: Record<string, string>) => {
      const parsed = LeadSummaryQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, summary: null };
      try {
        return { problem: null, summary: await leadSummary(db, userId, parsed.data.campaignId) };
      } catch (error) {
        if (error instanceof AppError && error.status === 400)
          return { problem: error.message, summary: null };
        throw error;
      }
    },
    /** A lead's page (`GET /api/marketing/leads/{id}`); null when the user has no such lead. */
    leadDetail: (id: string) => orNotFound(getLead(db, workspace, id)),
    /** `POST /api/marketing/leads`: a duplicate of a lead's e-mail or phone is the API's 409. */
    createLead: (input: unknown) =>
      recordWrite(() => createLead(db, workspace, parsed(LeadInputSchema, input)), created("lead")),
    /** `PUT /api/marketing/leads/{id}`, made only if the lead is still at `version`. */
    updateLead: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateLead(db, workspace, id, parsed(LeadInputSchema, input), [version]),
        updated("lead", id),
      ),
    /** `DELETE /api/marketing/leads/{id}`, made only if the lead is still at `version`. */
    deleteLead: (id: string, version: string) =>
      recordWrite(() => deleteLead(db, workspace, id, [version]), deleted("lead", id)),
    /** A lead's sequences and their log (`GET /api/marketing/sequences/leads/{id}`), its lead read apart. */
    leadSequences: (id: string) => sequencesOfLead(db, userId, id),
    /** `POST /api/marketing/sequences/leads/{id}`: its refusals (sequences off, no consent) are 409s. */
    startLeadSequence: (id: string, input: unknown) =>
      recordWrite(() =>
        enrollLead(db, workspace, id, parsed(EnrollmentInputSchema, input).sequenceId, Date.now()),
      ),
    /** `POST /api/marketing/sequences/enrollments/{id}/stop`. */
    stopLeadSequence: (enrollmentId: string) =>
      recordWrite(() => stopLeadSequence(db, userId, enrollmentId, Date.now())),
    listCampaigns: () => listCampaigns(db, userId),
    /** The campaigns a lead's form or the leads' filter offers: names, no figures. */
    campaignChoices: () => campaignChoices(db, userId),
    /** A campaign's page (`GET /api/marketing/campaigns/{id}`); null when it is not the user's. */
    campaignDetail: (id: string) => orNotFound(getCampaign(db, userId, id)),
    /** `POST /api/marketing/campaigns`, checked with the API's schema (amounts as a form types them). */
    createCampaign: (input: Record<string, unknown>) =>
      recordWrite(
        () => createCampaign(db, userId, checked(CampaignInputSchema, input)),
        created("campaign"),
      ),
    /** `PUT /api/marketing/campaigns/{id}`, made only if the campaign is still at `version`. */
    updateCampaign: (id: string, input: Record<string, unknown>, version: string) =>
      recordWrite(
        () => updateCampaign(db, userId, id, checked(CampaignInputSchema, input), [version]),
        updated("campaign", id),
      ),
    /** `DELETE /api/marketing/campaigns/{id}`: its leads stay, without a campaign. */
    deleteCampaign: (id: string, version: string) =>
      recordWrite(() => deleteCampaign(db, userId, id, [version]), deleted("campaign", id)),
    listLeadBots: () => listBots(db, userId),
    /** `POST /api/marketing/bots`, as the API reads its body. */
    createLeadBot: (input: unknown) =>
      recordWrite(() => createBot(db, userId, parsed(LeadBotInputSchema, input)), created("bot")),
    /** `PUT /api/marketing/bots/{id}`, made only if the bot is still at `version`. */
    updateLeadBot: (id: string, input: unknown, version: string) =>
      recordWrite(
        () => updateBot(db, userId, id, parsed(LeadBotInputSchema, input), [version]),
        updated("bot", id),
      ),
    /** `DELETE /api/marketing/bots/{id}`, made only if the bot is still at `version`: its leads stay. */
    deleteLeadBot: (id: string, version: string) =>
      recordWrite(() => deleteBot(db, userId, id, [version]), deleted("bot", id)),
    listSequences: () => listSequences(db, userId),
    /** `POST /api/marketing/sequences`. */
    createSequence: (input: unknown) =>
      recordWrite(
        () => createSequence(db, userId, parsed(SequenceInputSchema, input)),
        created("sequence"),
      ),
    /** `PUT /api/marketing/sequences/{id}`. */
    updateSequence: (id: string, input: unknown) =>
      recordWrite(
        () => updateSequence(db, userId, id, parsed(SequenceInputSchema, input)),
        updated("sequence", id),
      ),
    /** `DELETE /api/marketing/sequences/{id}`: stopped on the leads it is running on. */
    deleteSequence: (id: string) =>
      recordWrite(() => deleteSequence(db, userId, id, Date.now()), deleted("sequence", id)),
    sequenceSettings: () => sequenceSettingsOf(db, workspace),
    /** `PUT /api/marketing/sequences/settings`: on or off, and the daily cap. */
    saveSequenceSettings: (input: unknown) =>
      recordWrite(() =>
        updateSequenceSettings(db, workspace, parsed(SequenceSettingsSchema, input), Date.now()),
      ),
    /** The Google account as AI42 last knew it (D1), without asking Google. */
    googleStatus: () => googleStatus({ db, env, userId: personId, workspaceId: userId }),
    /** Which AI providers are set up, from the environment (`GET /api/ai/status`). */
    aiStatus: () => aiStatus(env),
    usage: (now: Date) => usageOf(db, env, userId, now.getTime()),
    /** The bell's unread and unsent counts (`GET /api/notifications/unread`). */
    notificationCounts: () => notificationCounts(db, personId),
    /** The bell's newest notifications, the read ones too (`GET /api/notifications?limit=`). */
    notifications: async (limit: number) =>
      (await listNotifications(db, personId, { page: 1, limit, filter: "all" })).items,
    /**
     * `POST /api/notifications/read`, checked with the API's schema (`ids`, or `all`): the counts
     * after. Another user's id marks nothing, as there.
     */
    markNotificationsRead: (input: unknown) =>
      written(() => markRead(db, personId, parsed(NotificationReadSchema, input), Date.now())),
    /**
     * `POST /api/notifications/{id}/retry`: the notification, its e-mail queued again (a 404 when
     * it is not the user's, a 409 when its e-mail did not fail), with the counts after.
     */
    retryNotificationEmail: (id: unknown) =>
      written(async () => {
        const retried = await retryEmail(
          db,
          env,
          personId,
          parsed(IdParamSchema, { id }).id,
          Date.now(),
        );
        return { retried, counts: await notificationCounts(db, personId) };
      }),
    /** The notification preferences (`GET /api/notifications/settings`). */
    notificationSettings: () => settingsOf(db, personId),
    /** `PUT /api/notifications/settings`, checked with the API's schema: the preferences after. */
    saveNotificationSettings: (change: unknown) =>
      written(() => updateSettings(db, personId, parsed(SettingsChangeSchema, change), Date.now())),
    /** The newest e-mails that could not be sent (`GET /api/notifications?filter=failed`). */
    failedNotifications: async (limit: number) =>
      (await listNotifications(db, personId, { page: 1, limit, filter: "failed" })).items,
    /** The MCP server's address, for AI clients (`<origin>/mcp`). */
    mcpUrl: () => `${accessOrigin}${MCP_PATH}`,
    /** The personal access tokens, newest first (`GET /api/access-tokens`). */
    accessTokens: () => listAccessTokens(db, personId),
    /** `POST /api/access-tokens`, checked with the API's schema: the token, with its secret. */
    createAccessToken: (input: unknown) =>
      written(() =>
        createAccessToken(db, personId, userId, parsed(CreateAccessTokenSchema, input)),
      ),
    /** `DELETE /api/access-tokens/{id}`: its next request is refused. */
    revokeAccessToken: (id: string) => written(() => revokeAccessToken(db, personId, id)),
    /**
     * The apps connected through OAuth (`GET /api/connected-apps`); where the OAuth provider
     * cannot serve this origin (plain http away from this machine), the API's 503 as a problem.
     */
    connectedApps: async () => {
      try {
        return {
          apps: await listConnectedApps(await oauthApi(env, accessOrigin), personId),
          problem: null,
        };
      } catch (error) {
        if (error instanceof AppError && error.status === 503)
          return { apps: [] as ConnectedApp[], problem: error.message };
        throw error;
      }
    },
    /** `DELETE /api/connected-apps/{id}`: the app's grant and every token under it stop working. */
    disconnectApp: (id: string) =>
      written(async () => revokeConnectedApp(await oauthApi(env, accessOrigin), personId, id)),
    /** `POST /api/google/disconnect`: Google is asked to revoke AI42's access, the account forgotten. */
    disconnectGoogle: () => written(() => disconnectGoogle(scope)),
    /** A page of the log of what AI clients did over MCP (`GET /api/mcp-calls`). */
    mcpCalls: (page: number, limit: number) => listMcpCalls(db, personId, { page, limit }),
    /**
     * A record's latest `limit` entries of the activity log, newest first, and whether it has
     * older ones (`GET /api/workspaces/{id}/activity?recordType=&recordId=`): its page's History.
     */
    history: (type: RecordType, id: string, limit: number) =>
      recordHistory(db, workspace, type, id, limit),
    /** The workspace these services work in: the one the session chose, else the person's own. */
    workspaceId: userId,
    /** The person these services act for. */
    personId,
    /** The person's role there: the screens offer only what it may do. */
    role: workspace.role,
    /** The workspace's members, by name: whom a record's form offers to assign it to. */
    assignees: () => assignableMembers(db, userId),
    /** The person's workspaces, their own first (`GET /api/workspaces`). */
    workspaces: () => listWorkspaces(db, personId),
    /** One of the person's workspaces; null when they are not a member (the API's 404). */
    findWorkspace: (id: string) => orNotFound(findWorkspace(db, personId, id)),
    /** `POST /api/workspaces`, checked with the API's schema: the new team workspace. */
    createWorkspace: (input: unknown) =>
      written(() => createWorkspace(db, personId, parsed(WorkspaceInputSchema, input))),
    /**
     * `POST /api/invitations/{token}/accept`: the workspace joined, as the person's list shows it
     * (the session is the page's to move there).
     */
    /** The members of the workspace the pages work in (`GET /api/workspaces/{id}/members`). */
    members: () => listMembers(db, personId, userId),
    /** Its pending invitations; null for a member or a viewer, who may not see them. */
    invitations: async () =>
      managesMembers(workspace.role) ? await listInvitations(db, personId, userId) : null,
    /** `POST /api/workspaces/{id}/invitations`: the invitation with its link, also e-mailed. */
    invite: (input: unknown) =>
      written(() =>
        sendInvitation(db, personId, userId, parsed(InvitationInputSchema, input), env, {
          url: from.origin,
          waitUntil,
        }),
      ),
    /** `DELETE /api/workspaces/{id}/invitations/{invitationId}`: its link stops working. */
    revokeInvitation: (id: string) => written(() => revokeInvitation(db, personId, userId, id)),
    /** `PATCH /api/workspaces/{id}/members/{userId}`: a role, or what they see. */
    changeMember: (memberId: string, change: unknown) =>
      written(() =>
        updateMember(db, personId, userId, memberId, parsed(MemberChangeSchema, change)).then(
          async (member) => (await membersChanged(env, userId), member),
        ),
      ),
    /** `DELETE /api/workspaces/{id}/members/{userId}`: removed, or (themselves) leaving. */
    removeMember: (memberId: string) =>
      written(async () => {
        await removeMember(db, personId, userId, memberId);
        await membersChanged(env, userId);
      }),
    /** `DELETE /api/workspaces/{id}`: the team's workspace and everything in it, by an owner. */
    deleteWorkspace: () =>
      written(async () => {
        await deleteWorkspace(db, personId, userId, env.FILES ?? null);
        await workspaceDeleted(env, userId);
      }),
    acceptInvitation: (token: string) =>
      written(async () => {
        const joined = await acceptInvitation(db, personId, token);
        await membersChanged(env, joined.id);
        return joined;
      }),
  };
}

export type PageServices = ReturnType<typeof pageServices>;
