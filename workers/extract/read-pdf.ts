/** A PDF's text by page, read with unpdf (PDF.js built for serverless runtimes). */
import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text, page by page; an error a user can read for one that cannot be opened. */
export async function readPdf(bytes: Uint8Array): Promise<string[]> {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new Error(
      name === "PasswordException"
        ? "The PDF is protected by a password"
        : "The PDF is damaged or not a PDF",
    );
  }
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } finally {
    await pdf.cleanup();
  }
}
