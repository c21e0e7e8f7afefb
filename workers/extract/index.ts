/**
 * The text extractor Worker (workers/extract/wrangler.toml): the app Worker calls `extract` through
 * its EXTRACT service binding (RPC) with a stored file's object key, and gets the file's text by
 * page (app/domain/file-text.ts). PDFs are read with unpdf (PDF.js built for serverless runtimes).
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { extractFileText, type TextExtractor, type TextReading } from "../../app/domain/file-text";
import type { TextFormat } from "../../app/domain/files";
import { ReadLimitError } from "../../app/domain/read-limits";
import { readPdf } from "./read-pdf";

interface Env {
  FILES: R2Bucket;
}

export default class Extractor extends WorkerEntrypoint<Env> implements TextExtractor {
  /**
   * The text of the object at `objectKey`, read as `format`, or why it cannot be read or was not
   * (answered, not thrown: a file that cannot be read is not the Worker failing).
   */
  async extract({
    objectKey,
    format,
  }: {
    objectKey: string;
    format: TextFormat;
  }): Promise<TextReading> {
    const object = await this.env.FILES.get(objectKey);
    if (!object) return { error: "The file is no longer stored" };
    try {
      return await extractFileText(new Uint8Array(await object.arrayBuffer()), format, readPdf);
    } catch (error) {
      if (error instanceof ReadLimitError) return { skipped: error.message };
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Nothing is served over HTTP. */
  override fetch() {
    return new Response("Not found", { status: 404 });
  }
}
