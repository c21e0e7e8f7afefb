/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_EMAIL_URL: string;
      FAKE_OPENAI_URL: string;
      FAKE_GOOGLE_URL: string;
      FAKE_MAPS_URL: string;
    }
  }
}
