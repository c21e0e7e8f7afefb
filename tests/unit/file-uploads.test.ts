import { describe, expect, it } from "vitest";
import {
  fileOwnerPath,
  isResizablePhoto,
  jpegName,
  MAX_PHOTO_EDGE,
  photoTargetSize,
} from "~/domain/file-uploads";

describe("photoTargetSize", () => {
  it("brings a landscape photo's long edge down to 2,048 px, keeping its shape", () => {
    expect(photoTargetSize(4000, 3000)).toEqual({ width: 2048, height: 1536 });
  });
  it("does the same for a portrait photo", () => {
    expect(photoTargetSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
  });
  it("never enlarges a smaller photo, nor one exactly at the limit", () => {
    expect(photoTargetSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(photoTargetSize(MAX_PHOTO_EDGE, 100)).toEqual({ width: MAX_PHOTO_EDGE, height: 100 });
  });
  it("keeps a very thin panorama at least one pixel high", () => {
    expect(photoTargetSize(100_000, 10)).toEqual({ width: 2048, height: 1 });
  });
  it("takes another limit", () => {
    expect(photoTargetSize(1000, 500, 200)).toEqual({ width: 200, height: 100 });
  });
});

describe("jpegName", () => {
  it("gives the photo a .jpg extension in place of its own", () => {
    expect(jpegName("IMG_0042.HEIC")).toBe("IMG_0042.jpg");
    expect(jpegName("front porch.png")).toBe("front porch.jpg");
    expect(jpegName("already.jpg")).toBe("already.jpg");
  });
  it("adds one to a name without an extension, and names a nameless photo", () => {
    expect(jpegName("image")).toBe("image.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
    expect(jpegName("")).toBe("photo.jpg");
  });
});

describe("isResizablePhoto", () => {
  it("resizes a camera's JPEG and WebP, and leaves PNG, GIF, HEIC and documents alone", () => {
    expect(["image/jpeg", "image/JPEG", "image/webp"].map(isResizablePhoto)).toEqual([
      true,
      true,
      true,
    ]);
    const kept = ["image/png", "image/gif", "image/heic", "application/pdf", ""];
    expect(kept.map(isResizablePhoto)).toEqual([false, false, false, false, false]);
  });
});

describe("fileOwnerPath", () => {
  it("opens each record at its page", () => {
    expect(fileOwnerPath("project", "p1")).toBe("/project-hub/projects/p1");
    expect(fileOwnerPath("contact", "c 1")).toBe("/project-hub/contacts/c%201");
    expect(fileOwnerPath("property", "h1")).toBe("/possible-investments/h1");
    expect(fileOwnerPath("auction", "a1")).toBe("/auction/a1");
    expect(fileOwnerPath("deal", "d1")).toBe("/possible-investments/analyses/d1");
  });
});
