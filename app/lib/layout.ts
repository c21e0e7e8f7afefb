/** Layout constants from the spec (§2, §9). */
export const SIDEBAR_WIDTH_EXPANDED = 320;
export const SIDEBAR_WIDTH_COLLAPSED = 72;
export const MOBILE_MAX_WIDTH = 767;
export const TABLET_MAX_WIDTH = 1023;
/** Tablet and below use the mobile layout. */
export const DESKTOP_MIN_WIDTH = 1024;
export const TOAST_DURATION_MS = 3000;
export const PALETTE_LIST_MAX_HEIGHT = 400;
