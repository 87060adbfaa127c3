import { useQueryClient } from '@tanstack/react-query';
import {
  type BookingDto,
  type CaptainLocationPayload,
  CLIENT_EVENTS,
  EVENTS,
  locationAt,
  readLocationBatches,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { getSocket, useSocketEvent, useSocketStatus } from '../../api/socket';
import { rideKeys, useCaptainLocation } from './api';

/**
 * A realtime status update of this booking reloads its status history (bookings.md §4); the booking itself
 * (status, captain and car, ride id) is merged by the shell's booking events.
 */
export function useRideStatusUpdates(bookingId: number): void {
  const qc = useQueryClient();
  useSocketEvent(EVENTS.bookingStatusUpdate, (payload: BookingDto) => {
    if (payload.id !== bookingId) return;
    void qc.invalidateQueries({ queryKey: rideKeys.statuses(bookingId) });
  });
}

/**
 * Follows the captain's position over the socket while live tracking is on: a role that reads one captain's
 * position but not the tracking map gets this captain's reports only (the server sends the whole fleet to the
 * map's readers alone). Asked again on every connection, since a new socket follows nothing.
 */
function useFollowCaptain(captainId: number | null, live: boolean): void {
  const connected = useSocketStatus() === 'connected';
  useEffect(() => {
    const socket = getSocket();
    if (!live || !captainId || !connected || !socket) return;
    socket.emit(CLIENT_EVENTS.followCaptain, { captain_id: captainId });
    return () => {
      socket.emit(CLIENT_EVENTS.unfollowCaptain, { captain_id: captainId });
    };
  }, [captainId, live, connected]);
}

/** The captain's position while live tracking is on: the last known one, then each batched report. */
export function useLiveCaptain(captainId: number | null, live: boolean): CaptainLocationPayload | null {
  const initial = useCaptainLocation(captainId, live);
  useFollowCaptain(captainId, live);
  // Reports of a previous captain (after a reassignment) are dropped by keying them on the captain.
  const [latest, setLatest] = useState<CaptainLocationPayload | null>(null);
  useSocketEvent(EVENTS.captainLocationUpdated, (bytes) => {
    if (!live || !captainId) return;
    // Each segment holds a captain once; a later segment's entry is the newer.
    for (const batch of readLocationBatches(bytes)) {
      const i = batch.id.indexOf(captainId);
      if (i >= 0) setLatest(locationAt(batch, i));
    }
  });
  if (!live || !captainId) return null;
  return (latest?.captain_id === captainId ? latest : null) ?? initial.data ?? null;
}
