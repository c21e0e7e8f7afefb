/**
 * The deal analyzer's page on the server: the saved analysis it opens with its property, its live
 * links, its files, its History, the buy box and the rehab templates; and the changes made on it (the analysis
 * saved or deleted, a link made or revoked, the buy box, a template, a file deleted), each checked
 * with the API's own schema (in the services).
 */
import { redirect } from "@remix-run/cloudflare";
import type { DealCriteria } from "~/domain/deals/criteria";
import { analysisPath } from "~/domain/modules";
import type { Deal, DealShare, RehabTemplate } from "~/lib/api/deals";
import type { RecordFiles } from "../files/files-panel";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import type { RecordHistory } from "~/lib/record-history";
import { loadHistory } from "~/lib/record-history.server";
import {
  postedBody,
  refusedAnswer,
  refusedForm,
  refusedPartAnswer,
  textIn,
  versionIn,
} from "~/lib/record-action.server";
import { actOnFile } from "../files/files.server";

/**
 * A saved analysis (`analysisId`) with its property, its live links, its files and its History, or for `new`
 * the property it is for (when the path names one); with either, the buy box and the rehab
 * templates. An analysis reached under another property's path (or none) is sent to its own path;
 * one that is not the user's, or a property that is not, is the 404 page.
 */
export async function loadAnalysis(
  args: ModuleLoaderArgs,
  analysisId: string,
  propertyId: string | null,
) {
  const { services } = args;
  if (analysisId === "new") {
    const [property, criteria, templates] = await Promise.all([
      propertyId ? services.propertyDetail(propertyId) : null,
      services.dealCriteria(),
      services.rehabTemplates(),
    ]);
    if (propertyId && !property) throw notFound();
    const files = null as RecordFiles | null;
    const history = null as RecordHistory | null;
    return { deal: null, property, shares: [] as DealShare[], criteria, templates, files, history };
  }
  const [deal, shares, criteria, templates, files, history] = await Promise.all([
    services.dealDetail(analysisId),
    services.dealShares(analysisId),
    services.dealCriteria(),
    services.rehabTemplates(),
    services.recordFiles("deal", analysisId),
    loadHistory(args, "analysis", analysisId),
  ]);
  if (!deal || !shares) throw notFound();
  if (deal.propertyId !== propertyId) throw redirect(analysisPath(deal));
  const property = deal.propertyId ? await services.propertyDetail(deal.propertyId) : null;
  // As the API answers it: its schema reads an optional input left out (null) as absent.
  return { deal: deal as Deal, property, shares, criteria, templates, files, history };
}

export type OpenedAnalysis = Awaited<ReturnType<typeof loadAnalysis>>;

/** What the analyzer's action answers its page. */
export type AnalysisActionAnswer =
  | { deal: Deal }
  | { deleted: true }
  | { share: DealShare }
  | { revoked: true }
  | { criteria: DealCriteria }
  | { template: RehabTemplate };

/**
 * A change made on the analyzer, as JSON (its figures are read in the browser): `intent` "save"
 * (`input` as the API reads an analysis; against `version` unless the analysis is `new`, which
 * creates it), "delete" (against `version`), "share" (`expiresAt`, null for no expiry),
 * "revoke-share" (`shareId`), "criteria" (`input`, the buy box), "save-template" (`input`, a rehab
 * line) or "delete-template" (`templateId`); or, as a form's fields, "delete-file" (`fileId`, one
 * of its files).
 */
export async function actOnAnalysis(
  { services }: ModuleLoaderArgs,
  analysisId: string,
  request: Request,
) {
  const { json: body, form } = await postedBody(request);
  // The files panel's delete is a form's fields, the same on every record's page.
  if (form.intent === "delete-file")
    return actOnFile(services, { ownerType: "deal", ownerId: analysisId }, form);
  if (!body)
    return refusedForm("Changing an analysis needs JavaScript: its figures are read in the form");
  const isNew = analysisId === "new";
  switch (body.intent) {
    case "save": {
      if (isNew) {
        const { done, refused } = await services.createDeal(body.input);
        if (refused) return refusedAnswer(refused);
        return { deal: done as Deal } satisfies AnalysisActionAnswer;
      }
      const { version, refused: unversioned } = versionIn(body, "analysis");
      if (unversioned) return unversioned;
      const { done, refused } = await services.updateDeal(analysisId, body.input, version);
      if (refused) return refusedAnswer(refused);
      return { deal: done as Deal } satisfies AnalysisActionAnswer;
    }
    case "delete": {
      if (isNew) return refusedForm("A new analysis is not saved: there is nothing to delete");
      const { version, refused: unversioned } = versionIn(body, "analysis");
      if (unversioned) return unversioned;
      const { refused } = await services.deleteDeal(analysisId, version);
      if (refused) return refusedAnswer(refused);
      return { deleted: true } satisfies AnalysisActionAnswer;
    }
    case "share": {
      const { done, refused } = await services.shareDeal(analysisId, {
        expiresAt: body.expiresAt,
      });
      if (refused) return refusedAnswer(refused);
      return { share: done } satisfies AnalysisActionAnswer;
    }
    case "revoke-share": {
      const shareId = textIn(body, "shareId");
      if (!shareId) return refusedForm("Say which link to revoke");
      const { refused } = await services.revokeDealShare(analysisId, shareId);
      if (refused) return refusedPartAnswer(refused);
      return { revoked: true } satisfies AnalysisActionAnswer;
    }
    case "criteria": {
      const { done, refused } = await services.saveDealCriteria(body.input);
      if (refused) return refusedAnswer(refused);
      return { criteria: done } satisfies AnalysisActionAnswer;
    }
    case "save-template": {
      const { done, refused } = await services.saveRehabTemplate(body.input);
      if (refused) return refusedAnswer(refused);
      return { template: done } satisfies AnalysisActionAnswer;
    }
    case "delete-template": {
      const templateId = textIn(body, "templateId");
      if (!templateId) return refusedForm("Say which template to delete");
      const { done, refused } = await services.deleteRehabTemplate(templateId);
      if (refused) return refusedPartAnswer(refused);
      return { template: done } satisfies AnalysisActionAnswer;
    }
    default:
      return refusedForm(`There is no change “${String(body.intent)}” of an analysis`);
  }
}
