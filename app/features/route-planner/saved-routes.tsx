/** The saved routes, the latest day first: each opens in the planner; delete asks, then offers Undo. */
import { Link } from "@remix-run/react";
import { AlertTriangle, Plus, Route, Trash2 } from "lucide-react";
import { useState } from "react";
import { ListStates } from "~/components/list-states";
import { ConfirmDialog } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { modulePath } from "~/domain/modules";
import { MESSAGES } from "~/lib/api/messages";
import { bodyOfRoute, routesApi, type RouteSummary } from "~/lib/api/routes";
import { useModuleData } from "~/lib/module-data";
import { deleteWithUndo, useQueryParams } from "../shared";
import { formatKm, formatMinutes } from "./draft";

export const EMPTY_TEACHING =
  "Add stops from your properties, auctions, contacts or calendar, or type an address: AI42 finds the order that saves the most driving and still reaches every sale on time.";

/**
 * The page of saved routes the URL names (`page`), as the `$` route's loader read it
 * (route-planner.server.ts); a delete or its Undo reads it again through Remix.
 */
export function SavedRoutes(props: { onOpen: (id: string) => void }) {
  const { data, retry, loading } = useModuleData("route-planner");
  const routes = data?.routes;
  const items = routes?.items ?? [];
  const [, update] = useQueryParams();
  const [deleting, setDeleting] = useState<RouteSummary | null>(null);

  const remove = async (route: RouteSummary) => {
    setDeleting(null);
    let deleted: Awaited<ReturnType<typeof routesApi.remove>> | null = null;
    const done = await deleteWithUndo({
      what: `Route “${route.name}”`,
      remove: async (ifMatch) => {
        deleted = await routesApi.remove(route.id, ifMatch);
      },
      version: { kind: "route", updatedAt: route.updatedAt, reload: retry },
      restore: async () => {
        if (deleted) await routesApi.create(bodyOfRoute(deleted));
        retry();
      },
    });
    if (done) retry();
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
        failure={data ? null : MESSAGES.fetchRoutes}
        onRetry={retry}
        filtered={false}
        empty={{
          title: "No routes yet",
          text: EMPTY_TEACHING,
          action: (
            <Link to={modulePath("route-planner", { route: "new" })} className="btn-primary">
              <Plus aria-hidden className="mr-1.5 size-4" /> Plan a route
            </Link>
          ),
        }}
        meta={routes?.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {items.map((route) => (
            <li key={route.id} className="flex items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  onClick={() => props.onOpen(route.id)}
                  className="text-left font-medium break-words hover:text-accent"
                >
                  {route.name}
                </button>
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
              <button
                type="button"
                onClick={() => setDeleting(route)}
                aria-label={`Delete ${route.name}`}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
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
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
