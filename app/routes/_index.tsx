import { redirect } from "@remix-run/cloudflare";
import { modulePath } from "~/domain/modules";

export const loader = () => redirect(modulePath("home"));
