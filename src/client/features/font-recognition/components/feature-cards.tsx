import { useEffect, useId, useState, type ReactNode } from "react";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { CameraIcon, LibraryIcon, SlidersIcon } from "./icons.tsx";

/** Whether this device can take a photo: a camera is listed, or it is a touch device (phones). */
function useHasCamera(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    let alive = true;
    const coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;
    if (coarse) setHas(true);
    navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((devices) => {
        if (alive && devices.some((d) => d.kind === "videoinput")) setHas(true);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return has;
}

/** The three feature cards: live capture, advanced customization, font library. */
export function FeatureCards(props: {
  copy: FontRecognitionCopy;
  onCapture: (file: File) => void;
  hasImage: boolean;
  onCustomize: () => void;
  libraryOpen: boolean;
  onToggleLibrary: () => void;
  libraryControls: string;
  /** The library card's text with the number of families; the loading text until it is known. */
  libraryBody?: string;
}) {
  const { copy } = props;
  const f = copy.features;
  const hasCamera = useHasCamera();
  const captureHint = useId();
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      <Card icon={<CameraIcon />} title={f.capture.title} body={f.capture.body}>
        {hasCamera ? (
          <label className="btn-outline cursor-pointer focus-within:outline-2 focus-within:outline-offset-3 focus-within:outline-accent-ink">
            {f.capture.action}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={f.capture.inputLabel}
              className="sr-only"
              data-testid="camera-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) props.onCapture(file);
              }}
            />
          </label>
        ) : (
          <p id={captureHint} className="text-sm text-ink-soft">
            {f.capture.noCamera}
          </p>
        )}
      </Card>
      <Card icon={<SlidersIcon />} title={f.customize.title} body={f.customize.body}>
        {props.hasImage ? (
          <button type="button" className="btn-outline" onClick={props.onCustomize}>
            {f.customize.action}
          </button>
        ) : (
          <p className="text-sm text-ink-soft">{f.customize.needsImage}</p>
        )}
      </Card>
      <Card icon={<LibraryIcon />} title={f.library.title} body={props.libraryBody ?? f.library.bodyLoading}>
        <button
          type="button"
          className="btn-outline"
          aria-expanded={props.libraryOpen}
          aria-controls={props.libraryControls}
          onClick={props.onToggleLibrary}
        >
          {props.libraryOpen ? f.library.close : f.library.open}
        </button>
      </Card>
    </ul>
  );
}

function Card(props: { icon: ReactNode; title: string; body: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-sand-deep bg-white/70 p-6">
      <span className="flex size-11 items-center justify-center rounded-full bg-accent/15 text-accent-ink">
        {props.icon}
      </span>
      <h3 className="text-lg font-medium">{props.title}</h3>
      <p className="grow text-ink-soft">{props.body}</p>
      <div>{props.children}</div>
    </li>
  );
}
