/** The loopback addresses a local client has (IPv4, IPv6, IPv4-mapped IPv6). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isLoopback = (ip: string | undefined): boolean => ip !== undefined && LOOPBACK.has(ip);
