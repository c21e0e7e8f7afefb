import type { Env } from "../env";
import type { Session } from "../services/sessions";

export interface AppEnv {
  Bindings: Env;
  /** `bodyBytes`: the request body's size, measured once (middleware/body-limit.ts). */
  Variables: { session: Session; bodyBytes: number };
}
