/**
 * A photo made smaller in the browser before it is sent: drawn on a canvas at its target size and
 * encoded as a JPEG, which keeps none of the original's EXIF (the camera's location included).
 */
import { jpegName, PHOTO_QUALITY, photoTargetSize } from "~/domain/file-uploads";

export async function resizePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error(
      "This photo could not be read here to make it smaller: tick “Keep original” to upload it as it is",
    );
  }
  try {
    const { width, height } = photoTargetSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot resize photos");
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY),
    );
    if (!blob) throw new Error("This browser cannot resize photos");
    return new File([blob], jpegName(file.name), {
      type: "image/jpeg",
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
