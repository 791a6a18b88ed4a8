// The areas of check:copies (scripts/check-copies.mjs): which part of the repository a file belongs
// to, and which copies between two areas fail the check. A module of its own, without the script's
// top-level await, so jest's CommonJS projects can load it.

/** Where a file belongs: `service:<name>`, `gateway`, `frontend:<name>[/feature:<name>]`, or another top folder. */
export function areaOf(file) {
  const [top, name, ...rest] = file.split(/[\\/]/);
  if (top === 'services') return { kind: 'service', name };
  if (top === 'gateway') return { kind: 'gateway', name: 'gateway' };
  if (top === 'frontends') {
    const feature = rest[0] === 'src' && rest[1] === 'features' && rest.length > 3 ? rest[2] : undefined;
    return { kind: 'frontend', name, feature };
  }
  return { kind: top, name };
}

const label = (area) =>
  area.kind === 'gateway'
    ? 'gateway'
    : `${area.kind} ${area.name}${area.feature === undefined ? '' : ` (feature ${area.feature})`}`;

/** Why a copy between these two files fails the check, or undefined when it is only reported. */
export function crossing(fileA, fileB) {
  const a = areaOf(fileA);
  const b = areaOf(fileB);
  const backEnd = (area) => area.kind === 'service' || area.kind === 'gateway';
  if (backEnd(a) && backEnd(b) && (a.kind !== b.kind || a.name !== b.name)) return `${label(a)} and ${label(b)}`;
  if (a.kind === 'frontend' && b.kind === 'frontend') {
    if (a.name !== b.name) return `${label(a)} and ${label(b)}`;
    if (a.feature !== undefined && b.feature !== undefined && a.feature !== b.feature)
      return `${label(a)} and ${label(b)}`;
  }
  return undefined;
}
