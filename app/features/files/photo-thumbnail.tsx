/** A photo's small picture in a list: decorative (the row names what it is), loaded when in view. */
import { fileThumbnailUrl } from "~/lib/api/files";

export function PhotoThumbnail(props: { fileId: string; size: 32 | 40 }) {
  return (
    <img
      src={fileThumbnailUrl(props.fileId)}
      alt=""
      width={props.size}
      height={props.size}
      loading="lazy"
      decoding="async"
      className={`${props.size === 32 ? "size-8 rounded-md" : "size-10 rounded-lg"} shrink-0 bg-raised object-cover`}
    />
  );
}
