import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** The stroke style every icon of the site shares; features spread it into their own icons. */
export const iconBase = {
  width: 20,
  height: 20,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

export const MenuIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const UserIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);
export const HeartIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);
/** Points toward the reading direction's end; give it `flip-rtl`. */
export const ArrowIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);
export const InstagramIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
  </svg>
);
export const TikTokIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.5 3 2.5 5 5.5 5.2" />
  </svg>
);
export const MailIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
export const PhoneIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </svg>
);
export const PinIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M12 21s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" />
    <circle cx="12" cy="9" r="2.5" />
  </svg>
);

/** The studio's eye mark: an almond eye whose pupil is a date pit. */
export const EyeMark = (p: IconProps) => (
  <svg width="36" height="36" viewBox="0 0 48 48" fill="none" aria-hidden="true" focusable="false" {...p}>
    <path
      d="M3 24c5.5-8.5 12.5-13 21-13s15.5 4.5 21 13c-5.5 8.5-12.5 13-21 13S8.5 32.5 3 24z"
      stroke="currentColor"
      strokeWidth="2.2"
    />
    <ellipse cx="24" cy="24" rx="4.6" ry="7.2" fill="currentColor" />
    <path d="M24 18.5v11" stroke="var(--color-sand)" strokeWidth="1" strokeLinecap="round" />
  </svg>
);
export const PlayIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
  </svg>
);
export const PauseIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M8 5v14M16 5v14" strokeWidth="2.4" />
  </svg>
);
