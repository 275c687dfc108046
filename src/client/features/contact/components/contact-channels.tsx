import type { ReactNode } from "react";
import {
  iconBase,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  TikTokIcon,
  type IconProps,
} from "#client/components/ui/icons.tsx";
import { siteConfig } from "#client/lib/site-config.ts";
import type { ContactCopy } from "../copy.ts";

const WhatsAppIcon = (p: IconProps) => (
  <svg {...iconBase} {...p}>
    <path d="M4 20l1.3-3.9A8.5 8.5 0 1 1 8 19z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2z" />
  </svg>
);

type Channel = { key: string; href: string; label: string; icon: ReactNode; value?: string; external: boolean };

/**
 * The studio's direct channels (spec §2 Contact): Instagram, TikTok, a WhatsApp chat and a phone
 * call, plus e-mail, all from the build's configuration. Numbers and addresses read left to right.
 */
export function ContactChannels({ copy }: { copy: ContactCopy }) {
  const channels: Channel[] = [
    {
      key: "instagram",
      href: siteConfig.INSTAGRAM_URL,
      label: copy.channels.instagram,
      icon: <InstagramIcon />,
      external: true,
    },
    { key: "tiktok", href: siteConfig.TIKTOK_URL, label: copy.channels.tiktok, icon: <TikTokIcon />, external: true },
    {
      key: "whatsapp",
      href: `https://wa.me/${siteConfig.WHATSAPP_NUMBER}`,
      label: copy.channels.whatsapp,
      icon: <WhatsAppIcon />,
      external: true,
    },
    {
      key: "phone",
      href: `tel:${siteConfig.STUDIO_PHONE.replace(/\s+/g, "")}`,
      label: copy.channels.call,
      icon: <PhoneIcon />,
      value: siteConfig.STUDIO_PHONE,
      external: false,
    },
    {
      key: "email",
      href: `mailto:${siteConfig.STUDIO_EMAIL}`,
      label: copy.channels.email,
      icon: <MailIcon />,
      value: siteConfig.STUDIO_EMAIL,
      external: false,
    },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {channels.map((channel) => (
        <li key={channel.key}>
          <a
            href={channel.href}
            {...(channel.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="flex min-h-14 items-center gap-3 rounded-2xl border border-sand-deep bg-white/60 px-4 py-3 transition-colors hover:border-walnut"
            data-testid={`contact-${channel.key}`}
          >
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sand-deep text-walnut">
              {channel.icon}
            </span>
            <span className="grid">
              <span className="font-medium">{channel.label}</span>
              {channel.value ? (
                <bdi dir="ltr" className="text-sm text-ink-soft">
                  {channel.value}
                </bdi>
              ) : null}
            </span>
            {channel.external ? <span className="sr-only"> {copy.channels.newTab}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
