/** Joins the truthy class names, so components can add modifiers conditionally. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');
