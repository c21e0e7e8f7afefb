/**
 * The projects list state (spec §4): loaded when signed in, emptied when not. Creating appends,
 * updating replaces the item with the same id, deleting removes it only if the call succeeded.
 * The Project Hub feeds it the page its loader read (`useProjectsFrom`), so no second fetch.
 */
import { useEffect } from "react";
import { createStore, useStore } from "zustand";
import type { ProjectInput } from "~/domain/workspace";
import { projectsApi, type Page, type Project, type ProjectQuery } from "../api/workspace";
import type { PageMeta } from "../api/client";

export interface ProjectsState {
  projects: Project[];
  meta: PageMeta | null;
  query: ProjectQuery;
  loading: boolean;
  error: string | null;
  /** The loader's page the list was last fed from (`receivePage`); null when it was fetched. */
  from: Page<Project> | null;
  fetchProjects: (query?: ProjectQuery) => Promise<void>;
  createProject: (input: Partial<ProjectInput>) => Promise<Project>;
  /** `ifMatch`: the ETag of the version edited (a 412 ServiceError when it changed since). */
  updateProject: (id: string, input: Partial<ProjectInput>, ifMatch?: string) => Promise<Project>;
  deleteProject: (id: string, ifMatch?: string) => Promise<void>;
  /** The page a loader read, as the list: a fetch still under way is then dropped. */
  receivePage: (page: Page<Project>) => void;
  clear: () => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createProjectsStore() {
  return createStore<ProjectsState>()((set, get) => ({
    projects: [],
    meta: null,
    query: {},
    loading: false,
    error: null,
    from: null,
    async fetchProjects(query = get().query) {
      set({ loading: true, error: null, query, from: null });
      try {
        const page = await projectsApi.list(query);
        // A newer request may have started meanwhile; keep only the latest answer.
        if (get().query === query) set({ projects: page.items, meta: page.meta, loading: false });
      } catch (error) {
        if (get().query === query) set({ loading: false, error: message(error) });
      }
    },
    async createProject(input) {
      const project = await projectsApi.create(input);
      set((state) => ({
        projects: [...state.projects, project],
        meta: state.meta && { ...state.meta, total: state.meta.total + 1 },
      }));
      return project;
    },
    async updateProject(id, input, ifMatch) {
      const project = await projectsApi.update(id, input, ifMatch);
      set((state) => ({ projects: state.projects.map((p) => (p.id === id ? project : p)) }));
      return project;
    },
    async deleteProject(id, ifMatch) {
      await projectsApi.remove(id, ifMatch);
      set((state) => ({
        projects: state.projects.filter((p) => p.id !== id),
        meta: state.meta && { ...state.meta, total: Math.max(0, state.meta.total - 1) },
      }));
    },
    receivePage: (page) =>
      set({
        projects: page.items,
        meta: page.meta,
        query: {},
        loading: false,
        error: null,
        from: page,
      }),
    clear: () => set({ projects: [], meta: null, error: null, loading: false, from: null }),
  }));
}

export const projectsStore = createProjectsStore();

export function useProjects<T>(select: (state: ProjectsState) => T) {
  return useStore(projectsStore, select);
}

/**
 * The list from a loader's `page`, held by the store once fed (so creating, updating and deleting
 * show at once). Until the browser has fed it (on the server, while hydrating) the page itself.
 */
export function useProjectsFrom(page: Page<Project> | null) {
  useEffect(() => {
    if (page) projectsStore.getState().receivePage(page);
  }, [page]);
  const fed = useProjects((state) => (state.from === page ? state : null));
  return {
    projects: fed?.projects ?? page?.items ?? [],
    meta: fed ? fed.meta : (page?.meta ?? null),
  };
}
