import type { ComponentType } from 'react';
import { InstagramIcon, LinkedinIcon, TikTokIcon, WhatsAppIcon } from '@medtutor/web-kit/ui';

export interface SocialLink {
  label: string;
  url: string;
  Icon: ComponentType;
}

/**
 * The business's profiles come from build-time variables (`PUBLIC_*_URL`), so no guessed address is
 * ever published; a link without a configured https URL is left out.
 */
const candidates: { label: string; url: string | undefined; Icon: ComponentType }[] = [
  { label: 'WhatsApp', url: import.meta.env.PUBLIC_WHATSAPP_URL, Icon: WhatsAppIcon },
  { label: 'Instagram', url: import.meta.env.PUBLIC_INSTAGRAM_URL, Icon: InstagramIcon },
  { label: 'TikTok', url: import.meta.env.PUBLIC_TIKTOK_URL, Icon: TikTokIcon },
  { label: 'LinkedIn', url: import.meta.env.PUBLIC_LINKEDIN_URL, Icon: LinkedinIcon },
];

export const socialLinks: SocialLink[] = candidates.filter(
  (link): link is SocialLink => typeof link.url === 'string' && link.url.startsWith('https://'),
);
