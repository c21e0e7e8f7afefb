/* global module */
// `node:process` for the test pool: workerd's global `process` (nodejs_compat), as deployed.
module.exports = globalThis.process;
