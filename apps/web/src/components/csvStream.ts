/**
 * Reading a streamed CSV export (RFC 4180) in the browser: records are counted as the bytes arrive, for
 * the progress bar, and the bytes are kept for the file. No DOM here (unit-tested in node).
 */

/**
 * Counts CSV records across chunks: a line feed ends a record unless it is inside a quoted cell. A quote
 * toggles the quoted state ("" inside a cell toggles twice), so the state carries over chunk edges.
 */
export class CsvRecordCounter {
  private quoted = false;
  /** Records ended so far (the header row included). */
  records = 0;

  push(text: string): number {
    let quoted = this.quoted;
    let records = this.records;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    }
    this.quoted = quoted;
    this.records = records;
    return records;
  }

  /** Data rows ended so far (records less the header row). */
  get rows(): number {
    return Math.max(0, this.records - 1);
  }
}

export interface CsvProgress {
  rows: number;
  /** The server's X-Total-Count, null when it sent none. */
  total: number | null;
}

/**
 * Reads a response body to the end: every chunk is kept and counted, `onProgress` hears the rows read.
 * Rejects with the reader's error (an abort, a dropped connection).
 */
export async function readCsvBody(
  body: ReadableStream<Uint8Array>,
  total: number | null,
  onProgress: (progress: CsvProgress) => void,
): Promise<{ chunks: Uint8Array[]; rows: number }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const counter = new CsvRecordCounter();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    counter.push(decoder.decode(value, { stream: true }));
    onProgress({ rows: counter.rows, total });
  }
  counter.push(decoder.decode());
  return { chunks, rows: counter.rows };
}

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = header && /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}
