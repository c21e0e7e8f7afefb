import { createMiddleware } from "hono/factory";
import { joinBytes } from "../../../app/domain/bytes";
import type { AppError } from "../../errors";
import type { AppEnv } from "../types";

/**
 * The one place a request's body is measured, so a chunked upload (no Content-Length) and a sized
 * one behave alike: a declared length is checked as it is, a body without one is read here up to
 * `maxSize` (413 past it) and handed on as the one copy the route reads. Either way its size is in
 * `c.var.bodyBytes` for what comes after (the storage quota), which never reads the body again.
 */
export const limitBody = (maxSize: number, tooLarge: () => AppError) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    const declared = request.headers.has("Transfer-Encoding")
      ? NaN
      : Number(request.headers.get("Content-Length") ?? NaN);
    if (Number.isSafeInteger(declared) && declared >= 0) {
      if (declared > maxSize) throw tooLarge();
      c.set("bodyBytes", request.body ? declared : 0);
      return next();
    }
    if (!request.body) {
      c.set("bodyBytes", 0);
      return next();
    }
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.length;
      if (size > maxSize) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(next.value);
    }
    const body = joinBytes(chunks);
    const headers = new Headers(request.headers);
    headers.delete("Transfer-Encoding");
    headers.set("Content-Length", String(size));
    c.req.raw = new Request(request, { body: body as Uint8Array<ArrayBuffer>, headers });
    c.set("bodyBytes", size);
    await next();
  });
