/**
 * An auction's pages on the server: the auction with what its page starts from, the form that
 * adds one, and the changes made from its page or the list (its fields, a status or a
 * postponement, the bid, its deletion), each checked with the API's own schema (in the services)
 * and made against the version the page showed.
 */
import { modulePath } from "~/domain/modules";
import type { AuctionDetail, SavedAuction } from "~/lib/api/auctions";
import type { Deal } from "~/lib/api/deals";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import {
  deletedAnswer,
  jsonBody,
  postedBody,
  refusedAnswer,
  refusedForm,
  versionIn,
} from "~/lib/record-action.server";
import type { MaxBidDefaults } from "~/domain/auctions/max-bid";
import { actOnFile } from "../files/files.server";
import { newAuctionValues } from "./auction-fields";

/** What an auction's action answers a page with JavaScript. */
export type AuctionActionAnswer =
  | { saved: { updatedAt: string }; calendar: SavedAuction["calendar"] }
  | { kept: MaxBidDefaults }
  | { deleted: true };

/** What the form at /auction/new answers once the auction is made. */
export type NewAuctionAnswer = { created: { id: string }; calendar: SavedAuction["calendar"] };

/**
 * An auction with what its page starts from: the user's max-bid defaults, its files and, until
 * the bid's inputs are saved, the analysis behind it.
 */
export async function loadAuction(args: ModuleLoaderArgs, id: string) {
  const { services } = args;
  const [detail, defaults, files, members, history] = await Promise.all([
    services.auctionDetail(id),
    services.maxBidDefaults(),
    services.recordFiles("auction", id),
    services.assignees(),
    loadHistory(args, "auction", id),
  ]);
  if (!detail) throw notFound();
  const deal = detail.dealId && !detail.bidInputs ? await services.dealDetail(detail.dealId) : null;
  // As the API answers them: its schema reads an optional input left out (null) as absent.
  return {
    detail: detail as AuctionDetail,
    defaults,
    deal: deal as Deal | null,
    files,
    members,
    history,
  };
}

/**
 * The form's first values: from the property the URL names (`property`, its flip analysis behind
 * the bid when it has one), in the state's zone, else the session's (the browser's at sign-in).
 */
export async function loadNewAuction({ url, services, timeZone }: ModuleLoaderArgs) {
  const propertyId = url.searchParams.get("property");
  // A property that is not the user's (or no longer there) starts an empty form.
  const [property, members] = await Promise.all([
    propertyId ? services.propertyDetail(propertyId) : null,
    services.assignees(),
  ]);
  const analyses = property?.analyses ?? [];
  // The analysis behind a bid is most often a flip's.
  const analysis = analyses.find((deal) => deal.strategy === "flip") ?? analyses[0];
  return { initial: newAuctionValues(property, timeZone, analysis?.id), members };
}

/** A new auction from the form at /auction/new (`input`, as the API's clients send it). */
export async function createAuction({ services }: ModuleLoaderArgs, request: Request) {
  const body = await jsonBody(request);
  if (!body)
    return refusedForm("Adding an auction needs JavaScript: its times are read in the sale's zone");
  const { done, refused } = await services.createAuction(body.input);
  if (refused) return refusedAnswer(refused);
  return { created: { id: done.auction.id }, calendar: done.calendar } satisfies NewAuctionAnswer;
}

/**
 * A change of auction `id`: as JSON with JavaScript, `intent` "update" (`input`, the auction's
 * fields as the API reads them, against `version`) or "keep-defaults" (`defaults`, the
 * calculator's inputs kept for every auction); as a form (with or without JavaScript), "delete"
 * against `version`, then to the list (`back`, with its filters), or, from the list with
 * JavaScript (no `back`), what happened; or "delete-file" (`fileId`, one of its files).
 */
export async function actOnAuction(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { form } = await postedBody(request);
  const intent = form.intent;
  if (intent === "delete-file")
    return actOnFile(services, { ownerType: "auction", ownerId: id }, form);
  if (intent === "keep-defaults") {
    const { done, refused } = await services.saveMaxBidDefaults(form.defaults);
    if (refused) return refusedAnswer(refused);
    return { kept: done } satisfies AuctionActionAnswer;
  }
  const { version, refused: unversioned } = versionIn(form, "auction");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteAuction(id, version);
    return deletedAnswer(refused, modulePath("auction"), { ...sent, back: form.back });
  }
  if (intent !== "update")
    return refusedForm(`There is no change “${String(intent)}” of an auction`);
  const { done, refused } = await services.updateAuction(id, form.input, version);
  if (refused) return refusedAnswer(refused);
  return {
    saved: { updatedAt: done.auction.updatedAt },
    calendar: done.calendar,
  } satisfies AuctionActionAnswer;
}
