/**
 * The showcase pages' section heading: a small eyebrow line above the display-face h2. `id` lets
 * the section name itself with aria-labelledby.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  className = "",
}: {
  id: string;
  eyebrow: string;
  title: string;
  className?: string;
}) {
  return (
    <>
      <p className={`eyebrow ${className}`}>{eyebrow}</p>
      <h2 id={id} className="mt-3 font-display text-4xl font-medium md:text-5xl">
        {title}
      </h2>
    </>
  );
}
