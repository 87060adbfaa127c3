import { describe, expect, it } from 'vitest';
import { attachmentName, CsvRecordCounter, readCsvBody } from '../src/components/csvStream';

const HEADER = '\uFEFFID,Name,Note\r\n';
const ROWS = ['1,Ann,plain\r\n', '2,"Bob, Jr.","two\r\nlines"\r\n', '3,"say ""hi""","a\nb"\r\n', '4,Éa,مرحبا\r\n'];

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

describe('CSV record counter', () => {
  it('counts records, not line feeds inside quoted cells', () => {
    const counter = new CsvRecordCounter();
    counter.push(HEADER + ROWS.join(''));
    expect(counter.records).toBe(5);
    expect(counter.rows).toBe(4);
  });

  it('gives the same count whatever the chunk edges (inside quotes, between CR and LF)', () => {
    const text = HEADER + ROWS.join('');
    for (let size = 1; size <= 7; size++) {
      const counter = new CsvRecordCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.rows, `chunks of ${size}`).toBe(4);
    }
  });

  it('counts no row for a header alone or an empty body', () => {
    const counter = new CsvRecordCounter();
    expect(counter.rows).toBe(0);
    counter.push(HEADER);
    expect(counter.rows).toBe(0);
  });
});

describe('readCsvBody', () => {
  it('keeps every byte, counts rows across multi-byte characters split between chunks, reports progress', async () => {
    const bytes = new TextEncoder().encode(HEADER + ROWS.join(''));
    // split every 3 bytes: É and the Arabic letters (2 bytes each) and the BOM (3 bytes) straddle edges
    const parts: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 3) parts.push(bytes.slice(i, i + 3));
    const seen: number[] = [];
    const { chunks, rows } = await readCsvBody(streamOf(parts), 4, (p) => seen.push(p.rows));
    expect(rows).toBe(4);
    expect(seen.at(-1)).toBe(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      joined.set(c, at);
      at += c.length;
    }
    expect(joined).toEqual(bytes);
  });

  it('rejects when the stream errors (a cancelled export)', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(HEADER));
        controller.error(new DOMException('aborted', 'AbortError'));
      },
    });
    await expect(readCsvBody(body, 10, () => {})).rejects.toThrow('aborted');
  });
});

describe('attachmentName', () => {
  it('reads the file name of Content-Disposition', () => {
    expect(attachmentName('attachment; filename="passengers-2026-11-23.csv"', 'x.csv')).toBe(
      'passengers-2026-11-23.csv',
    );
    expect(attachmentName("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'x.csv')).toBe('résumé.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
