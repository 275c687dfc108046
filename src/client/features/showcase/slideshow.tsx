import { useEffect, useReducer, useRef, useState } from "react";
import { Picture } from "#client/components/ui/picture.tsx";
import { useCopy } from "#client/i18n/lazy-copy.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { mediaUrl } from "#shared/media.ts";
import { mediaEntry, variantUrl } from "#client/components/ui/picture.tsx";
import { showcaseCopy } from "./copy.ts";
import { PauseIcon, PlayIcon } from "#client/components/ui/icons.tsx";
import { initialSlideshow, isReady, slideInterval, slideshowReducer } from "./slideshow-state.ts";

export type Slide =
  | { kind: "image"; src: string; alt: string; caption: string }
  | { kind: "video"; name: string; alt: string; caption: string };

/**
 * The behind-the-scenes slideshow (spec §4): three slides (two images, one video), a spinner
 * until every slide's media has loaded (a failed image is logged and counts as loaded), then a
 * new slide every 4 s, cycling; the dots jump to a slide. It can be paused (WCAG 2.2.2).
 */
export default function Slideshow({ slides }: { slides: Slide[] }) {
  const { lang } = useI18n();
  const copy = useCopy(showcaseCopy).slideshow;
  const [state, dispatch] = useReducer(slideshowReducer, slides.length, initialSlideshow);
  const [paused, setPaused] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // Media that finished before React listened (a cached image, say) would never report, so the
  // slideshow also looks at its media itself until everything is in.
  const ready = isReady(state);
  useEffect(() => {
    if (ready) return;
    const check = () =>
      rootRef.current?.querySelectorAll<HTMLElement>("[data-slide]").forEach((figure) => {
        const slide = Number(figure.dataset.slide);
        const media = figure.querySelector("img, video");
        if (media instanceof HTMLImageElement && media.complete && media.naturalWidth > 0)
          dispatch({ type: "loaded", slide });
        else if (media instanceof HTMLVideoElement && media.readyState >= 2) dispatch({ type: "loaded", slide });
      });
    check();
    const timer = window.setInterval(check, 500);
    return () => window.clearInterval(timer);
  }, [ready]);

  useEffect(() => {
    if (!ready || paused) return;
    const timer = window.setTimeout(() => dispatch({ type: "next" }), slideInterval);
    return () => window.clearTimeout(timer);
  }, [ready, paused, state.index]);

  // The video slide plays only while it is shown (never under reduced motion).
  const active = slides[state.index];
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (ready && active?.kind === "video" && !paused && !still) video.play().catch(() => undefined);
    else video.pause();
  }, [ready, active, paused]);

  const total = formatNumber(slides.length, lang);
  return (
    <div
      ref={rootRef}
      data-testid="slideshow"
      data-ready={ready ? "true" : "false"}
      data-index={state.index}
      role="region"
      aria-roledescription="carousel"
      aria-label={active?.caption}
      className="relative"
    >
      <div className="relative aspect-[3/2] overflow-hidden rounded-3xl bg-walnut-deep">
        {slides.map((slide, i) => {
          const shown = i === state.index;
          const layer = `absolute inset-0 transition-opacity duration-1000 ${ready && shown ? "opacity-100" : "opacity-0"}`;
          const label = interpolate(copy.slide, { n: formatNumber(i + 1, lang), total });
          return (
            <figure
              key={i}
              className={layer}
              aria-hidden={!shown}
              aria-label={label}
              data-testid={`slide-${i}`}
              data-slide={i}
            >
              {slide.kind === "image" ? (
                <Picture
                  src={slide.src}
                  alt={slide.alt}
                  sizes="(min-width: 1280px) 1200px, 100vw"
                  className="block h-full w-full"
                  imgClassName="h-full w-full object-cover"
                  onLoad={() => dispatch({ type: "loaded", slide: i })}
                  onError={() => {
                    console.warn(`slideshow: image ${slide.src} failed to load`);
                    dispatch({ type: "failed", slide: i });
                  }}
                />
              ) : (
                <video
                  ref={videoRef}
                  muted
                  loop
                  playsInline
                  preload="auto"
                  aria-label={slide.alt}
                  poster={variantUrl(`${slide.name}-poster.jpg`, 800)}
                  onLoadedData={() => dispatch({ type: "loaded", slide: i })}
                  onError={() => {
                    console.warn(`slideshow: video ${slide.name} failed to load`);
                    dispatch({ type: "failed", slide: i });
                  }}
                  className="h-full w-full object-cover"
                >
                  <source
                    src={mediaUrl(`${slide.name}.webm`, mediaEntry(`${slide.name}.webm`)?.[2])}
                    type="video/webm"
                  />
                  <source
                    src={mediaUrl(`${slide.name}.mp4`, mediaEntry(`${slide.name}.mp4`)?.[2])}
                    type="video/mp4"
                    onError={() => {
                      console.warn(`slideshow: video ${slide.name} has no playable source`);
                      dispatch({ type: "failed", slide: i });
                    }}
                  />
                </video>
              )}
              <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/80 to-transparent px-6 pt-16 pb-14 text-sand">
                {slide.caption}
              </figcaption>
            </figure>
          );
        })}
        {ready ? null : (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-4 text-sand">
            <span
              aria-hidden="true"
              className="h-10 w-10 animate-spin rounded-full border-2 border-sand/30 border-t-accent"
            />
            <span className="text-sm">{copy.loading}</span>
          </div>
        )}
      </div>
      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            data-testid={`dot-${i}`}
            aria-label={interpolate(copy.goTo, { n: formatNumber(i + 1, lang) })}
            aria-current={i === state.index ? "true" : undefined}
            onClick={() => dispatch({ type: "goTo", slide: i })}
            className="flex h-11 w-11 items-center justify-center"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === state.index ? "w-8 bg-accent" : "w-2.5 bg-sand/70"}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? copy.play : copy.pause}
          className="flex h-11 w-11 items-center justify-center rounded-full text-sand"
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      </div>
    </div>
  );
}
