import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client';
import { floatArray, intArray } from '../src/db/number-arrays';
import { testAppForFile } from './helpers';

const t = testAppForFile();

describe('number arrays as one SQL parameter', () => {
  it('gives the database every value exactly', async () => {
    const floats = [0.1 + 0.2, -73.98765432101234, 7.4246, 1e-7, 43.738400000000006, Date.UTC(2026, 10, 28, 9, 30), -0];
    const ints = [1, 200_000, -5, 2_147_483_647];
    const rows = await selectRows<{ f: number[]; i: number[] }>(
      t.db,
      sql`select ${floatArray(floats)} as f, ${intArray(ints)} as i`,
    );
    expect(rows[0].f.map(Number)).toEqual(floats.map((n) => n + 0));
    expect(rows[0].i.map(Number)).toEqual(ints);
  });

  it('makes the text of numbers without filling the old generation (String() and join() do)', () => {
    // In a process of its own with a large old generation, so no full collection runs while it measures: build the
    // write-behind's chunks (500 positions) 1,000 times both ways and read how much the old space grew.
    const script = `
      const { floatList } = await import(${JSON.stringify(path.resolve(__dirname, '../src/db/number-arrays.ts'))});
      const v8 = await import('node:v8');
      const old = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
      const values = Array.from({ length: 500 }, (_, i) => 7 + i / 997 + Math.random() / 1e6);
      const grew = (make) => {
        globalThis.gc();
        const before = old();
        let length = 0;
        for (let k = 0; k < 1000; k++) {
          for (let i = 0; i < values.length; i++) values[i] += 1e-9;
          length += make(values).length;
        }
        return old() - before;
      };
      const joined = grew((v) => '{' + v.join(',') + '}');
      const ours = grew(floatList);
      console.log(JSON.stringify({ joined, ours }));
    `;
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--initial-old-space-size=1024', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    const { joined, ours } = JSON.parse(out.trim().split('\n').pop() as string) as { joined: number; ours: number };
    // join(): about 500,000 cached strings straight into the old space (over 10 MB); ours: what a scavenge promotes.
    expect(joined).toBeGreaterThan(5_000_000);
    expect(ours).toBeLessThan(joined / 10);
  });
});
