/** Number of unread conversation messages for the toolbar dot. The messages feature replaces this body
 * with its poll (every UNREAD_POLL_MS over UNREAD_POLL_PAGES pages); until then there is nothing unread. */
export function useUnreadMessagesCount(): number {
  return 0;
}
