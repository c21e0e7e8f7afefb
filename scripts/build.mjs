// `npm run build`'s app half: the Remix build, recorded as `npm start` records its own, so that a
// later `npm start` knows it is current (scripts/lib.mjs, `whyRebuild`).
import { build } from "./lib.mjs";

build();
