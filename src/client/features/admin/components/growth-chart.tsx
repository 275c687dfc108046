import { useId } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatDate, formatNumber } from "#shared/i18n/format.ts";
import type { AdminCopy } from "../copy.ts";

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, bottom: 28, side: 36 };

/** YYYY-MM-DD (a Riyadh calendar day) as a date at noon UTC, so every time zone shows that day. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Sign-ups per day as an SVG bar chart drawn here (no chart library on the page). Time runs in
 * the reading direction: oldest on the left in English, on the right in Arabic. Screen readers
 * get the same numbers as a table; the drawing itself is one labelled image.
 */
export function GrowthChart(props: { copy: AdminCopy; data: { date: string; count: number }[] }) {
  const { copy, data } = props;
  const { lang, dir } = useI18n();
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.count));
  // Round the scale up to a number that divides into two even steps.
  const top = max <= 4 ? Math.max(2, max + (max % 2)) : Math.ceil(max / 2 / 5) * 10;
  const plotWidth = WIDTH - 2 * PAD.side;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / data.length;
  const barWidth = Math.max(2, slot * 0.7);
  const x = (index: number) =>
    PAD.side + (dir === "rtl" ? data.length - 1 - index : index) * slot + (slot - barWidth) / 2;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const axisX = dir === "rtl" ? WIDTH - PAD.side + 6 : PAD.side - 6;
  const shortDay = (day: string) => formatDate(dayDate(day), lang, { day: "numeric", month: "short", timeZone: "UTC" });
  const longDay = (day: string) => formatDate(dayDate(day), lang, { dateStyle: "full", timeZone: "UTC" });

  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-label`}
        className="h-auto w-full"
        data-testid="growth-chart"
      >
        <title id={`${id}-label`}>{copy.analytics.chartLabel}</title>
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.side}
              x2={WIDTH - PAD.side}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-sand-deep"
              strokeWidth="1"
            />
            <text
              x={axisX}
              y={y(tick)}
              dominantBaseline="middle"
              textAnchor={dir === "rtl" ? "start" : "end"}
              className="fill-ink-soft text-[11px]"
            >
              {formatNumber(tick, lang)}
            </text>
          </g>
        ))}
        {data.map((day, index) => (
          <rect
            key={day.date}
            x={x(index)}
            y={y(day.count)}
            width={barWidth}
            height={Math.max(0, PAD.top + plotHeight - y(day.count))}
            rx="2"
            className="fill-accent-ink"
          >
            <title>{`${longDay(day.date)}: ${formatNumber(day.count, lang)}`}</title>
          </rect>
        ))}
        {data.map((day, index) =>
          // A label each week, counted back from today (which is always labelled).
          (data.length - 1 - index) % 7 === 0 ? (
            <text
              key={day.date}
              x={x(index) + barWidth / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-ink-soft text-[11px]"
            >
              {shortDay(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <table className="sr-only">
        <caption>{copy.analytics.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.analytics.day}</th>
            <th scope="col">{copy.analytics.signUps}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{longDay(day.date)}</th>
              <td>{formatNumber(day.count, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
