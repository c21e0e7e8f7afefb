import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight, LogOut, Search, X } from "lucide-react";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { modulePath } from "~/domain/modules";
import type { User } from "~/lib/api/auth";
import type { AppModule } from "~/modules";
import { Brand } from "./brand";

export function userInitial(user: Pick<User, "first_name" | "email"> | null) {
  return (user?.first_name?.trim()[0] ?? user?.email?.trim()[0] ?? "U").toUpperCase();
}

export function userFullName(user: Pick<User, "first_name" | "last_name"> | null) {
  return [user?.first_name, user?.last_name].filter(Boolean).join(" ").trim() || "User";
}

/**
 * Desktop: a 320/72 px column. Below 1024 px: a full-height drawer that slides in over a dimmed
 * overlay, always expanded. `collapsed` only affects the desktop layout (lg: classes).
 */
export function Sidebar(props: {
  modules: readonly AppModule[];
  /** Child modules (those naming a parent) listed under their parent. */
  childrenOf: (id: string) => readonly AppModule[];
  /** The module the path opens; null on a page that is not found. */
  activeId: string | null;
  collapsed: boolean;
  width: number;
  /** Below 1024 px, once known: the sidebar is a drawer. */
  mobile: boolean;
  mobileOpen: boolean;
  /** Where the focus goes back to when the drawer closes (its menu button). */
  returnFocusTo: RefObject<HTMLElement | null>;
  user: User | null;
  mac: boolean;
  onToggleCollapsed: () => void;
  onCloseMobile: () => void;
  onNavigate: () => void;
  onOpenPalette: () => void;
  onLogout: () => void;
  /** The notifications' bell, beside the search on wide screens (the phone's is in the header). */
  bell: ReactNode;
  /** The workspace the pages work in, and the way to another (none when it could not be read). */
  workspaceSwitcher: ReactNode;
}) {
  const hideWhenCollapsed = props.collapsed ? "lg:hidden" : "";
  const aside = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { mobile, mobileOpen, returnFocusTo } = props;

  // A closed drawer is inert: out of the tab order and hidden from assistive technology. (Before
  // hydration, `max-lg:invisible` does the same; visibility waits for the slide out to end, and
  // comes back at once on opening, so the focus can move in.) Opening it moves the focus in;
  // closing it brings the focus back to the menu button.
  const wasOpen = useRef(false);
  useEffect(() => {
    const element = aside.current!;
    // Focus left in the drawer, or dropped by a click on the overlay.
    const focusLost =
      element.contains(document.activeElement) || document.activeElement === document.body;
    element.inert = mobile && !mobileOpen;
    if (mobile && mobileOpen) closeButton.current?.focus();
    else if (mobile && wasOpen.current && focusLost) returnFocusTo.current?.focus();
    wasOpen.current = mobile && mobileOpen;
  }, [mobile, mobileOpen, returnFocusTo]);

  return (
    <>
      <div
        aria-hidden
        data-testid="sidebar-overlay"
        onClick={props.onCloseMobile}
        className={`fixed inset-0 z-30 bg-black/60 transition-opacity lg:hidden ${props.mobileOpen ? "opacity-100" : "pointer-events-none opacity-0"}`}
      />
      <aside
        ref={aside}
        id="sidebar"
        aria-label="Sidebar"
        data-collapsed={props.collapsed}
        style={{ "--sidebar-width": `${props.width}px` } as React.CSSProperties}
        className={`fixed inset-y-0 left-0 z-40 flex w-[calc(100vw-3.5rem)] max-w-sm flex-col border-r border-line bg-surface duration-200 lg:sticky lg:top-0 lg:h-dvh lg:w-[var(--sidebar-width)] lg:max-w-none lg:shrink-0 lg:translate-x-0 ${props.mobileOpen ? "translate-x-0 transition-[transform,width]" : "-translate-x-full transition-[transform,width,visibility] max-lg:invisible"}`}
      >
        <div className="flex h-16 items-center gap-2 border-b border-line px-4">
          <Brand className={`min-w-0 flex-1 ${hideWhenCollapsed}`} nameTestId="brand" />
          <button
            type="button"
            onClick={props.onToggleCollapsed}
            aria-label={props.collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!props.collapsed}
            aria-controls="sidebar"
            className="hidden size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg lg:grid lg:mx-auto"
          >
            {props.collapsed ? (
              <ChevronRight aria-hidden className="size-4" />
            ) : (
              <ChevronLeft aria-hidden className="size-4" />
            )}
          </button>
          <button
            ref={closeButton}
            type="button"
            onClick={props.onCloseMobile}
            aria-label="Close menu"
            className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg lg:hidden"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>

        {props.workspaceSwitcher}

        <div className={`flex gap-2 px-3 pt-3 ${props.collapsed ? "lg:flex-col" : ""}`}>
          <button
            type="button"
            onClick={props.onOpenPalette}
            // Named by what it shows ("Search commands Ctrl+K"), so voice control finds it; only
            // the collapsed icon needs a label of its own.
            aria-label={props.collapsed ? "Search commands" : undefined}
            className="flex h-10 w-full min-w-0 items-center gap-2 rounded-lg border border-line bg-canvas px-3 text-sm text-muted hover:border-accent/50"
          >
            <Search aria-hidden className="size-4 shrink-0" />
            <span className={`flex-1 text-left ${hideWhenCollapsed}`}>Search commands</span>
            <kbd className={`text-xs ${hideWhenCollapsed}`}>{props.mac ? "⌘K" : "Ctrl+K"}</kbd>
          </button>
          {props.bell}
        </div>

        <nav aria-labelledby="modules-nav-heading" className="flex-1 overflow-y-auto px-3 py-3">
          <h2
            id="modules-nav-heading"
            className={`mb-2 flex items-center justify-between px-2 text-xs font-medium tracking-wide text-muted uppercase ${hideWhenCollapsed}`}
          >
            Modules
            <span
              data-testid="module-count"
              className="rounded-full bg-raised px-2 py-0.5 text-[11px]"
            >
              {props.modules.length}
            </span>
          </h2>
          <ul className="space-y-1">
            {props.modules.map((module) => {
              const active = module.id === props.activeId;
              return (
                <li key={module.id}>
                  <Link
                    to={modulePath(module.id)}
                    onClick={props.onNavigate}
                    aria-current={active ? "page" : undefined}
                    aria-label={props.collapsed ? module.title : undefined}
                    title={props.collapsed ? module.title : undefined}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2 transition ${active ? "bg-accent/15 text-fg" : "text-muted hover:bg-raised hover:text-fg"} ${props.collapsed ? "lg:justify-center lg:px-0" : ""}`}
                  >
                    <module.icon
                      aria-hidden
                      className={`size-5 shrink-0 ${active ? "text-accent" : ""}`}
                    />
                    <span className={`min-w-0 ${hideWhenCollapsed}`}>
                      <span className="block truncate text-sm font-medium">{module.title}</span>
                      <span className="block truncate text-xs text-muted">
                        {module.description}
                      </span>
                    </span>
                  </Link>
                  {props.childrenOf(module.id).length > 0 && (
                    <ul className={`mt-1 ml-11 space-y-1 ${hideWhenCollapsed}`}>
                      {props.childrenOf(module.id).map((child) => (
                        <li key={child.id}>
                          <Link
                            to={modulePath(child.id)}
                            onClick={props.onNavigate}
                            aria-current={child.id === props.activeId ? "page" : undefined}
                            className="block truncate rounded-lg px-3 py-1.5 text-sm text-muted hover:bg-raised hover:text-fg"
                          >
                            {child.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="border-t border-line p-3">
          <div className={`flex items-center gap-3 px-1 ${props.collapsed ? "lg:flex-col" : ""}`}>
            <span
              aria-hidden
              data-testid="user-badge"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-accent/20 font-semibold text-accent"
            >
              {userInitial(props.user)}
            </span>
            <span className={`min-w-0 flex-1 ${hideWhenCollapsed}`}>
              <span className="block truncate text-sm font-medium">{userFullName(props.user)}</span>
              <span className="block truncate text-xs text-muted">{props.user?.email}</span>
            </span>
            <button
              type="button"
              onClick={props.onLogout}
              aria-label="Logout"
              title="Logout"
              className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-muted hover:bg-raised hover:text-danger"
            >
              <LogOut aria-hidden className="size-4" />
              <span className={hideWhenCollapsed}>Logout</span>
            </button>
          </div>
        </div>
      </aside>
    </>
  );
}
