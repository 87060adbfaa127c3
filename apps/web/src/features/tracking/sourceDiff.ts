import type { TrackedCaptainDto } from '@taxi/shared';
import type { Feature } from 'geojson';
import {
  type Glide,
  glideAt,
  glideDuration,
  headingOf,
  type LonLat,
  lerpAngle,
  MAX_GLIDE_FLEET,
  MAX_GLIDING,
  normaliseDegrees,
} from './motion';

/** What a captain's label says on the map (hover and street zoom): "name · plate". */
export function captainLabel(c: Pick<TrackedCaptainDto, 'name' | 'car_number'>): string {
  return c.car_number ? `${c.name} · ${c.car_number}` : c.name;
}

/** Heading as a feature property: degrees, or -1 when unknown (the arrow is then not drawn). */
const headingValue = (heading: number | null) => (heading === null ? -1 : Math.round(heading));

/** A captain as a map feature: its id is the captain's (the source's diffs address features by id). */
export function captainFeature(c: TrackedCaptainDto, heading: number | null = null, at?: LonLat): Feature {
  return {
    type: 'Feature',
    id: c.captain_id,
    geometry: { type: 'Point', coordinates: at ?? [c.lon, c.lat] },
    properties: { id: c.captain_id, state: c.state, heading: headingValue(heading), label: captainLabel(c) },
  };
}

type Property = { key: string; value: unknown };

/** The shape of MapLibre's GeoJSONSourceDiff that the tracking map sends. */
export interface CaptainSourceDiff {
  add: Feature[];
  update: {
    id: number;
    newGeometry?: { type: 'Point'; coordinates: [number, number] };
    addOrUpdateProperties?: Property[];
  }[];
  remove: number[];
}

interface Track {
  /** Where the captain is drawn now. */
  position: LonLat;
  glide: Glide | null;
  heading: number | null;
  /** Heading drawn now (turns are eased with the glide). */
  drawnHeading: number | null;
  headingFrom: number | null;
  /** Time of the last report (ms), for the next glide's duration. */
  at: number | null;
  /** Properties last sent (only changes are sent again). */
  state: string;
  label: string;
}

/**
 * The captains as drawn: each report starts a glide from where the captain is drawn to where it is
 * reported, over the time between its reports; `frame` gives the positions in between. Reports without
 * a heading get the bearing of the move. Pure (no MapLibre), so the layer stays thin and this is tested.
 */
export class CaptainMotion {
  readonly tracks = new Map<number, Track>();
  private readonly gliding = new Set<number>();

  constructor(private readonly reducedMotion: () => boolean = () => false) {}

  get glidingCount(): number {
    return this.gliding.size;
  }

  /** Where a captain is drawn now (null when not drawn). */
  positionOf(id: number): LonLat | null {
    return this.tracks.get(id)?.position ?? null;
  }

  headingOf(id: number): number | null {
    return this.tracks.get(id)?.drawnHeading ?? null;
  }

  /** The drawn captain as a feature (the selected captain's own source). */
  featureOf(c: TrackedCaptainDto): Feature {
    const track = this.tracks.get(c.captain_id);
    return captainFeature(c, track?.drawnHeading ?? null, track?.position);
  }

  /**
   * Takes the captains changed since the last call (null: all of them, e.g. after a refetch) and returns
   * the source diff: new ones added where reported, gone ones removed, known ones get their properties and,
   * when they jump rather than glide, their position.
   */
  apply(captains: ReadonlyMap<number, TrackedCaptainDto>, changed: Iterable<number> | null, now: number) {
    const diff: CaptainSourceDiff = { add: [], update: [], remove: [] };
    const ids = changed ?? new Set([...captains.keys(), ...this.tracks.keys()]);
    // Reduced motion, or a fleet too large to glide: reports are jumps.
    const reduced = this.reducedMotion() || captains.size > MAX_GLIDE_FLEET;
    for (const id of ids) {
      const c = captains.get(id);
      const track = this.tracks.get(id);
      if (!c) {
        if (track) {
          this.tracks.delete(id);
          this.gliding.delete(id);
          diff.remove.push(id);
        }
        continue;
      }
      const to: LonLat = [c.lon, c.lat];
      const at = Date.parse(c.at);
      if (!track) {
        const heading = headingOf(null, to, c.heading, null);
        this.tracks.set(id, {
          position: to,
          glide: null,
          heading,
          drawnHeading: heading,
          headingFrom: heading,
          at: Number.isFinite(at) ? at : null,
          state: c.state,
          label: captainLabel(c),
        });
        diff.add.push(captainFeature(c, heading));
        continue;
      }
      const target = track.glide?.to ?? track.position;
      const heading = headingOf(target, to, c.heading, track.heading);
      const duration = glideDuration(track.position, to, track.at, at, reduced);
      track.heading = heading;
      track.headingFrom = track.drawnHeading ?? heading;
      track.at = Number.isFinite(at) ? at : track.at;
      // Only what changed crosses to the map's worker (5,000 captains report every second or two).
      const properties: Property[] = [];
      if (track.state !== c.state) properties.push({ key: 'state', value: c.state });
      const label = captainLabel(c);
      if (track.label !== label) properties.push({ key: 'label', value: label });
      track.state = c.state;
      track.label = label;
      if (duration > 0) {
        track.glide = { from: track.position, to, start: now, duration };
        this.gliding.add(id);
        if (properties.length) diff.update.push({ id, addOrUpdateProperties: properties });
      } else {
        track.glide = null;
        track.position = to;
        track.drawnHeading = heading;
        this.gliding.delete(id);
        properties.push({ key: 'heading', value: headingValue(heading) });
        diff.update.push({ id, newGeometry: { type: 'Point', coordinates: to }, addOrUpdateProperties: properties });
      }
    }
    return diff;
  }

  /**
   * Moves the gliding captains to where they are at `now`. Captains out of view (`inView` false) and those
   * past MAX_GLIDING jump to their report: the work per frame stays bounded whatever the fleet.
   */
  frame(now: number, inView: (p: LonLat) => boolean = () => true): CaptainSourceDiff['update'] {
    const updates: CaptainSourceDiff['update'] = [];
    let budget = MAX_GLIDING;
    for (const id of this.gliding) {
      const track = this.tracks.get(id);
      const glide = track?.glide;
      if (!track || !glide) {
        this.gliding.delete(id);
        continue;
      }
      let { position, done } = glideAt(glide, now);
      if (!done) {
        if (budget <= 0 || (!inView(glide.from) && !inView(glide.to))) {
          position = glide.to;
          done = true;
        } else budget--;
      }
      track.position = position;
      const t = done ? 1 : Math.min(1, (now - glide.start) / glide.duration);
      const heading =
        track.heading === null
          ? null
          : track.headingFrom === null
            ? track.heading
            : normaliseDegrees(Math.round(lerpAngle(track.headingFrom, track.heading, Math.min(1, t * 3))));
      track.drawnHeading = heading;
      if (done) {
        track.glide = null;
        track.drawnHeading = track.heading;
        this.gliding.delete(id);
      }
      updates.push({
        id,
        newGeometry: { type: 'Point', coordinates: position },
        addOrUpdateProperties: [{ key: 'heading', value: headingValue(track.drawnHeading) }],
      });
    }
    return updates;
  }
}
