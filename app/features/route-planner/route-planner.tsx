/**
 * Route Planner (/route-planner, issue 14): the saved routes, and the planner for a new or a saved
 * one. Which shows is in the query string (`ModuleParams`), so Back and links work.
 */
import { Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { modulePath } from "~/domain/modules";
import type { ModuleViewProps } from "../module-view";
import { useQueryParams } from "../shared";
import { RouteEditor } from "./route-editor";
import { SavedRoutes } from "./saved-routes";

export default function RoutePlanner({ module }: ModuleViewProps) {
  const [params, update] = useQueryParams();
  const route = params.get("route");

  if (route) {
    return (
      <RouteEditor
        routeId={route}
        tab={params.get("tab") === "map" ? "map" : "list"}
        onTab={(tab) => update({ tab: tab === "list" ? null : tab }, { replace: true })}
        onSaved={(id) => update({ route: id }, { replace: true })}
        onBack={() => update({ route: null, tab: null })}
      />
    );
  }
  return (
    <div>
      <PageHeader
        icon={module.icon}
        title={module.title}
        description={module.description}
        actions={
          <Link to={modulePath("route-planner", { route: "new" })} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> Plan a route
          </Link>
        }
      />
      <SavedRoutes onOpen={(id) => update({ route: id })} />
    </div>
  );
}
