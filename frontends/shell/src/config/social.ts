import type { ComponentType } from 'react';
import { InstagramOutlined, LinkedinOutlined, TikTokOutlined, WhatsAppOutlined } from '@ant-design/icons';

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
  { label: 'WhatsApp', url: import.meta.env.PUBLIC_WHATSAPP_URL, Icon: WhatsAppOutlined },
  { label: 'Instagram', url: import.meta.env.PUBLIC_INSTAGRAM_URL, Icon: InstagramOutlined },
  { label: 'TikTok', url: import.meta.env.PUBLIC_TIKTOK_URL, Icon: TikTokOutlined },
  { label: 'LinkedIn', url: import.meta.env.PUBLIC_LINKEDIN_URL, Icon: LinkedinOutlined },
];

export const socialLinks: SocialLink[] = candidates.filter(
  (link): link is SocialLink => typeof link.url === 'string' && link.url.startsWith('https://'),
);
