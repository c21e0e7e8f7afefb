/**
 * The spec's "time matrix" beside the chat: the week ahead at a glance. For now it holds the
 * user's project milestones (target close dates); calendar events join when the calendar lands.
 * Clicking it opens /calendar.
 */
import { Link } from "@remix-run/react";
import { MESSAGES } from "~/lib/api/messages";
import { CalendarRange } from "lucide-react";
import { useEffect, useState } from "react";
import { byDay, weekAhead } from "~/domain/dates";
import { modulePath } from "~/domain/modules";
import { projectsApi, type Project } from "~/lib/api/workspace";

const weekday = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(new Date(day));
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

export function TimeMatrix(props: { className?: string }) {
  const [days, setDays] = useState<string[] | null>(null);
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const week = weekAhead(new Date());
    setDays(week);
    projectsApi
      .list({ closeFrom: week[0], closeTo: week[6], limit: 100 })
      .then((page) => setProjects(page.items))
      .catch(() => setFailed(true));
  }, []);

  const columns = days && projects ? byDay(days, projects, (p) => p.targetCloseDate) : null;
  const count = projects?.length ?? 0;

  return (
    <Link
      to={modulePath("calendar")}
      data-testid="time-matrix"
      className={`block rounded-2xl border border-line bg-surface p-4 transition hover:border-accent/60 ${props.className ?? ""}`}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <CalendarRange aria-hidden className="size-4 text-accent" />
          Week ahead<span className="sr-only">: open the calendar</span>
        </h2>
        <span className="text-xs text-muted">
          {failed
            ? MESSAGES.fetchWeekAhead
            : columns
              ? `${count} milestone${count === 1 ? "" : "s"}`
              : "Loading..."}
        </span>
      </div>
      <ol className="divide-y divide-line/60">
        {(columns ?? (days ?? []).map((day) => ({ day, items: [] as Project[] }))).map(
          ({ day, items }, index) => (
            <li key={day} className="flex items-start gap-3 py-1.5">
              <span
                className={`w-16 shrink-0 text-xs whitespace-nowrap ${index === 0 ? "font-semibold text-accent" : "text-muted"}`}
              >
                {index === 0 ? "Today" : weekday(day)} {dayOfMonth(day)}
              </span>
              <span className="flex min-w-0 flex-1 flex-wrap gap-1">
                {items.map((project) => (
                  <span
                    key={project.id}
                    title={`${project.name}: target close`}
                    className="max-w-full truncate rounded bg-accent/20 px-1.5 text-xs leading-5"
                  >
                    {project.name}
                  </span>
                ))}
              </span>
            </li>
          ),
        )}
      </ol>
      {columns && count === 0 && (
        <p className="mt-3 text-xs text-muted">
          No target close dates this week. Set them on your projects in the Project Hub.
        </p>
      )}
    </Link>
  );
}
