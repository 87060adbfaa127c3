/** Cuts a text to `max` characters plus an ellipsis (shell.md §2.7: notification preview). */
export function truncate(text: string, max: number, full = false): string {
  if (full || text.length <= max) return text;
  return `${text.slice(0, max)}…`;
}
