import { SELF } from "cloudflare:test";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import committed from "../../docs/api/openapi.json";
import type { paths } from "../../docs/api/openapi";
import { ORIGIN, uniqueEmail } from "./helpers";

describe("the API contract", () => {
  it("is the document the Worker serves, with servers, a license and an operationId everywhere", async () => {
    const served = (await (
      await SELF.fetch(`${ORIGIN}/api/openapi.json`)
    ).json()) as typeof committed;
    expect(served).toEqual(committed);
    expect(served.servers).toEqual([expect.objectContaining({ url: "/api" })]);
    expect(served.info.license.name).toBeTruthy();
    const operations = Object.values(served.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => (operation as { operationId?: string }).operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("drives sign-up, sign-in, a new project and the project list through a generated client", async () => {
    const client = createClient<paths>({
      baseUrl: `${ORIGIN}/api`,
      fetch: (request: Request) => SELF.fetch(request),
    });
    const account = {
      email: uniqueEmail("integrator"),
      password: "correct horse battery",
      first_name: "Ines",
      last_name: "Integra",
    };
    const signedUp = await client.POST("/auth/register", { body: account });
    expect(signedUp.response.status).toBe(202);
    const signedIn = await client.POST("/auth/login", {
      body: { email: account.email, password: account.password },
    });
    const token = signedIn.data!.data.token;
    const headers = { Authorization: `Bearer ${token}` };

    const created = await client.POST("/projects", {
      headers,
      body: { name: "Generated-client duplex", budget: 90000 },
    });
    expect(created.response.status).toBe(201);
    expect(created.data!.data.name).toBe("Generated-client duplex");

    const listed = await client.GET("/projects", { headers, params: { query: { limit: 10 } } });
    expect(listed.data!.data.map((project) => project.name)).toEqual(["Generated-client duplex"]);
    expect(listed.data!.meta.total).toBe(1);

    const refused = await client.POST("/projects", { headers, body: { name: "" } });
    expect(refused.response.status).toBe(400);
    expect(refused.error!.error.code).toBe("VALIDATION_FAILED");
  });
});
