import type { Env } from "../env";
import type { Session } from "../services/sessions";

export interface AppEnv {
  Bindings: Env;
  Variables: { session: Session };
}
