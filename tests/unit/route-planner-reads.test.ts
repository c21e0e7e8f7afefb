/**
 * Where the planner's in-place reads are asked for: the stop picker's day from midnight to
 * midnight in the draft's zone (a day of a clock change is 23 hours long), and the road route's
 * points carried in its query string, read back as the API's schema checks them.
 */
import { describe, expect, it } from "vitest";
import {
  pointsOfText,
  roadsPath,
  stopCandidatesPath,
} from "~/features/route-planner/planner-reads";

const queryOf = (path: string) => Object.fromEntries(new URL(path, "http://x").searchParams);

describe("the planner's reads", () => {
  it("ask for the stops of the day in the draft's zone, and the search only when typed", () => {
    expect(queryOf(stopCandidatesPath("2027-03-17", "", "America/Phoenix"))).toEqual({
      from: "2027-03-17T07:00:00.000Z",
      to: "2027-03-18T07:00:00.000Z",
    });
    // New York moves its clocks on March 14, 2027: that day is 23 hours long.
    expect(queryOf(stopCandidatesPath("2027-03-14", "Oak St", "America/New_York"))).toEqual({
      from: "2027-03-14T05:00:00.000Z",
      to: "2027-03-15T04:00:00.000Z",
      q: "Oak St",
    });
  });

  it("carry the points in the query string to six decimals, read back in order", () => {
    const path = roadsPath("matrix", [
      { lat: 33.450000000000003, lng: -112.0734567891 },
      { lat: 33.1, lng: -112 },
    ]);
    expect(path.startsWith("/route-planner/roads?")).toBe(true);
    const { read, points } = queryOf(path);
    expect(read).toBe("matrix");
    expect(pointsOfText(points!)).toEqual([
      { lat: 33.45, lng: -112.073457 },
      { lat: 33.1, lng: -112 },
    ]);
  });

  it("read a pair that is not two numbers as no number, for the schema to refuse", () => {
    expect(pointsOfText(null)).toEqual([]);
    for (const pair of ["33.1", "33.1,", "33.1,-112,7", "north,-112"]) {
      const [point] = pointsOfText(pair);
      expect(Number.isNaN(point!.lat) || Number.isNaN(point!.lng), pair).toBe(true);
    }
  });
});
