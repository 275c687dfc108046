import { iconBase, type IconProps } from "#client/components/ui/icons.tsx";

const base = iconBase;

export const CartIcon = (p: IconProps) => (
  <svg {...base} {...p}>
    <path d="M3 4h2l2.4 11h10.2L20 8H6.3" />
    <circle cx="9.5" cy="19" r="1.3" />
    <circle cx="16.5" cy="19" r="1.3" />
  </svg>
);
export const ZoomIcon = (p: IconProps & { minus?: boolean }) => {
  const { minus, ...rest } = p;
  return (
    <svg {...base} {...rest}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5M8 11h6" />
      {minus ? null : <path d="M11 8v6" />}
    </svg>
  );
};
export const InfoIcon = (p: IconProps) => (
  <svg {...base} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </svg>
);
export const ResetIcon = (p: IconProps) => (
  <svg {...base} {...p}>
    <path d="M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4" />
  </svg>
);
