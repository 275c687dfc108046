import type { CSSProperties } from "react";
import manifest from "#content/media-manifest.json";
import { mediaUrl, rasterPattern, variantName, widthsFor, type MediaManifest } from "#shared/media.ts";

const media = manifest as unknown as MediaManifest;

/**
 * Art direction for upright screens (a Picture's `upright`), first match wins: a phone held
 * upright gets a tall render, any other portrait screen (a tablet, a rotated monitor) a 3:4 one,
 * and landscape screens (a phone turned sideways too) the landscape original. A crop of the
 * landscape picture to an upright box would cut the product away or slide it under the headline.
 */
export const uprightQueries = {
  phone: "(orientation: portrait) and (max-width: 767px)",
  tablet: "(orientation: portrait)",
} as const;

/** The originals a Picture draws on upright screens. */
export type Upright = { phone: string; tablet: string };

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
  /** An original in media/, e.g. a product's image (content/catalog.ts). */
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
   * Art direction: other originals for upright phones and tablets (`uprightQueries`), renders
   * framed upright that keep the product in frame above the headline.
   */
  upright?: Upright;
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
  const upright = props.upright
    ? (["phone", "tablet"] as const).map((kind) => {
        const src = props.upright![kind];
        const original = media[src];
        if (!original) throw new Error(`media/${src} does not exist`);
        return { src, original, media: uprightQueries[kind] };
      })
    : [];
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
      {upright.flatMap(({ src, original, media: query }) =>
        (["avif", "webp"] as const).map((format) => (
          <source
            key={`${src} ${format}`}
            media={query}
            type={`image/${format}`}
            srcSet={srcSet(format, src, widthsFor(original[0]), original[2])}
            sizes={props.sizes}
            width={original[0]}
            height={original[1]}
          />
        )),
      )}
      <source type="image/avif" srcSet={srcSet("avif")} sizes={props.sizes} />
      <img {...common} src={variantUrl(props.src, 800)} srcSet={srcSet("webp")} sizes={props.sizes} />
    </picture>
  );
}
