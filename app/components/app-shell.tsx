/** The signed-in workspace: sidebar, mobile header, command palette and the page's route. */
import { Outlet, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Menu, Search } from "lucide-react";
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { useStore } from "zustand";
import { activeModuleId, childModules, modulePath } from "~/domain/modules";
import { MESSAGES, STORAGE_KEYS } from "~/lib/api/messages";
import { ServiceError } from "~/lib/api/workspace";
import { useAuth } from "~/lib/auth";
import { DESKTOP_MIN_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from "~/lib/layout";
import { useCanWrite, useWorkspaceStart } from "~/lib/module-data";
import { WorkspaceSwitcher } from "./workspace-switcher";
import { entriesStore, loadEntriesAtStart } from "~/lib/stores/entries";
import { projectsStore } from "~/lib/stores/projects";
import { importChoice } from "~/lib/import-choice";
import { useFocusHeading } from "~/lib/use-focus-heading";
import { usePolledNotificationCounts } from "~/lib/stores/notification-counts";
import { useMediaQuery } from "~/lib/use-media-query";
import { useRunCommand } from "~/lib/run-command";
import { useShortcuts } from "~/lib/use-shortcuts";
import { MODULES, SIDEBAR_MODULES } from "~/modules";
import { Brand } from "./brand";
import { ChangedElsewhereDialog } from "./changed-elsewhere-dialog";
import { ImportProgress } from "./import-progress";
import { NotificationBell } from "./notification-bell";
import { RouteErrorBoundary } from "./error-fallback";
import { Sidebar } from "./sidebar";
import { Skeleton } from "./skeleton";
import { Toasts } from "./toasts";
import { ConfirmDialog } from "./ui";

const CommandPalette = lazy(() => import("./command-palette.client"));
// What only a command opens is downloaded when it is opened: the chat's store
// (with the deal math its hand-over cards use), the import's preview (with zod) and the `?` sheet
// (with every command).
const ExportDialog = lazy(() =>
  import("./export-dialog").then((module) => ({ default: module.ExportDialog })),
);
const ImportDataDialog = lazy(() =>
  import("./import-data-dialog.client").then((module) => ({ default: module.ImportDataDialog })),
);
const ShortcutsDialog = lazy(() =>
  import("./shortcuts-dialog").then((module) => ({ default: module.ShortcutsDialog })),
);
const NotificationPanel = lazy(() => import("./notification-panel"));
const chat = () => import("~/lib/stores/chat").then((module) => module.chatStore.getState());

/** The app's entry (sign-in lands on it): where the phone menu starts open. */
const ENTRY_PATHS: readonly string[] = ["/", modulePath("home")];

/**
 * Says when what it sits beside has hydrated. Inside the module's Suspense boundary that is when
 * the view itself is interactive, which the shell's `data-hydrated` (browser tests wait for it)
 * stands for, not just the shell around it.
 */
function HydrationSignal(props: { onHydrated: (hydrated: true) => void }) {
  const { onHydrated } = props;
  useEffect(() => onHydrated(true), [onHydrated]);
  return null;
}

/**
 * The page's route, behind the module's skeleton while a view of it downloads, or, on the way to
 * another module (`pendingId`: its route's code and loader still coming), that module's skeleton.
 * Memoised so that the shell's own state (the palette, the menu) never re-renders its Suspense
 * boundary: an update that reaches a boundary still waiting for its chunk during hydration makes
 * React throw the server's HTML away (error #421).
 */
const PageOutlet = memo(function PageOutlet(props: {
  moduleId: string | null;
  pendingId: string | null;
  onHydrated: (hydrated: true) => void;
}) {
  const module = MODULES.find((m) => m.id === (props.pendingId ?? props.moduleId));
  const skeleton = <Skeleton variant={module?.skeleton} />;
  return (
    // A new boundary per module shows its skeleton even during a navigation transition.
    <Suspense key={props.moduleId} fallback={skeleton}>
      {props.pendingId ? skeleton : <Outlet />}
      <HydrationSignal onHydrated={props.onHydrated} />
    </Suspense>
  );
});

export default function AppShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, logout } = useAuth();
  const desktop = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const [collapsed, setCollapsed] = useState(false);
  // Below 1024 px the sidebar is a drawer. It starts open when the visit begins at the app's entry
  // and closed on a deep link (decision record 0020). The path is known to the server too, so the
  // first paint already shows it as it stays; wider screens ignore it (lg: classes) until the
  // effect below closes it.
  const [mobileOpen, setMobileOpen] = useState(() => ENTRY_PATHS.includes(pathname));
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  /** The bell whose panel is open (the sidebar's or the phone header's); null: closed. */
  const [openBell, setOpenBell] = useState<HTMLButtonElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const [clearing, setClearing] = useState(false);
  const importing = useStore(importChoice, (state) => state.file !== null);
  const [mac, setMac] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  useFocusHeading(pathname, main);
  const toggleBell = useCallback(
    (bell: HTMLButtonElement) => setOpenBell((open) => (open === bell ? null : bell)),
    [],
  );
  const closeBell = useCallback(
    (returnFocus: boolean) => {
      if (returnFocus) openBell?.focus();
      setOpenBell(null);
    },
    [openBell],
  );

  // The entries the app starts with came with the page, streamed after it (read once with
  // Project Hub's documents when that is the page). Only a page that came without them (the
  // workspace opened from the login screen) asks the API.
  const workspace = useWorkspaceStart();
  const [entriesAtStart] = useState(() => workspace?.entries ?? undefined);
  useEffect(() => {
    void loadEntriesAtStart(entriesStore, entriesAtStart);
    return () => projectsStore.getState().clear();
  }, [entriesAtStart]);

  // The bell's counts came with the page as well (the store polls on from them).
  const [countsAtStart] = useState(() => workspace?.notifications ?? null);
  usePolledNotificationCounts(countsAtStart);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform));
    setCollapsed(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === "1");
  }, []);

  // On reaching desktop width the drawer closes, so it is closed when the window narrows again.
  useEffect(() => {
    if (desktop) setMobileOpen(false);
  }, [desktop]);

  // While the panel is open on mobile, the page does not scroll.
  useEffect(() => {
    if (desktop !== false || !mobileOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [desktop, mobileOpen]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const toggleSidebar = useCallback(() => {
    if (desktop === false) {
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, value ? "0" : "1");
      return !value;
    });
  }, [desktop]);

  const runCommand = useRunCommand({
    closePalette: useCallback(() => setPaletteOpen(false), []),
    closeMenu: useCallback(() => setMobileOpen(false), []),
    toggleSidebar,
    exportData: useCallback(() => setExporting(true), []),
    // Emptied first: the Main Agent's URL shows the conversation the chat has open.
    newChat: useCallback(
      () =>
        void chat().then((state) => {
          state.newChat();
          navigate(modulePath("main-agent"));
          setMobileOpen(false);
        }),
      [navigate],
    ),
    clearChatHistory: useCallback(() => setClearing(true), []),
    showShortcuts: useCallback(() => setShortcutsOpen(true), []),
  });
  useShortcuts({
    paletteOpen,
    togglePalette: useCallback(() => setPaletteOpen((open) => !open), []),
    closeMenu: useMemo(() => (desktop === false ? () => setMobileOpen(false) : null), [desktop]),
    run: runCommand,
    canWrite: useCanWrite(),
  });

  const activeId = activeModuleId(MODULES, pathname);
  // Another module's page on its way: its skeleton, not the page being left.
  const navigation = useNavigation();
  const nextId =
    navigation.state === "loading" ? activeModuleId(MODULES, navigation.location.pathname) : null;
  const pendingId = nextId !== activeId ? nextId : null;
  const closeOnMobile = () => {
    if (desktop === false) setMobileOpen(false);
  };

  return (
    <div className="flex min-h-dvh" data-hydrated={hydrated || undefined}>
      {/* The first Tab stop: past the sidebar's links, straight to the page. */}
      <a
        href="#main"
        className="btn-primary sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50"
      >
        Skip to main content
      </a>
      <Sidebar
        modules={SIDEBAR_MODULES}
        childrenOf={(id) => childModules(MODULES, id)}
        activeId={activeId}
        collapsed={collapsed}
        width={collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED}
        mobile={desktop === false}
        mobileOpen={mobileOpen}
        returnFocusTo={menuButton}
        user={user}
        mac={mac}
        onToggleCollapsed={toggleSidebar}
        onCloseMobile={() => setMobileOpen(false)}
        onNavigate={closeOnMobile}
        onOpenPalette={() => {
          closeOnMobile();
          setPaletteOpen(true);
        }}
        onLogout={() => {
          closeOnMobile();
          void logout();
        }}
        workspaceSwitcher={
          workspace?.workspaces && (
            <WorkspaceSwitcher
              workspaces={workspace.workspaces.list}
              currentId={workspace.workspaces.currentId}
              collapsed={collapsed}
            />
          )
        }
        bell={
          <NotificationBell
            countsAtStart={countsAtStart}
            open={Boolean(openBell)}
            onToggle={toggleBell}
            className={`hidden lg:grid ${collapsed ? "lg:self-center" : ""}`}
          />
        }
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-line bg-surface/90 px-3 backdrop-blur lg:hidden">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMobileOpen(true)}
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            aria-controls="sidebar"
            className="grid size-10 place-items-center rounded-lg hover:bg-raised"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <Brand className="flex-1" />
          <NotificationBell
            countsAtStart={countsAtStart}
            open={Boolean(openBell)}
            onToggle={toggleBell}
          />
          <button
            type="button"
            onClick={() => setPaletteOpen(true)}
            aria-label="Search commands"
            className="grid size-10 place-items-center rounded-lg hover:bg-raised"
          >
            <Search aria-hidden className="size-5" />
          </button>
        </header>
        <main
          ref={main}
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-10"
        >
          <RouteErrorBoundary resetKey={pathname}>
            <PageOutlet moduleId={activeId} pendingId={pendingId} onHydrated={setHydrated} />
          </RouteErrorBoundary>
        </main>
      </div>
      {exporting && (
        <Suspense fallback={null}>
          <ExportDialog open onClose={() => setExporting(false)} workspace />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDataDialog />
        </Suspense>
      )}
      <ImportProgress />
      <ConfirmDialog
        open={clearing}
        title="Clear chat history?"
        message="Every conversation with the Main Agent and all its messages will be deleted. This cannot be undone."
        confirmLabel="Delete all conversations"
        onCancel={() => setClearing(false)}
        onConfirm={() => {
          setClearing(false);
          chat()
            .then((state) => {
              // A saved conversation's page gives way to a new chat before it is deleted.
              if (pathname.startsWith(`${modulePath("main-agent")}/`)) {
                state.newChat();
                navigate(modulePath("main-agent"));
              }
              return state.clearHistory();
            })
            .then(
              (deleted) =>
                toast.success(
                  `Chat history cleared: ${deleted} conversation${deleted === 1 ? "" : "s"} deleted`,
                ),
              (error: unknown) =>
                toast.error(MESSAGES.clearChatHistory, {
                  description: error instanceof ServiceError ? error.failure.message : undefined,
                }),
            );
        }}
      />
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPaletteOpen(false)} onRun={runCommand} mac={mac} />
        </Suspense>
      )}
      {openBell && (
        <Suspense fallback={null}>
          <NotificationPanel bell={openBell} onClose={closeBell} />
        </Suspense>
      )}
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog open onClose={() => setShortcutsOpen(false)} mac={mac} />
        </Suspense>
      )}
      <ChangedElsewhereDialog />
      <Toasts />
    </div>
  );
}
