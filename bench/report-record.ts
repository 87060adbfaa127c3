/**
 * One captain's position report as the capacity benchmark's load generator sends it to a node over UDP (many
 * to a datagram): id int32, lon f64, lat f64, heading u16, speed u16, report time f64 (ms), little-endian.
 */
export const REPORT_BYTES = 32;

export interface Report {
  id: number;
  lon: number;
  lat: number;
  heading: number;
  speed: number;
  at: number;
}

export function writeReport(b: Buffer, o: number, r: Report): void {
  b.writeInt32LE(r.id, o);
  b.writeDoubleLE(r.lon, o + 4);
  b.writeDoubleLE(r.lat, o + 12);
  b.writeUInt16LE(r.heading, o + 20);
  b.writeUInt16LE(r.speed, o + 22);
  b.writeDoubleLE(r.at, o + 24);
}

export function readReport(b: Buffer, o: number): Report {
  return {
    id: b.readInt32LE(o),
    lon: b.readDoubleLE(o + 4),
    lat: b.readDoubleLE(o + 12),
    heading: b.readUInt16LE(o + 20),
    speed: b.readUInt16LE(o + 22),
    at: b.readDoubleLE(o + 24),
  };
}
