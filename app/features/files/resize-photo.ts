/**
 * A photo made ready in the browser before it is sent: made smaller (drawn on a canvas at its
 * target size and encoded as a JPEG, which keeps none of the original's EXIF, the camera's
 * location included) unless the user keeps the original, and a small thumbnail of it for lists.
 */
import {
  hasThumbnail,
  isResizablePhoto,
  jpegName,
  MAX_PHOTO_EDGE,
  PHOTO_QUALITY,
  photoTargetSize,
  THUMBNAIL_EDGE,
  THUMBNAIL_QUALITY,
} from "~/domain/file-uploads";

const CANNOT = "This browser cannot resize photos";

/** `bitmap` drawn with its long edge at most `maxEdge`, as a JPEG. */
async function drawJpeg(bitmap: ImageBitmap, maxEdge: number, quality: number) {
  const { width, height } = photoTargetSize(bitmap.width, bitmap.height, maxEdge);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error(CANNOT);
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", quality),
  );
  if (!blob) throw new Error(CANNOT);
  return blob;
}

/**
 * The file to send and its thumbnail (null for what is not a photo a browser draws). A photo that
 * cannot be read here fails only when it had to be made smaller; kept as it is, it goes without
 * a thumbnail.
 */
export async function preparePhoto(
  file: File,
  keepOriginal: boolean,
): Promise<{ file: File; thumbnail: Blob | null }> {
  const resize = !keepOriginal && isResizablePhoto(file.type);
  if (!resize && !hasThumbnail(file.type)) return { file, thumbnail: null };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    if (!resize) return { file, thumbnail: null };
    throw new Error(
      "This photo could not be read here to make it smaller: tick “Keep original” to upload it as it is",
    );
  }
  try {
    const thumbnail = await drawJpeg(bitmap, THUMBNAIL_EDGE, THUMBNAIL_QUALITY).catch(() => null);
    if (!resize) return { file, thumbnail };
    const blob = await drawJpeg(bitmap, MAX_PHOTO_EDGE, PHOTO_QUALITY);
    return {
      file: new File([blob], jpegName(file.name), {
        type: "image/jpeg",
        lastModified: file.lastModified,
      }),
      thumbnail,
    };
  } finally {
    bitmap.close();
  }
}
