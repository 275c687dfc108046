import { useRef, useState } from "react";
import { Picture, mediaEntry, variantUrl } from "#client/components/ui/picture.tsx";
import { Reveal } from "#client/components/ui/reveal.tsx";
import { SectionHeading } from "#client/components/ui/section-heading.tsx";
import { useNearViewport } from "#client/components/ui/use-near-viewport.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { interpolate } from "#shared/i18n/types.ts";
import { mediaUrl } from "#shared/media.ts";
import { showcase } from "#content/showcase.ts";
import type recordEn from "#content/showcase.en.ts";
import type { Catalog } from "#shared/i18n/types.ts";
import { PlayIcon } from "#client/components/ui/icons.tsx";
import type { MakingOfCopy } from "./making-of.en.ts";
import { formatDuration } from "#shared/i18n/format.ts";

type Props = { copy: Catalog<MakingOfCopy>; record: Catalog<typeof recordEn> };

/**
 * The "full-width embedded" section of the showcase page: the data the original defined but
 * never showed (spec §2, §3): gallery, artisan, sketches, behind-the-scenes film with its four
 * chapters, materials, and the 7-10 days each piece takes.
 */
export function MakingOf({ copy, record }: Props) {
  // Shown only once the studio has filled in a real artisan's name and words (content/showcase.*).
  const hasArtisan = record.artisan.name.trim() !== "" && record.artisan.quote.trim() !== "";
  const { lang } = useI18n();
  const film = useRef<HTMLVideoElement>(null);
  // A video's poster downloads at once, wherever the video is: only set it near the viewport.
  const [filmBox, filmNear] = useNearViewport<HTMLDivElement>();
  const { main, clips } = showcase.behindTheScenes;
  const total = clips.reduce((sum, clip) => sum + clip.seconds, 0);
  // null: the reel (main item) has not started; otherwise the clip being played.
  const [current, setCurrent] = useState<number | null>(null);
  const [reel, setReel] = useState(true);
  const source = clips[current ?? 0]!.video;
  // The sketches are labelled in the page's language (media/sketch-*-ar.png in Arabic).
  const sketch = (src: string) => (lang === "ar" ? src.replace(/\.png$/, "-ar.png") : src);

  const play = (i: number, asReel: boolean) => {
    setReel(asReel);
    setCurrent(i);
    // The <source> elements change with `current`; load and play once React has rendered them.
    requestAnimationFrame(() => {
      const video = film.current;
      if (!video) return;
      video.load();
      video.play().catch(() => undefined);
      video.scrollIntoView({ block: "nearest", behavior: "smooth" });
    });
  };
  // The reel plays the four clips in turn; a single clip plays once.
  const onEnded = () => {
    if (reel && current !== null && current < clips.length - 1) play(current + 1, true);
  };

  return (
    <section className="bg-sand-deep/50 py-24 md:py-32" aria-labelledby="making" data-testid="making-of">
      <div className="container-page">
        <Reveal kind="fadeInUp" className="max-w-2xl">
          <SectionHeading id="making" eyebrow={copy.eyebrow} title={copy.title} />
        </Reveal>

        <div className="mt-12 grid gap-4 sm:grid-cols-3">
          {showcase.galleryImages.map((src, i) => (
            <Reveal key={src} kind="scaleIn" delay={i * 120}>
              <Picture
                src={src}
                alt={copy.gallery[i] ?? ""}
                sizes="(min-width: 640px) 33vw, 100vw"
                className="block overflow-hidden rounded-2xl"
                imgClassName="aspect-[4/3] h-full w-full object-cover"
              />
            </Reveal>
          ))}
        </div>

        <div className={`mt-20 grid gap-12 ${hasArtisan ? "md:grid-cols-[2fr_3fr]" : ""}`}>
          {hasArtisan && (
            <Reveal kind="slideRight" as="figure" className="self-start rounded-3xl bg-ink p-8 text-sand md:p-10">
              <p className="eyebrow text-accent">{copy.artisanLabel}</p>
              <blockquote className="mt-6 font-display text-2xl leading-snug italic md:text-3xl">
                “{record.artisan.quote}”
              </blockquote>
              <figcaption className="mt-8 border-t border-sand/20 pt-6">
                <p className="text-lg font-medium">{record.artisan.name}</p>
                <p className="text-sand/75">{record.artisan.specialty}</p>
                <p className="text-sand/75">{record.artisan.years}</p>
              </figcaption>
            </Reveal>
          )}
          <Reveal kind="slideLeft" delay={120}>
            <h3 className="font-display text-3xl">{copy.sketchesLabel}</h3>
            <ol className="mt-6 grid gap-4 sm:grid-cols-3">
              {showcase.sketches.evolution.map((src, i) => (
                <li key={src} className="rounded-2xl bg-sand p-3">
                  <Picture
                    src={sketch(src)}
                    alt=""
                    sizes="(min-width: 768px) 20vw, 100vw"
                    className="block"
                    imgClassName="h-auto w-full"
                  />
                  <p className="mt-3 text-sm text-ink-soft">{record.sketches.evolution[i]}</p>
                </li>
              ))}
            </ol>
            <figure className="mt-6 rounded-2xl bg-sand p-4">
              <Picture
                src={sketch(showcase.sketches.technical)}
                alt={record.sketches.technical}
                sizes="(min-width: 768px) 55vw, 100vw"
                className="block"
                imgClassName="h-auto w-full"
              />
              <figcaption className="mt-3 text-sm text-ink-soft">
                <span className="font-medium text-ink">{copy.technicalLabel}: </span>
                {record.sketches.technical}
              </figcaption>
            </figure>
          </Reveal>
        </div>

        <Reveal kind="fadeInUp" className="mt-20">
          <h3 className="font-display text-3xl">{copy.filmLabel}</h3>
          <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
            <figure>
              <div ref={filmBox} className="relative">
                <video
                  ref={film}
                  controls={current !== null}
                  muted
                  playsInline
                  preload="none"
                  poster={
                    filmNear ? variantUrl(current === null ? main.thumbnail : `${source}-poster.jpg`, 960) : undefined
                  }
                  onEnded={onEnded}
                  className="aspect-video w-full rounded-2xl bg-ink object-cover"
                  aria-label={current === null ? record.clips.main : record.clips.items[current]}
                  data-testid="bts-film"
                  data-clip={current ?? ""}
                >
                  <source src={mediaUrl(`${source}.webm`, mediaEntry(`${source}.webm`)?.[2])} type="video/webm" />
                  <source src={mediaUrl(`${source}.mp4`, mediaEntry(`${source}.mp4`)?.[2])} type="video/mp4" />
                </video>
                {current === null ? (
                  <button
                    type="button"
                    onClick={() => play(0, true)}
                    aria-label={interpolate(copy.playChapter, { title: record.clips.main })}
                    className="absolute inset-0 flex items-center justify-center rounded-2xl bg-ink/30 text-sand hover:bg-ink/20"
                  >
                    <span className="flex h-20 w-20 items-center justify-center rounded-full bg-sand/90 text-ink">
                      <PlayIcon className="h-8 w-8" />
                    </span>
                  </button>
                ) : null}
              </div>
              <figcaption className="mt-3 flex justify-between gap-4 text-sm text-ink-soft">
                <span>{current === null || reel ? record.clips.main : record.clips.items[current]}</span>
                <bdi>{formatDuration(total, lang)}</bdi>
              </figcaption>
            </figure>
            <div>
              <h4 className="eyebrow">{copy.chapters}</h4>
              <ol className="mt-3 grid gap-3">
                {clips.map((clip, i) => (
                  <li key={clip.video}>
                    <button
                      type="button"
                      onClick={() => play(i, false)}
                      aria-current={current === i ? "true" : undefined}
                      aria-label={interpolate(copy.playChapter, { title: record.clips.items[i] ?? "" })}
                      className="group flex w-full items-center gap-4 rounded-2xl bg-sand p-2 text-start hover:bg-white aria-[current=true]:ring-2 aria-[current=true]:ring-accent-ink"
                    >
                      <span className="relative block w-28 shrink-0 overflow-hidden rounded-xl">
                        <Picture
                          src={`${clip.video}-poster.jpg`}
                          alt=""
                          sizes="112px"
                          className="block"
                          imgClassName="aspect-[3/2] h-full w-full object-cover"
                        />
                        <span className="absolute inset-0 flex items-center justify-center bg-ink/30 text-sand opacity-80 group-hover:opacity-100">
                          <PlayIcon />
                        </span>
                      </span>
                      <span className="flex-1">{record.clips.items[i]}</span>
                      <bdi className="pe-3 text-sm text-ink-soft">{formatDuration(clip.seconds, lang)}</bdi>
                    </button>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </Reveal>

        <div className="mt-20 grid gap-12 md:grid-cols-2">
          <Reveal kind="fadeInUp">
            <h3 className="font-display text-3xl">{copy.materialsLabel}</h3>
            <dl className="mt-6 grid gap-5">
              {record.materials.map((material) => (
                <div key={material.name} className="border-t border-walnut/25 pt-4">
                  <dt className="font-medium">{material.name}</dt>
                  <dd className="mt-1 text-ink-soft">{material.detail}</dd>
                </div>
              ))}
            </dl>
          </Reveal>
          <Reveal kind="fadeInUp" delay={120} className="rounded-3xl bg-walnut p-8 text-sand md:p-10">
            <h3 className="eyebrow text-sand-deep">{copy.craftLabel}</h3>
            <p className="mt-4 flex items-baseline gap-3">
              <bdi className="font-display text-7xl">{copy.daysValue}</bdi>
              <span className="text-lg">{copy.daysUnit}</span>
            </p>
            <p className="mt-6 leading-relaxed text-sand/85">{record.craftsmanship}</p>
          </Reveal>
        </div>
      </div>
    </section>
  );
}
