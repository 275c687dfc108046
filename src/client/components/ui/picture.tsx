import type { CSSProperties } from "react";
import manifest from "#content/media-manifest.json";
import artDirection from "#content/art-direction.json";
import { mediaUrl, rasterPattern, variantName, widthsFor, type MediaManifest } from "#shared/media.ts";

const media = manifest as unknown as MediaManifest;
/** Where the subject (the product, the camel) sits in each original: [left, top, right, bottom], 0-1. */
const subjects = artDirection.subjects as Record<string, readonly number[] | undefined>;

/** The media query under which a Picture's `phoneSrc` is used. */
export const phoneQuery = "(max-width: 767px)";

/** Size and cache-busting hash of a media original, when it has been built. */
export function mediaEntry(name: string) {
  return media[name];
}

/** The URL of a built variant of `name` close to `width` pixels wide (for posters and CSS). */
export function variantUrl(name: string, width: number, format: "avif" | "webp" = "webp"): string {
  const entry = media[name];
  if (!entry || !rasterPattern.test(name)) return mediaUrl(name, entry?.[2]);
  const widths = widthsFor(entry[0]);
  const pick = widths.find((w) => w >= width) ?? widths[widths.length - 1] ?? entry[0];
  return mediaUrl(variantName(name, pick, format), entry[2]);
}

type Props = {
  /** An original in media/, e.g. "nawat.jpg". */
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /** The page's LCP image: loaded eagerly with high priority. */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  style?: CSSProperties;
  onLoad?: () => void;
  onError?: () => void;
  /**
   * Art direction: another original for phones (`phoneQuery`), e.g. a portrait render that keeps
   * the product in frame above the headline.
   */
  phoneSrc?: string;
  /**
   * Mirror the picture on right-to-left pages, so the subject falls on the side opposite the
   * right-aligned Arabic headline (only for renders without text or a handed subject).
   */
  mirrorRtl?: boolean;
};

/**
 * A responsive image (DESIGN D12): AVIF and WebP sources with srcset, the original's width/height
 * from the media manifest so nothing shifts, lazy below the fold and `fetchPriority="high"` for the
 * LCP image. An image missing from media/ fails the prerender rather than showing a broken frame.
 */
export function Picture(props: Props) {
  const entry = media[props.src];
  if (!entry) throw new Error(`media/${props.src} does not exist (or run npm run build to add it to the manifest)`);
  const [width, height, hash] = entry;
  const phone = props.phoneSrc ? media[props.phoneSrc] : undefined;
  if (props.phoneSrc && !phone) throw new Error(`media/${props.phoneSrc} does not exist`);
  const loading = props.priority ? "eager" : "lazy";
  const common = {
    alt: props.alt,
    width,
    height,
    loading,
    decoding: props.priority ? "auto" : "async",
    fetchPriority: props.priority ? "high" : undefined,
    className: props.imgClassName,
    style: props.style,
    onLoad: props.onLoad,
    onError: props.onError,
    // The subject's box in the original(s), for art-direction checks (tests/e2e/art-direction.spec.ts).
    "data-subject": subjects[props.src]?.join(" "),
    "data-subject-phone": props.phoneSrc ? subjects[props.phoneSrc]?.join(" ") : undefined,
    "data-mirror-rtl": props.mirrorRtl ? "" : undefined,
  } as const;
  if (!rasterPattern.test(props.src)) {
    return <img {...common} src={mediaUrl(props.src, hash)} className={props.imgClassName ?? props.className} />;
  }
  const widths = widthsFor(width);
  const srcSet = (format: "avif" | "webp", src = props.src, w = widths, h = hash) =>
    w.map((x) => `${mediaUrl(variantName(src, x, format), h)} ${x}w`).join(", ");
  const className = props.mirrorRtl ? `${props.className ?? ""} rtl:-scale-x-100`.trim() : props.className;
  return (
    <picture className={className}>
      {phone && props.phoneSrc
        ? (["avif", "webp"] as const).map((format) => (
            <source
              key={format}
              media={phoneQuery}
              type={`image/${format}`}
              srcSet={srcSet(format, props.phoneSrc, widthsFor(phone[0]), phone[2])}
              sizes={props.sizes}
              width={phone[0]}
              height={phone[1]}
            />
          ))
        : null}
      <source type="image/avif" srcSet={srcSet("avif")} sizes={props.sizes} />
      <img {...common} src={variantUrl(props.src, 800)} srcSet={srcSet("webp")} sizes={props.sizes} />
    </picture>
  );
}
