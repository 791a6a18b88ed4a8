import { site } from '../config/site';

/** React hoists this into <head>, so every page announces its own title. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${site.name}` : `${site.name} | Medical School Tutoring`}</title>;
}
