/**
 * What a toolbar badge shows for a count: the button's accessible name must hold that same text (axe:
 * label-content-name-mismatch), so the name is built from it and never from the raw count.
 */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
