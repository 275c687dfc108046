import { useRef, useState, type PointerEvent } from "react";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";
import type { LoadedImage } from "../lib/read-image-file.ts";
import type { DescribedLine } from "../lib/describe-analysis.ts";
import { IsolatedText } from "./isolated-text.tsx";

type Drag = { x0: number; y0: number; x1: number; y1: number };

/** Boxes smaller than this (image pixels) are taken as a click: they clear the selection. */
const MIN_BOX = 8;

/** A line this far down the image (a share of its height) has room for its number above it. */
const BADGE_ROOM = 0.12;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The uploaded image, on which the visitor may drag a box around the text with a mouse, a pen or a
 * finger (pointer events). The keyboard alternative is "Analyze the Whole Image", which clears the
 * box. Coordinates are the image's own pixels; the frame is laid out left to right in both
 * languages because a picture does not mirror. After an analysis of several lines, each line's box
 * is a numbered button over its pixels that shows that line's analysis.
 */
export function ImagePreview(props: {
  copy: FontRecognitionCopy;
  image: LoadedImage;
  box: FontAnalysisBox | null;
  onBox: (box: FontAnalysisBox | null) => void;
  disabled: boolean;
  /** The result's lines (none before an analysis, or for an answer of one line). */
  lines: DescribedLine[];
  selectedLine: number;
  onPickLine: (line: number) => void;
}) {
  const { copy, image, box, onBox, disabled, lines, selectedLine, onPickLine } = props;
  const shownLine = lines[selectedLine];
  const { lang } = useI18n();
  const plain = (n: number) => formatNumber(n, lang, { useGrouping: false });
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const fraction = (event: PointerEvent<HTMLDivElement>) => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: clamp01((event.clientX - rect.left) / rect.width),
      y: clamp01((event.clientY - rect.top) / rect.height),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || !event.isPrimary) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = fraction(event);
    setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const p = fraction(event);
    setDrag({ ...drag, x1: p.x, y1: p.y });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const x = Math.round(Math.min(drag.x0, drag.x1) * image.width);
    const y = Math.round(Math.min(drag.y0, drag.y1) * image.height);
    const w = Math.round(Math.abs(drag.x1 - drag.x0) * image.width);
    const h = Math.round(Math.abs(drag.y1 - drag.y0) * image.height);
    setDrag(null);
    onBox(w >= MIN_BOX && h >= MIN_BOX ? { x, y, w, h } : null);
  };

  const shown = drag
    ? {
        left: Math.min(drag.x0, drag.x1),
        top: Math.min(drag.y0, drag.y1),
        width: Math.abs(drag.x1 - drag.x0),
        height: Math.abs(drag.y1 - drag.y0),
      }
    : box
      ? {
          left: box.x / image.width,
          top: box.y / image.height,
          width: box.w / image.width,
          height: box.h / image.height,
        }
      : null;

  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-soft">{copy.preview.selectHint}</p>
      <div
        dir="ltr"
        className="relative mx-auto w-fit max-w-full overflow-hidden rounded-xl border border-sand-deep bg-white"
      >
        <img
          src={image.dataUrl}
          alt={copy.preview.alt}
          width={image.width}
          height={image.height}
          draggable={false}
          className="block h-auto max-h-[28rem] w-auto max-w-full select-none"
        />
        <div
          ref={frame}
          data-testid="selection-surface"
          aria-hidden="true"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          className={`absolute inset-0 touch-none ${disabled ? "cursor-wait" : "cursor-crosshair"}`}
        >
          {shown ? (
            <div
              data-testid="selection-box"
              className="absolute border-2 border-accent-ink bg-accent/15 shadow-[0_0_0_9999px_rgba(27,25,21,0.35)]"
              style={{
                insetInlineStart: `${shown.left * 100}%`,
                insetBlockStart: `${shown.top * 100}%`,
                inlineSize: `${shown.width * 100}%`,
                blockSize: `${shown.height * 100}%`,
              }}
            />
          ) : null}
        </div>
        {lines.length > 0 ? (
          // Above the drag surface: a press on a box picks the line and does not start a selection.
          <div className="pointer-events-none absolute inset-0" data-testid="line-boxes">
            {lines.map((line, i) => {
              const pressed = i === selectedLine;
              return (
                <button
                  key={i}
                  type="button"
                  aria-label={line.label}
                  aria-pressed={pressed}
                  onClick={() => onPickLine(i)}
                  data-testid="line-box"
                  className={`pointer-events-auto absolute rounded-sm border-2 transition-colors ${
                    pressed
                      ? "z-10 border-accent-ink bg-accent/20"
                      : "border-walnut/70 bg-transparent hover:border-accent-ink hover:bg-accent/10"
                  }`}
                  style={{
                    insetInlineStart: `${(line.box.x / image.width) * 100}%`,
                    insetBlockStart: `${(line.box.y / image.height) * 100}%`,
                    inlineSize: `${(line.box.width / image.width) * 100}%`,
                    blockSize: `${(line.box.height / image.height) * 100}%`,
                  }}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute -start-0.5 grid min-h-5 min-w-5 place-items-center px-1 text-xs leading-none font-medium ${
                      // Just above the box, off the letters; below it when the line is at the top.
                      line.box.y / image.height > BADGE_ROOM ? "bottom-full rounded-t-md" : "top-full rounded-b-md"
                    } ${pressed ? "bg-accent-ink text-white" : "bg-walnut text-white"}`}
                  >
                    <bdi>{line.number}</bdi>
                  </span>
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
      {shownLine ? (
        <p className="text-sm" aria-live="polite" data-testid="line-status">
          <IsolatedText
            text={copy.lines.showing}
            params={{ number: shownLine.number, script: shownLine.script, family: shownLine.family }}
          />
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm" aria-live="polite" data-testid="selection-status">
          {box
            ? interpolate(copy.preview.selected, { w: plain(box.w), h: plain(box.h) })
            : copy.preview.wholeImageActive}
        </p>
        {box ? (
          <button
            type="button"
            className="btn-outline min-h-9 px-4 text-xs"
            onClick={() => onBox(null)}
            disabled={disabled}
          >
            {copy.preview.wholeImage}
          </button>
        ) : null}
      </div>
    </div>
  );
}
