import { CLIENT_EVENT_POLICY, CLIENT_EVENTS, DB_ID_MAX } from '@taxi/shared';
import type { RealtimeServer, RealtimeSocket } from './index';

const PREFIX = 'follow:captain:';
/** A captain id as a client sent it, or null (a number, not a numeric string: the console sends numbers). */
const captainIdOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= DB_ID_MAX ? value : null;
/** The room of the sockets that follow one captain's position (the ride page's live tracking). */
export const followRoom = (captainId: number) => `${PREFIX}${captainId}`;
/** How many captains one socket may follow at once (a ride page follows one). */
export const MAX_FOLLOWED = 20;

/**
 * Following a captain: a console whose role may read one captain's position (GET captain/{id}/location) but not
 * the whole fleet asks for that captain's reports only. The follow rooms this node's sockets are in are counted
 * from the adapter's own room events, so the positions' fan-out looks only at followed captains.
 */
export function followers(io: RealtimeServer) {
  const captains = new Set<number>();
  const adapter = io.of('/').adapter;
  const idOf = (room: unknown) =>
    typeof room === 'string' && room.startsWith(PREFIX) ? Number(room.slice(PREFIX.length)) : null;
  adapter.on('create-room', (room: unknown) => {
    const id = idOf(room);
    if (id !== null) captains.add(id);
  });
  adapter.on('delete-room', (room: unknown) => {
    const id = idOf(room);
    if (id !== null) captains.delete(id);
  });

  const followed = (socket: RealtimeSocket) => [...socket.rooms].filter((room) => room.startsWith(PREFIX)).length;
  const allowed = (socket: RealtimeSocket) =>
    CLIENT_EVENT_POLICY[CLIENT_EVENTS.followCaptain].rule.allows(socket.data.user);

  return {
    captains: captains as ReadonlySet<number>,
    listen(socket: RealtimeSocket) {
      socket.on(CLIENT_EVENTS.followCaptain, (payload, ack) => {
        const id = captainIdOf((payload as { captain_id?: unknown } | undefined)?.captain_id);
        const ok = id !== null && allowed(socket) && followed(socket) < MAX_FOLLOWED;
        if (ok) socket.join(followRoom(id));
        if (typeof ack === 'function') ack({ ok });
      });
      socket.on(CLIENT_EVENTS.unfollowCaptain, (payload) => {
        const id = captainIdOf((payload as { captain_id?: unknown } | undefined)?.captain_id);
        if (id !== null) socket.leave(followRoom(id));
      });
    },
  };
}
