/**
 * The sidebar's workspace switcher: the workspace the pages work in, the person's others to move
 * to, and a new team workspace. Each choice is a form posted to /workspaces/current that reloads
 * the page in the chosen workspace, so it works before JavaScript (a `<details>` opens it).
 */
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { Check, ChevronsUpDown, Plus, User, Users } from "lucide-react";
import {
  CURRENT_WORKSPACE_PATH,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLE_LABELS,
  type Workspace,
} from "~/domain/teams";

export function WorkspaceSwitcher(props: {
  workspaces: readonly Workspace[];
  currentId: string;
  /** The sidebar is narrowed to its icons: only the current workspace's initial shows. */
  collapsed: boolean;
}) {
  const { pathname } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  // Once the page has started, a press outside closes the list, as the bell's panel does.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const open = details.current;
      if (open?.open && !open.contains(event.target as Node)) open.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  /** Escape closes the list and gives the focus back to the switcher's button. */
  function onKeyDown(event: KeyboardEvent) {
    const open = details.current;
    if (event.key !== "Escape" || !open?.open) return;
    event.stopPropagation();
    open.open = false;
    open.querySelector("summary")?.focus();
  }

  const current = props.workspaces.find((one) => one.id === props.currentId);
  if (!current) return null;
  return (
    <details
      ref={details}
      onKeyDown={onKeyDown}
      className="group relative px-3 pt-3"
      data-testid="workspace-switcher"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl border border-line bg-raised px-2.5 py-2 text-sm hover:border-accent/60 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden
          className="grid size-6 shrink-0 place-items-center rounded-md bg-accent/20 text-accent"
        >
          {current.personal ? <User className="size-3.5" /> : <Users className="size-3.5" />}
        </span>
        {/* Named by what it shows, so voice control finds it; narrowed, the name is only heard. */}
        <span
          className={`min-w-0 flex-1 truncate font-medium ${props.collapsed ? "lg:sr-only" : ""}`}
        >
          <span className="sr-only">Workspace: </span>
          {current.name}
        </span>
        <ChevronsUpDown
          aria-hidden
          className={`size-4 shrink-0 text-muted ${props.collapsed ? "lg:hidden" : ""}`}
        />
      </summary>
      <div className="absolute inset-x-3 z-50 mt-1 rounded-xl border border-line bg-surface p-2 shadow-xl lg:min-w-64">
        <Form method="post" action={CURRENT_WORKSPACE_PATH} reloadDocument>
          <input type="hidden" name="returnTo" value={pathname} />
          <p className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-muted">
            Workspaces
          </p>
          <ul aria-label="Your workspaces">
            {props.workspaces.map((workspace) => {
              const here = workspace.id === current.id;
              return (
                <li key={workspace.id}>
                  <button
                    type="submit"
                    name="workspaceId"
                    value={workspace.id}
                    aria-current={here ? "true" : undefined}
                    className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-raised"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">{workspace.name}</span>
                      <span className="block text-xs text-muted">
                        {workspace.personal ? "Personal" : WORKSPACE_ROLE_LABELS[workspace.role]}
                      </span>
                    </span>
                    {here && <Check aria-label="Current" className="size-4 text-accent" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </Form>
        <a
          href="/team"
          className="mt-1 flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-raised"
        >
          <Users aria-hidden className="size-4 text-muted" />
          Members and invitations
        </a>
        <Form
          method="post"
          action={CURRENT_WORKSPACE_PATH}
          reloadDocument
          className="mt-2 border-t border-line px-2 pt-2"
        >
          <input type="hidden" name="returnTo" value={pathname} />
          <input type="hidden" name="intent" value="create" />
          <label htmlFor="new-workspace-name" className="block text-xs text-muted">
            New team workspace
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="new-workspace-name"
              name="name"
              required
              maxLength={WORKSPACE_NAME_MAX}
              placeholder="Team name"
              className="input min-w-0 flex-1 py-1.5 text-sm"
            />
            <button
              type="submit"
              className="btn-secondary px-2.5 py-1.5"
              aria-label="Create team workspace"
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}
