/**
 * A record's photos as a grid of thumbnails (the small pictures sent with them); each opens large
 * in the preview.
 */
import { fileThumbnailUrl, type StoredFile } from "~/lib/api/files";

export function PhotoGallery(props: {
  photos: readonly StoredFile[];
  onOpen: (photo: StoredFile) => void;
}) {
  if (props.photos.length === 0) return null;
  return (
    <ul aria-label="Photos" className="mb-4 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
      {props.photos.map((photo) => (
        <li key={photo.id}>
          <button
            type="button"
            onClick={() => props.onOpen(photo)}
            aria-label={`Open photo ${photo.name}`}
            className="block aspect-square w-full overflow-hidden rounded-lg border border-line bg-raised hover:ring-2 hover:ring-accent"
          >
            <img
              src={fileThumbnailUrl(photo.id)}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
