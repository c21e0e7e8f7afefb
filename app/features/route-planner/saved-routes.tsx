/**
 * The saved routes, the latest day first, each a link to its page; a delete offers Undo (not to a
 * viewer, who plans and deletes none).
 */
import { Link } from "@remix-run/react";
import { AlertTriangle, Plus, Route, Trash2 } from "lucide-react";
import { useState } from "react";
import { ListStates } from "~/components/list-states";
import { ConfirmDialog } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { visitRoutePath } from "~/domain/modules";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import type { RouteSummary } from "~/lib/api/routes";
import { useVersionedAction } from "~/lib/use-action-call";
import { deleteWithUndo, usePageReading, useQueryParams } from "../shared";
import { formatKm, formatMinutes } from "./draft";
import type { SavedRoutesPageData } from "./route-planner.server";
import type { VisitRouteActionAnswer } from "./visit-route.server";

export const EMPTY_TEACHING =
  "Add stops from your properties, auctions, contacts or calendar, or type an address: AI42 finds the order that saves the most driving and still reaches every sale on time.";

/**
 * Deletes a route through its page's action, against the version the list shows; Undo saves it
 * again through the action of the route being planned, for the toast's lifetime.
 */
function useDeleteRoute() {
  const send = useVersionedAction<VisitRouteActionAnswer>("route", MESSAGES.deleteRoute);
  const restore = useVersionedAction<VisitRouteActionAnswer>("route", MESSAGES.createRoute);
  return async (route: RouteSummary) => {
    let answer: VisitRouteActionAnswer | undefined;
    await deleteWithUndo({
      what: `Route “${route.name}”`,
      remove: async () => {
        answer = await send(
          { intent: "delete", version: route.updatedAt },
          visitRoutePath(route.id),
        );
        return answer !== undefined;
      },
      restore: async () => {
        if (answer && "deleted" in answer)
          await restore({ intent: "save", input: answer.deleted }, visitRoutePath("new"));
      },
    });
  };
}

/**
 * The page of saved routes the URL names (`page`), as the list's loader read it
 * (route-planner.server.ts); a delete or its Undo reads it again through Remix.
 */
export function SavedRoutes({ routes }: { routes: SavedRoutesPageData["routes"] }) {
  const { loading } = usePageReading();
  const items = routes.items;
  const [, update] = useQueryParams();
  const [deleting, setDeleting] = useState<RouteSummary | null>(null);
  const deleteRoute = useDeleteRoute();
  const canWrite = useCanWrite();

  const remove = (route: RouteSummary) => {
    setDeleting(null);
    void deleteRoute(route);
  };

  return (
    <section aria-labelledby="saved-routes-heading">
      <h2 id="saved-routes-heading" className="mb-3 text-lg font-semibold">
        Saved routes
      </h2>
      <ListStates
        noun={{ one: "route", many: "routes" }}
        icon={Route}
        skeleton="list"
        count={items.length}
        loading={loading}
        filtered={false}
        empty={{
          title: "No routes yet",
          text: EMPTY_TEACHING,
          action: canWrite && (
            <Link to={visitRoutePath("new")} className="btn-primary">
              <Plus aria-hidden className="mr-1.5 size-4" /> Plan a route
            </Link>
          ),
        }}
        meta={routes.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {items.map((route) => (
            <li key={route.id} className="flex items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={visitRoutePath(route.id)}
                  className="font-medium break-words hover:text-accent"
                >
                  {route.name}
                </Link>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-muted">
                  <span>{formatDate(route.date)}</span>
                  <span>
                    {route.stopCount} {route.stopCount === 1 ? "stop" : "stops"}
                  </span>
                  <span>{formatKm(route.totalDistanceKm)}</span>
                  <span>{formatMinutes(route.totalMinutes)}</span>
                  {!route.feasible && (
                    <span className="inline-flex items-center gap-1 text-danger">
                      <AlertTriangle aria-hidden className="size-3.5" /> Some stops late
                    </span>
                  )}
                </p>
              </div>
              {canWrite && (
                <button
                  type="button"
                  onClick={() => setDeleting(route)}
                  aria-label={`Delete ${route.name}`}
                  className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete route?"
        message={
          deleting && (
            <>
              “{deleting.name}” ({formatDate(deleting.date)}) will be deleted. Visits it added to a
              calendar stay there.
            </>
          )
        }
        confirmLabel="Delete route"
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
