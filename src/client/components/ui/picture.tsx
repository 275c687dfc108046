import type { CSSProperties } from "react";
import manifest from "#content/media-manifest.json";
import { mediaUrl, rasterPattern, variantName, widthsFor, type MediaManifest } from "#shared/media.ts";

const media = manifest as unknown as MediaManifest;

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
  } as const;
  if (!rasterPattern.test(props.src)) {
    return <img {...common} src={mediaUrl(props.src, hash)} className={props.imgClassName ?? props.className} />;
  }
  const widths = widthsFor(width);
  const srcSet = (format: "avif" | "webp") =>
    widths.map((w) => `${mediaUrl(variantName(props.src, w, format), hash)} ${w}w`).join(", ");
  return (
    <picture className={props.className}>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={props.sizes} />
      <img {...common} src={variantUrl(props.src, 800)} srcSet={srcSet("webp")} sizes={props.sizes} />
    </picture>
  );
}
