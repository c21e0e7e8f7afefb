/** Layout constants from the spec (§2, §9). */
export const SIDEBAR_WIDTH_EXPANDED = 320;
export const SIDEBAR_WIDTH_COLLAPSED = 72;
/** Below this is a phone (mobile). */
export const TABLET_MIN_WIDTH = 768;
/** Below this (tablet, 768–1023 px, and mobile) the mobile layout is used. */
export const DESKTOP_MIN_WIDTH = 1024;
export const TOAST_DURATION_MS = 3000;
export const PALETTE_LIST_MAX_HEIGHT = 400;
