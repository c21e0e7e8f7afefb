/**
 * The text extractor Worker (workers/extract/wrangler.toml): the app Worker calls `extract` through
 * its EXTRACT service binding (RPC) with a stored file's object key, and gets the file's text by
 * page (app/domain/file-text.ts). PDFs are read with unpdf (PDF.js built for serverless runtimes).
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { extractFileText, type FileText, type TextFormat } from "../../app/domain/file-text";

interface Env {
  FILES: R2Bucket;
}

/** A PDF's text, page by page; an error a user can read for one that cannot be opened. */
async function readPdf(bytes: Uint8Array): Promise<string[]> {
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

export default class Extractor extends WorkerEntrypoint<Env> {
  /**
   * The text of the object at `objectKey`, read as `format`, or why it cannot be read (answered,
   * not thrown: a file that cannot be read is not the Worker failing).
   */
  async extract({
    objectKey,
    format,
  }: {
    objectKey: string;
    format: TextFormat;
  }): Promise<FileText | { error: string }> {
    const object = await this.env.FILES.get(objectKey);
    if (!object) return { error: "The file is no longer stored" };
    try {
      return await extractFileText(new Uint8Array(await object.arrayBuffer()), format, readPdf);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Nothing is served over HTTP. */
  override fetch() {
    return new Response("Not found", { status: 404 });
  }
}
