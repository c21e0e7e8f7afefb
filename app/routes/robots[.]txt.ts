/**
 * /robots.txt: the marketing page and the sign-in screen may be indexed; the workspace's modules
 * (read from the registry, so a new module is covered) and the API may not.
 */
import { MODULES } from "~/modules";

export const loader = () => {
  const lines = [
    "User-agent: *",
    "Allow: /landing.html",
    "Allow: /home",
    "Disallow: /api/",
    ...MODULES.filter((module) => module.id !== "home").flatMap((module) =>
      [module.id, ...(module.aliases ?? [])].map((segment) => `Disallow: /${segment}`),
    ),
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
