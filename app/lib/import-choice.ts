/**
 * The export file chosen for Import Data, waiting for the user to confirm in its dialog (picked
 * and read by import-file.ts). Pure browser state: no API.
 */
import { createStore } from "zustand";
import type { ExportZip } from "./transfer-zip.client";

/** An export chosen for Import Data (a .zip: its first document). */
export interface ImportFile {
  name: string;
  document: unknown;
  zip?: ExportZip;
}

export const importChoice = createStore<{
  file: ImportFile | null;
  choose: (file: ImportFile | null) => void;
}>()((set) => ({ file: null, choose: (file) => set({ file }) }));
