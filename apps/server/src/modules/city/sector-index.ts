import { type BBox, bbox, bboxContains, distanceToPolygon, type LonLat, pointInPolygon } from '@taxi/shared/geo';
import type { SectorRecord } from './types';

export interface SectorHit<T> {
  sector: T;
  /** 0 when the point lies inside the sector, else metres to its boundary. */
  metres: number;
  inside: boolean;
}

/** Which sector (quarter) contains a point; the nearest one when the point is outside all of them. */
export class SectorIndex<T extends Pick<SectorRecord, 'name' | 'geometry'> = SectorRecord> {
  private readonly entries: { sector: T; box: BBox }[];

  constructor(sectors: readonly T[]) {
    this.entries = sectors.map((sector) => ({ sector, box: bbox(sector.geometry) }));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The sector containing the point, or null. */
  containing(p: LonLat): T | null {
    for (const { sector, box } of this.entries)
      if (bboxContains(box, p) && pointInPolygon(p, sector.geometry)) return sector;
    return null;
  }

  /**
   * The containing sector, else the nearest within maxMetres (default: any distance). Null when there are no
   * sectors or none is close enough.
   */
  lookup(p: LonLat, maxMetres = Number.POSITIVE_INFINITY): SectorHit<T> | null {
    const inside = this.containing(p);
    if (inside) return { sector: inside, metres: 0, inside: true };
    let best: SectorHit<T> | null = null;
    for (const { sector } of this.entries) {
      const metres = distanceToPolygon(p, sector.geometry);
      if (metres <= maxMetres && (!best || metres < best.metres)) best = { sector, metres, inside: false };
    }
    return best;
  }
}
