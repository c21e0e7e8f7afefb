/**
 * What the upload screens work out before a file leaves the browser: a photo's size once resized,
 * its new name, and where the record a file belongs to opens. Pure: no I/O, no DOM.
 */
import type { FileOwner } from "./files";
import { analysisPath, auctionPath, contactPath, projectPath, propertyPath } from "./modules";

/** A photo's long edge after the browser resizes it. */
export const MAX_PHOTO_EDGE = 2048;
/** The JPEG quality a resized photo is encoded at. */
export const PHOTO_QUALITY = 0.85;
/** A photo's thumbnail, sent with it for lists and galleries: its long edge, and its quality. */
export const THUMBNAIL_EDGE = 320;
export const THUMBNAIL_QUALITY = 0.8;

/** The image types a browser draws, of which a thumbnail is made (not HEIC). */
const DRAWN = new Set(["image/jpeg", "image/webp", "image/png", "image/gif"]);
export const hasThumbnail = (type: string) => DRAWN.has(type.toLowerCase());

/**
 * The photo types a camera writes and the browser re-encodes (JPEG carries the EXIF location).
 * PNG (screenshots, scans), GIF (animation) and HEIC (not decoded by most browsers) stay as they are.
 */
const RESIZABLE = new Set(["image/jpeg", "image/webp"]);
export const isResizablePhoto = (type: string) => RESIZABLE.has(type.toLowerCase());

/** The size a photo is drawn at: its long edge at most `maxEdge`, the shape kept; never enlarged. */
export function photoTargetSize(width: number, height: number, maxEdge = MAX_PHOTO_EDGE) {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge || longEdge <= 0) return { width, height };
  const scale = maxEdge / longEdge;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** "IMG_0042.HEIC" → "IMG_0042.jpg": a re-encoded photo is a JPEG, whatever it was. */
export function jpegName(name: string) {
  const base = name.replace(/\.[a-z0-9]{1,8}$/i, "").trim();
  return `${base || "photo"}.jpg`;
}

/** What each kind of record is called in a file's row. */
export const FILE_OWNER_LABELS: Record<FileOwner, string> = {
  project: "Project",
  property: "Property",
  auction: "Auction",
  contact: "Contact",
  deal: "Deal analysis",
};

/** Where the record a file belongs to opens. */
export function fileOwnerPath(ownerType: FileOwner, ownerId: string): string {
  switch (ownerType) {
    case "project":
      return projectPath(ownerId);
    case "property":
      return propertyPath(ownerId);
    case "auction":
      return auctionPath(ownerId);
    case "deal":
      return analysisPath({ id: ownerId });
    case "contact":
      return contactPath(ownerId);
  }
}
