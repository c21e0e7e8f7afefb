/** Fixture files as tests import them (see vitest.worker.config.ts). */
declare module "*?base64" {
  const base64: string;
  export default base64;
}
declare module "*?raw" {
  const text: string;
  export default text;
}
