import { haversine, type LonLat } from '@taxi/shared/geo';

/** A polyline driven at a constant speed: where the car is after a number of metres. */
export class DrivePath {
  private readonly cumulative: number[];
  readonly metres: number;
  travelled = 0;

  constructor(
    readonly points: LonLat[],
    /** Metres per second (the route's street speeds averaged over its length). */
    readonly speed: number,
  ) {
    this.cumulative = [0];
    for (let i = 1; i < points.length; i++) {
      this.cumulative.push(this.cumulative[i - 1] + haversine(points[i - 1], points[i]));
    }
    this.metres = this.cumulative[this.cumulative.length - 1] ?? 0;
  }

  get done(): boolean {
    return this.travelled >= this.metres;
  }

  /** Moves on by `seconds` of driving; returns the position and heading (degrees from north). */
  advance(seconds: number): { at: LonLat; heading: number | null } {
    this.travelled = Math.min(this.metres, this.travelled + this.speed * seconds);
    return this.position();
  }

  position(): { at: LonLat; heading: number | null } {
    const pts = this.points;
    if (pts.length < 2) return { at: pts[0], heading: null };
    let i = 1;
    while (i < pts.length - 1 && this.cumulative[i] < this.travelled) i++;
    const segment = this.cumulative[i] - this.cumulative[i - 1];
    const f = segment > 0 ? Math.min(1, Math.max(0, (this.travelled - this.cumulative[i - 1]) / segment)) : 1;
    const [a, b] = [pts[i - 1], pts[i]];
    const at: LonLat = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    const dy = b[1] - a[1];
    const dx = (b[0] - a[0]) * Math.cos((a[1] * Math.PI) / 180);
    const heading = dx === 0 && dy === 0 ? null : ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    return { at, heading };
  }
}
