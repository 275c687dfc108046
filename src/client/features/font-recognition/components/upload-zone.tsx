import { useId, useRef, useState, type DragEvent, type RefObject } from "react";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { UploadIcon } from "./icons.tsx";

/**
 * Drop zone and file picker. Only files whose type starts with image/ are taken from a drop
 * (spec §5); the picker offers image/* and the page checks the 10 MB limit before reading.
 */
export function UploadZone(props: {
  copy: FontRecognitionCopy;
  onFile: (file: File) => void;
  onRejectedDrop: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  compact: boolean;
}) {
  const { copy, onFile, onRejectedDrop, inputRef, compact } = props;
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const hintId = useId();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = [...event.dataTransfer.files].find((f) => f.type.startsWith("image/"));
    if (file) onFile(file);
    else onRejectedDrop();
  };

  return (
    <div
      data-testid="drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={onDrop}
      className={`flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed text-center transition-colors ${
        compact ? "p-5" : "min-h-64 p-8"
      } ${over ? "border-accent-ink bg-accent/10" : "border-sand-deep bg-white/60"}`}
    >
      <UploadIcon className="text-walnut" width={32} height={32} />
      <p className="font-medium">{over ? copy.upload.dropActive : copy.upload.dropTitle}</p>
      <p id={hintId} className="text-sm text-ink-soft">
        {copy.upload.dropHint}
      </p>
      <label className="btn-primary cursor-pointer focus-within:outline-2 focus-within:outline-offset-3 focus-within:outline-accent-ink">
        {copy.upload.choose}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          aria-label={copy.upload.inputLabel}
          data-testid="font-file-input"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Reset, so choosing the same file again still counts as a new image.
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
      </label>
    </div>
  );
}
