// First step of `npm start`, `npm run dev` and `npm test`: stop with a clear message on a Node
// that package.json `engines` does not admit, before a dependency fails in an obscure way.
import { readFileSync } from "node:fs";
import { unsupportedNodeMessage } from "./node-version.mjs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const problem = unsupportedNodeMessage(process.version, engines.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
