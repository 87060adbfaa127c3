import { haversine, type LonLat } from '@taxi/shared/geo';

/**
 * A route driven along its time profile: each street at its own speed (from the street graph), scaled by
 * the driver's pace. Where the car is after some seconds of driving, its heading and current speed.
 */
export class DrivePath {
  private readonly cumulative: number[];
  private readonly times: number[];
  readonly metres: number;
  /** Seconds of driving so far. */
  elapsed = 0;
  /** Metres per second on the current segment (0 before the first move). */
  speed = 0;

  constructor(
    readonly points: LonLat[],
    /** Seconds from the start at each point (Route.times). */
    times: readonly number[],
    /** 1 = the streets' speeds; 1.1 = a driver 10 % faster. */
    pace = 1,
  ) {
    this.cumulative = [0];
    for (let i = 1; i < points.length; i++) {
      this.cumulative.push(this.cumulative[i - 1] + haversine(points[i - 1], points[i]));
    }
    this.metres = this.cumulative[this.cumulative.length - 1] ?? 0;
    this.times = times.length === points.length ? times.map((t) => t / pace) : this.cumulative.map((m) => m / 8);
  }

  get seconds(): number {
    return this.times[this.times.length - 1] ?? 0;
  }

  get done(): boolean {
    return this.elapsed >= this.seconds;
  }

  /** Drives on for `seconds`; returns the position and heading (degrees from north). */
  advance(seconds: number): { at: LonLat; heading: number | null } {
    this.elapsed = Math.min(this.seconds, this.elapsed + seconds);
    return this.position();
  }

  position(): { at: LonLat; heading: number | null } {
    const pts = this.points;
    if (pts.length < 2) return { at: pts[0], heading: null };
    let i = 1;
    while (i < pts.length - 1 && this.times[i] < this.elapsed) i++;
    const span = this.times[i] - this.times[i - 1];
    const f = span > 0 ? Math.min(1, Math.max(0, (this.elapsed - this.times[i - 1]) / span)) : 1;
    const metres = this.cumulative[i] - this.cumulative[i - 1];
    this.speed = span > 0 ? metres / span : 0;
    const [a, b] = [pts[i - 1], pts[i]];
    const at: LonLat = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    const dy = b[1] - a[1];
    const dx = (b[0] - a[0]) * Math.cos((a[1] * Math.PI) / 180);
    const heading = dx === 0 && dy === 0 ? null : ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    return { at, heading };
  }
}
