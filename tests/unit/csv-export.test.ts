import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  csvField,
  isoInZone,
  toCsv,
  yesNo,
  type CsvColumn,
  type CsvValue,
} from "~/domain/csv-export";

type Row = { name: string; value: CsvValue };
const COLUMNS: CsvColumn<Row>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Value", value: (row) => row.value },
];

/** The file without its BOM, split into records (each ends with CRLF, so the last is empty). */
const records = (csv: string) => csv.slice(1).split("\r\n");

describe("toCsv", () => {
  it("starts with a UTF-8 BOM and ends every record, the header too, with CRLF", () => {
    const csv = toCsv(COLUMNS, [
      { name: "a", value: 1 },
      { name: "b", value: 2 },
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("Name,Value\r\na,1\r\nb,2\r\n");
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("writes only the header row for no rows", () => {
    expect(toCsv(COLUMNS, [])).toBe("\uFEFFName,Value\r\n");
  });

  it("writes null and undefined as empty fields", () => {
    const csv = toCsv(COLUMNS, [
      { name: "a", value: null },
      { name: "b", value: undefined },
    ]);
    expect(records(csv)).toEqual(["Name,Value", "a,", "b,", ""]);
  });

  it("reads back through a CSV parser cell for cell (the text the importers see)", () => {
    const rows: Row[] = [
      { name: 'Says "hi", then\r\nleaves', value: -125.5 },
      { name: "=SUM(A1:A2)", value: "plain" },
    ];
    const parsed = Papa.parse<string[]>(toCsv(COLUMNS, rows).slice(1), { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ["Name", "Value"],
      ['Says "hi", then\r\nleaves', "-125.5"],
      ["'=SUM(A1:A2)", "plain"],
    ]);
  });
});

describe("csvField: RFC 4180 quoting", () => {
  it("leaves plain text as it is", () => {
    expect(csvField("123 Main St")).toBe("123 Main St");
    expect(csvField("")).toBe("");
    expect(csvField("it's")).toBe("it's");
  });

  it("quotes a field holding the delimiter, a quote, CR or LF, doubling its quotes", () => {
    expect(csvField("Austin, TX")).toBe('"Austin, TX"');
    expect(csvField('The "blue" house')).toBe('"The ""blue"" house"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("line one\r\nline two")).toBe('"line one\r\nline two"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
  });
});

describe("csvField: OWASP CSV injection", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+1", `"'+1"`],
    ["-1", `"'-1"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
    ["\n=1+1", `"'\n=1+1"`],
    ["+1 (555) 010-2030", `"'+1 (555) 010-2030"`],
  ])("prefixes %j with a single quote and quotes it", (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it("escapes OWASP's own two examples exactly as its table shows", () => {
    expect(csvField('=1+2";=1+2')).toBe(`"'=1+2"";=1+2"`);
    expect(csvField(`=1+2'" ;,=1+2`)).toBe(`"'=1+2'"" ;,=1+2"`);
  });

  it("neutralises a formula with a quote and a comma in it as one cell", () => {
    const formula = '=HYPERLINK("http://x","y")';
    expect(csvField(formula)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    const parsed = Papa.parse<string[]>(`${csvField(formula)},next\r\n`, { skipEmptyLines: true });
    expect(parsed.data).toEqual([[`'${formula}`, "next"]]);
  });

  it("keeps a dangerous character that is not first: quoting keeps it inside its cell", () => {
    expect(csvField("a,=1+1")).toBe('"a,=1+1"');
    expect(csvField("1-2")).toBe("1-2");
    expect(csvField("me@example.com")).toBe("me@example.com");
  });

  it("neutralises text that looks like a number: the type decides, not the look", () => {
    expect(csvField("-125.5")).toBe(`"'-125.5"`);
  });
});

describe("csvField: numbers", () => {
  it("writes numbers plainly, negatives included, never prefixed", () => {
    expect(csvField(-125.5)).toBe("-125.5");
    expect(csvField(-1)).toBe("-1");
    expect(csvField(0)).toBe("0");
    expect(csvField(189900)).toBe("189900");
    expect(csvField(6.986486486486487)).toBe("6.986486486486487");
    expect(csvField(-0.000001)).toBe("-0.000001");
  });

  it("writes a number that is not finite as an empty field", () => {
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("yesNo and isoInZone", () => {
  it("says flags as yes or no", () => {
    expect([yesNo(true), yesNo(false)]).toEqual(["yes", "no"]);
  });

  it("writes an instant as the clock reads in a zone, with the zone's offset that day", () => {
    expect(isoInZone("2027-03-04T15:00:00.000Z", "America/New_York")).toBe(
      "2027-03-04T10:00:00-05:00",
    );
    expect(isoInZone("2027-07-04T15:00:00.000Z", "America/New_York")).toBe(
      "2027-07-04T11:00:00-04:00",
    );
    expect(isoInZone("2027-03-04T15:00:00.000Z", "America/Phoenix")).toBe(
      "2027-03-04T08:00:00-07:00",
    );
    expect(isoInZone("2027-03-04T15:00:00.000Z", "UTC")).toBe("2027-03-04T15:00:00+00:00");
    expect(isoInZone("2027-03-04T15:00:00.000Z", "Asia/Kolkata")).toBe("2027-03-04T20:30:00+05:30");
    expect(isoInZone(null, "America/New_York")).toBeNull();
  });

  it("names the same instant it was given", () => {
    const iso = "2027-11-07T06:30:00.000Z"; // 01:30 EDT, the hour New York repeats
    expect(new Date(isoInZone(iso, "America/New_York")!).toISOString()).toBe(iso);
  });
});
