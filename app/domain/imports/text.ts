/**
 * A file's bytes as text, whatever wrote them: UTF-8 with or without Excel's byte-order mark,
 * UTF-16 (Excel's "Unicode text"), or Windows-1252 (Excel's "CSV" on Windows, and most county
 * sites). Pure: no I/O.
 */

/** Windows-1252's characters at 0x80–0x9F (the rest of the byte range is Latin-1). */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** The text, and the encoding it was read in (said in the preview, so a wrong guess shows). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // Not valid UTF-8: a Windows program wrote it in its own code page.
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/** Whether these bytes are a zip archive (an .xlsx workbook), whatever the file is called. */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
