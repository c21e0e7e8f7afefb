/**
 * The ways a file gets in besides dropping it: "Choose files" (several at once) and, on a phone,
 * "Take a photo" with the camera; and whether a photo keeps its original (and its location).
 */
import { Camera, Upload } from "lucide-react";
import { useId, useRef } from "react";
import { FILE_INPUT_ACCEPT } from "~/domain/files";

export function UploadControls(props: {
  keepOriginal: boolean;
  onKeepOriginal: (keep: boolean) => void;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const choose = useRef<HTMLInputElement>(null);
  const take = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = "";
    if (files.length > 0) props.onFiles(files);
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="button" onClick={() => choose.current?.click()} className="btn-secondary">
        <Upload aria-hidden className="size-4" /> Choose files
      </button>
      <input
        ref={choose}
        id={`${id}-choose`}
        type="file"
        multiple
        accept={FILE_INPUT_ACCEPT}
        aria-label="Choose files to upload"
        tabIndex={-1}
        className="sr-only"
        onChange={take}
      />
      {/* A phone's camera; on a wider screen "Choose files" is the way in. */}
      <label className="btn-secondary cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent sm:hidden">
        <Camera aria-hidden className="size-4" /> Take a photo
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={take}
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-muted">
        <input
          type="checkbox"
          checked={props.keepOriginal}
          onChange={(event) => props.onKeepOriginal(event.target.checked)}
        />
        Keep original (with location)
      </label>
    </div>
  );
}
