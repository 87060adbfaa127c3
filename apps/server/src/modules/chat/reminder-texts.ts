/**
 * What the captain app and the passenger receive when the console reminds them (bookings.md §7). They are
 * messages to people outside the console, stored as written (the apps show them as they are).
 */
export const REMINDER_TEXT = {
  pending: (id: number) =>
    `Your order #${id} is still waiting for a driver. We are on it; reply here if you no longer need it.`,
  dispatched: (id: number) => `Reminder: order #${id} is due now. Please confirm you are on your way to the pickup.`,
};
