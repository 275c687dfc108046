import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { CloseIcon } from "#client/components/ui/icons.tsx";
import { mediaEntry, Picture } from "#client/components/ui/picture.tsx";
import { useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { catalogProduct, productName, type CatalogProductId } from "#content/catalog.ts";
import { showcaseCopy } from "./copy.ts";
import { ResetIcon, ZoomIcon } from "./icons.tsx";
import { clampPan, dragPan, maxZoom, minZoom, zoomIn, zoomOut, zoomPercent, type Pan } from "./zoom.ts";

type Props = { productId: CatalogProductId; onClose: () => void };

/**
 * The image zoom viewer (spec §4): 1x to 4x in steps of 1.5x with buttons, the wheel and the
 * keyboard; the percentage is shown; the image can be dragged only when zoomed in, and the pan
 * resets on the way back to 1x.
 */
export default function ZoomViewer({ productId, onClose }: Props) {
  const { lang } = useI18n();
  const id = useId();
  const copy = useCopy(showcaseCopy);
  const [scale, setScale] = useState(1);
  const [imageWidth = 1, imageHeight = 1] = mediaEntry(catalogProduct(productId).media.zoom) ?? [];
  const [pan, setPan] = useState<Pan>({ x: 0, y: 0 });
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: Pan } | null>(null);

  const frameSize = () => {
    const rect = frameRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const applyScale = (next: number) => {
    setScale(next);
    setPan((current) => clampPan(current, next, frameSize()));
  };

  // The wheel zooms; it needs a non-passive listener to keep the page from scrolling.
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setScale((current) => {
        const next = event.deltaY < 0 ? zoomIn(current) : zoomOut(current);
        setPan((p) => clampPan(p, next, frameSize()));
        return next;
      });
    };
    frame.addEventListener("wheel", onWheel, { passive: false });
    return () => frame.removeEventListener("wheel", onWheel);
  }, [frame]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (scale <= minZoom) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: pan };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setPan(dragPan(start.start, event.clientX - start.x, event.clientY - start.y, scale, frameSize()));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 40;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (event.key === "+" || event.key === "=") applyScale(zoomIn(scale));
    else if (event.key === "-") applyScale(zoomOut(scale));
    else if (event.key === "0") applyScale(1);
    else if (moves[event.key] && scale > minZoom) {
      const [dx, dy] = moves[event.key]!;
      setPan(dragPan(pan, dx, dy, scale, frameSize()));
    } else return;
    event.preventDefault();
  };

  const name = productName(productId, lang);
  const button =
    "inline-flex h-11 w-11 items-center justify-center rounded-full bg-sand/10 text-sand hover:bg-sand/20 disabled:opacity-40";
  return (
    <Modal
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-hint`}
      testId="zoom-viewer"
      className="h-full max-h-none w-full max-w-none"
    >
      <div className="flex h-full flex-col bg-ink/95 text-sand">
        <div className="container-page flex items-center justify-between gap-4 py-4">
          <h2 id={`${id}-title`} className="font-display text-2xl">
            {interpolate(copy.zoom.title, { name })}
          </h2>
          <button type="button" onClick={onClose} aria-label={copy.zoom.close} className={button}>
            <CloseIcon />
          </button>
        </div>
        <p id={`${id}-hint`} className="sr-only">
          {copy.zoom.hint}
        </p>
        <div
          ref={(node) => {
            frameRef.current = node;
            setFrame(node);
          }}
          data-testid="zoom-frame"
          tabIndex={0}
          role="application"
          aria-label={interpolate(copy.zoom.title, { name })}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{
            // The image's own proportions (4:3 shows without bars), as large as fits 92vw x 72vh.
            aspectRatio: `${imageWidth} / ${imageHeight}`,
            maxWidth: `min(92vw, ${((72 * imageWidth) / imageHeight).toFixed(2)}vh)`,
          }}
          className={`relative mx-auto w-full touch-none overflow-hidden rounded-2xl bg-ink select-none ${scale > 1 ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in"}`}
        >
          <div
            data-testid="zoom-image"
            data-scale={scale}
            data-pan={`${Math.round(pan.x)},${Math.round(pan.y)}`}
            className="h-full w-full transition-transform duration-200 ease-out"
            style={{ transform: `translate3d(${pan.x}px, ${pan.y}px, 0) scale(${scale})` }}
          >
            <Picture
              src={catalogProduct(productId).media.zoom}
              alt={name}
              // Zoomed in, the browser picks a larger variant for the magnified size.
              sizes={`calc(${scale} * min(92vw, ${((72 * imageWidth) / imageHeight).toFixed(2)}vh))`}
              priority
              className="block h-full w-full"
              imgClassName="pointer-events-none h-full w-full object-cover"
            />
          </div>
        </div>
        <div className="flex items-center justify-center gap-3 py-5" role="group" aria-label={copy.zoom.level}>
          <button
            type="button"
            className={button}
            onClick={() => applyScale(zoomOut(scale))}
            disabled={scale <= minZoom}
            aria-label={copy.zoom.zoomOut}
          >
            <ZoomIcon minus />
          </button>
          <output data-testid="zoom-percent" aria-live="polite" className="min-w-16 text-center tabular-nums" dir="ltr">
            {formatNumber(zoomPercent(scale), lang)}
            {lang === "ar" ? "٪" : "%"}
          </output>
          <button
            type="button"
            className={button}
            onClick={() => applyScale(zoomIn(scale))}
            disabled={scale >= maxZoom}
            aria-label={copy.zoom.zoomIn}
          >
            <ZoomIcon />
          </button>
          <button
            type="button"
            className={button}
            onClick={() => applyScale(1)}
            disabled={scale === 1}
            aria-label={copy.zoom.reset}
          >
            <ResetIcon />
          </button>
        </div>
      </div>
    </Modal>
  );
}
