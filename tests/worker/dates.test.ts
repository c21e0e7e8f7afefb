/**
 * Dates of sales, events, follow-ups and closings are between 1900 and 2100: a year-0001 or 9999
 * date is a typing slip, answered 400 naming the field, and nothing is made.
 */
import { describe, expect, it } from "vitest";
import { account } from "./helpers";

type Failure = { error: { code: string; details?: { field: string; message: string }[] } };
type List = { data: unknown[] };

const SALE = { saleType: "sheriff", address: "12 Oak St", state: "PA" };
const MESSAGE = "Use a date between 1900 and 2100";

describe("dates out of 1900–2100", () => {
  it("an auction's sale and deposit deadline: 400 naming the field, no auction", async () => {
    const { call } = await account();
    for (const [field, body] of [
      ["saleAt", { ...SALE, saleAt: "0001-01-01T10:00:00-07:00" }],
      ["saleAt", { ...SALE, saleAt: "9999-12-31T10:00:00-05:00" }],
      [
        "depositDueAt",
        {
          ...SALE,
          saleAt: "2027-03-31T10:00:00-04:00",
          depositDueAt: "2999-03-31T10:00:00-04:00",
        },
      ],
    ] as const) {
      const refused = await call<Failure>("/auctions", { method: "POST", json: body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toContainEqual({ field, message: MESSAGE });
    }
    expect((await call<List>("/auctions")).body.data).toEqual([]);
    const edge = await call("/auctions", {
      method: "POST",
      json: { ...SALE, saleAt: "2100-12-31T10:00:00-05:00" },
    });
    expect(edge.status).toBe(201);
  });

  it("a project's target close and a lead's follow-up: 400 naming the field, nothing made", async () => {
    const { call } = await account();
    const project = await call<Failure>("/projects", {
      method: "POST",
      json: { name: "Maple flip", targetCloseDate: "9999-12-31" },
    });
    expect(project.status).toBe(400);
    expect(project.body.error.details).toContainEqual({
      field: "targetCloseDate",
      message: MESSAGE,
    });
    const lead = await call<Failure>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Dana", followUpOn: "1899-12-31" },
    });
    expect(lead.status).toBe(400);
    expect(lead.body.error.details).toContainEqual({ field: "followUpOn", message: MESSAGE });
    // A day the calendar does not have is refused too, not moved to March 3.
    const february = await call<Failure>("/projects", {
      method: "POST",
      json: { name: "Maple flip", targetCloseDate: "2027-02-31" },
    });
    expect(february.status).toBe(400);
    expect(february.body.error.details).toContainEqual({
      field: "targetCloseDate",
      message: "Not a real date",
    });
    expect((await call<List>("/projects")).body.data).toEqual([]);
    expect((await call<List>("/marketing/leads")).body.data).toEqual([]);
  });
});
