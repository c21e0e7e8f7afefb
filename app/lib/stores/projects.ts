/**
 * The projects list state (spec §4): loaded when signed in, emptied when not. Creating appends,
 * updating replaces the item with the same id, deleting removes it only if the call succeeded.
 */
import { createStore, useStore } from "zustand";
import type { ProjectInput } from "~/domain/workspace";
import { projectsApi, type Project, type ProjectQuery } from "../api/workspace";
import type { PageMeta } from "../api/client";

export interface ProjectsState {
  projects: Project[];
  meta: PageMeta | null;
  query: ProjectQuery;
  loading: boolean;
  error: string | null;
  fetchProjects: (query?: ProjectQuery) => Promise<void>;
  createProject: (input: Partial<ProjectInput>) => Promise<Project>;
  /** `ifMatch`: the ETag of the version edited (a 412 ServiceError when it changed since). */
  updateProject: (id: string, input: Partial<ProjectInput>, ifMatch?: string) => Promise<Project>;
  deleteProject: (id: string, ifMatch?: string) => Promise<void>;
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
    async fetchProjects(query = get().query) {
      set({ loading: true, error: null, query });
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
    clear: () => set({ projects: [], meta: null, error: null, loading: false }),
  }));
}

export const projectsStore = createProjectsStore();

export function useProjects<T>(select: (state: ProjectsState) => T) {
  return useStore(projectsStore, select);
}
