import { useEffect, useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "./icons.tsx";
import { mediaEntry, Picture, type Upright } from "./picture.tsx";
import { mediaUrl } from "#shared/media.ts";

type Props = {
  /** Base name in media/: `hero-loop` means hero-loop.webm, hero-loop.mp4, hero-loop-poster.jpg. */
  name: string;
  /** What the poster shows, for screen readers; the moving loop itself is decorative. */
  alt: string;
  sizes: string;
  /** Above the fold: the poster is the page's LCP image. */
  priority?: boolean;
  /** Must position the box (default `relative`; `absolute inset-0` to fill a hero). */
  className?: string;
  /**
   * Art direction for upright screens: stills framed upright in place of the poster
   * (`uprightQueries`), and no video on them (the landscape loop would crop the product away)
   * nor on any phone-sized screen.
   */
  upright?: Upright;
  /** Mirror the poster and the loop on right-to-left pages (see Picture's `mirrorRtl`). */
  mirrorRtl?: boolean;
  /**
   * A pause/play button over the loop, with these labels: a loop that plays by itself for longer
   * than five seconds needs a way to stop it (WCAG 2.2.2). Playing it by the button overrides
   * reduced motion and Save-Data: the visitor asked for it.
   */
  controls?: { pause: string; play: string };
};

/** How long after `load` an above-the-fold loop starts. */
const settleMs = 3000;

/**
 * A muted, looping, inline video over its poster (DESIGN D12). The poster is a responsive
 * <Picture>, so it is what paints first; the video downloads only when it comes into view
 * (`preload="none"`, and for the hero 3 s after the page has loaded), plays while visible, and
 * never plays under prefers-reduced-motion.
 *
 * The <video> also carries the poster as its own `poster`, for whatever shows the element by
 * itself (a stalled or paused frame, reader modes, picture-in-picture): the very file the
 * <Picture> chose for this screen (`currentSrc`), once it has loaded. A `poster` attribute in the
 * HTML would download a second copy at once, racing the hero image that is the page's LCP.
 */
export function LoopVideo({
  name,
  alt,
  sizes,
  priority = false,
  className = "relative",
  upright,
  mirrorRtl = false,
  controls,
}: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  // What the visitor chose with the button; "auto" until they do.
  const choice = useRef<"auto" | "play" | "pause">("auto");
  const refresh = useRef<() => void>(() => undefined);
  const [poster, setPoster] = useState<string | undefined>(undefined);

  useEffect(() => {
    const image = box.current?.querySelector("img");
    if (!image) return;
    const take = () => {
      if (image.currentSrc) setPoster(image.currentSrc);
    };
    if (image.complete && image.naturalWidth > 0) take();
    else image.addEventListener("load", take, { once: true });
    return () => image.removeEventListener("load", take);
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = true;
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let visible = false;
    // The hero's loop is ambient: it waits until the page has loaded and settled, so decoding
    // video never competes with hydration and the first interactions; Save-Data keeps the poster.
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    let started = !priority;
    const update = () => {
      const wanted = choice.current === "auto" ? started && !saveData && !motion.matches : choice.current === "play";
      if (visible && wanted) video.play().catch(() => undefined);
      else video.pause();
    };
    refresh.current = update;
    let timer = 0;
    const onLoad = () => {
      timer = window.setTimeout(() => {
        started = true;
        update();
      }, settleMs);
    };
    if (!started) {
      if (document.readyState === "complete") onLoad();
      else window.addEventListener("load", onLoad, { once: true });
    }
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      update();
    });
    observer.observe(video);
    motion.addEventListener("change", update);
    return () => {
      observer.disconnect();
      motion.removeEventListener("change", update);
      window.removeEventListener("load", onLoad);
      window.clearTimeout(timer);
    };
  }, [priority]);

  const hash = (ext: string) => mediaEntry(`${name}.${ext}`)?.[2];
  return (
    <div ref={box} className={`overflow-hidden ${className}`}>
      <Picture
        src={`${name}-poster.jpg`}
        alt={alt}
        sizes={sizes}
        priority={priority}
        className="absolute inset-0 block h-full w-full"
        imgClassName="h-full w-full object-cover"
        upright={upright}
        mirrorRtl={mirrorRtl}
      />
      <video
        ref={ref}
        muted
        loop
        playsInline
        preload="none"
        poster={poster}
        aria-hidden="true"
        tabIndex={-1}
        data-playing={playing ? "true" : "false"}
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onError={() => console.warn(`video ${name} could not be played`)}
        className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${playing ? "opacity-100" : "opacity-0"} ${upright ? "portrait:hidden max-md:hidden" : ""} ${mirrorRtl ? "rtl:-scale-x-100" : ""}`}
      >
        <source src={mediaUrl(`${name}.webm`, hash("webm"))} type="video/webm" />
        <source src={mediaUrl(`${name}.mp4`, hash("mp4"))} type="video/mp4" />
      </video>
      {controls ? (
        <button
          type="button"
          aria-label={playing ? controls.pause : controls.play}
          data-testid={`${name}-toggle`}
          onClick={() => {
            choice.current = playing ? "pause" : "play";
            refresh.current();
          }}
          className="absolute end-4 bottom-4 inline-flex h-11 w-11 items-center justify-center rounded-full bg-ink/70 text-sand backdrop-blur hover:bg-ink"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      ) : null}
    </div>
  );
}
