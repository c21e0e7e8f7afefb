/**
 * Route Planner (/route-planner): the saved routes, paged by the URL. A saved route, and the one
 * being planned, are pages of their own (/route-planner/<id>, /route-planner/new). A viewer plans
 * none.
 */
import { Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { visitRoutePath } from "~/domain/modules";
import { useCanWrite } from "~/lib/module-data";
import { moduleOf } from "~/modules";
import type { SavedRoutesPageData } from "./route-planner.server";
import { SavedRoutes } from "./saved-routes";

const MODULE = moduleOf("route-planner");

export function RoutePlannerPage({ loaded }: { loaded: SavedRoutesPageData }) {
  const canWrite = useCanWrite();
  return (
    <div>
      <PageHeader
        icon={MODULE.icon}
        title={MODULE.title}
        description={MODULE.description}
        actions={
          canWrite && (
            <Link to={visitRoutePath("new")} className="btn-primary">
              <Plus aria-hidden className="mr-1.5 size-4" /> Plan a route
            </Link>
          )
        }
      />
      <SavedRoutes routes={loaded.routes} />
    </div>
  );
}
