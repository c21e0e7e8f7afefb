/**
 * Runs a command of the palette or of its key: the palette closes, and the command acts on the
 * workspace through what the shell gives it (a navigation also closes the phone menu).
 */
import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import type { Command } from "~/commands";
import { pickImportFile } from "./import-file";
import { useTheme } from "./theme";
import { toast } from "./toast";

export function useRunCommand(shell: {
  closePalette: () => void;
  closeMenu: () => void;
  toggleSidebar: () => void;
  exportData: () => void;
  newChat: () => void;
  /** Asks for confirmation, then deletes every conversation. */
  clearChatHistory: () => void;
  showShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const { toggleTheme } = useTheme();
  const { closePalette, closeMenu, toggleSidebar, exportData, newChat } = shell;
  const { clearChatHistory, showShortcuts } = shell;
  return useCallback(
    (command: Command) => {
      closePalette();
      command.action({
        navigate: (path) => {
          navigate(path);
          closeMenu();
        },
        toggleSidebar,
        toggleTheme,
        notify: (message) => toast(message),
        exportData,
        importData: pickImportFile,
        newChat,
        clearChatHistory,
        showShortcuts,
      });
    },
    [
      navigate,
      toggleTheme,
      closePalette,
      closeMenu,
      toggleSidebar,
      exportData,
      newChat,
      clearChatHistory,
      showShortcuts,
    ],
  );
}
