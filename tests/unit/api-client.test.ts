import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, register } from "~/lib/api/auth";
import { apiRequest, configureApi } from "~/lib/api/client";
import { loggedOutUrl } from "~/lib/auth";

// A small local server answering the shapes a real deployment can give the browser client.
let server: Server;
beforeAll(async () => {
  server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    switch (request.url) {
      case "/api/ok":
        return json(200, { data: { value: 42 } });
      case "/api/html":
        response.writeHead(502, { "Content-Type": "text/html" });
        return response.end("<html>Bad gateway</html>");
      case "/api/error-envelope":
        return json(400, { error: { message: "Name is required", code: "VALIDATION_FAILED" } });
      case "/api/error-plain":
        return json(500, {});
      case "/api/auth/register":
        return json(202, { data: { message: "Check your e-mail" } });
      // An auth layer in front of the API that still tells a taken address apart.
      case "/layer/api/auth/register":
        return json(409, { error: { message: "taken", code: "EMAIL_TAKEN" } });
      case "/api/auth/login":
        return json(401, {});
      default:
        return json(404, { error: { message: "No such route" } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  configureApi({
    baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest (spec §8)", () => {
  it("returns data from the envelope", async () => {
    expect(await apiRequest("/ok")).toEqual({ data: { value: 42 } });
  });

  it("reports HTML instead of JSON with the status", async () => {
    expect(await apiRequest("/html")).toEqual({
      error: {
        message: "Server returned HTML instead of JSON. Check if backend is running.",
        statusCode: 502,
      },
    });
  });

  it("uses the server's message, else Request failed", async () => {
    expect(await apiRequest("/error-envelope")).toEqual({
      error: { message: "Name is required", statusCode: 400 },
    });
    expect(await apiRequest("/error-plain")).toEqual({
      error: { message: "Request failed", statusCode: 500 },
    });
  });

  it("reports a network failure with status 0", async () => {
    configureApi({ baseUrl: "http://127.0.0.1:1/api" });
    const result = await apiRequest("/ok");
    expect(result.error?.statusCode).toBe(0);
    expect(result.error?.message).toBeTruthy();
    const address = server.address();
    configureApi({
      baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`,
    });
  });
});

describe("auth calls", () => {
  it("pass on what signing up answers: a message, no session", async () => {
    const result = await register({
      email: "a@b.co",
      password: "12345678",
      first_name: "A",
      last_name: "B",
    });
    expect(result).toEqual({ data: { message: "Check your e-mail" } });
  });

  it("report a 409 from an auth layer in front of the API with the spec's sentence", async () => {
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    configureApi({ baseUrl: `${origin}/layer/api` });
    try {
      const result = await register({
        email: "a@b.co",
        password: "12345678",
        first_name: "A",
        last_name: "B",
      });
      expect(result.error).toEqual({
        message: "An account with this email already exists. Please try logging in instead.",
        statusCode: 409,
      });
    } finally {
      configureApi({ baseUrl: `${origin}/api` });
    }
  });

  it("fall back to Login failed when the server gives no message", async () => {
    const result = await login("a@b.co", "x", false);
    expect(result.error).toEqual({ message: "Login failed", statusCode: 401 });
  });
});

describe("loggedOutUrl", () => {
  it("adds logged_out=1 to the marketing address", () => {
    expect(loggedOutUrl("/landing.html")).toBe("/landing.html?logged_out=1");
    expect(loggedOutUrl("https://ai42.app/?ref=app")).toBe(
      "https://ai42.app/?ref=app&logged_out=1",
    );
    expect(loggedOutUrl("https://ai42.app/#top")).toBe("https://ai42.app/?logged_out=1#top");
  });
});
