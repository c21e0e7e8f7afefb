import css from "../styles/app.css?inline";

/** The stylesheet's text for `PageStyles`; development links it instead (root.tsx). */
export const PAGE_STYLES = import.meta.env.DEV ? "" : css;
