import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeResult } from './lib';

/**
 * Bundle suite: the JavaScript a browser must fetch before /login can render, i.e. the entry chunk of
 * apps/web/dist/index.html and everything it imports statically (the `<link rel="modulepreload">` tags
 * Vite writes, cross-checked by following the static `import` statements of the chunks). Sizes are gzip
 * (zlib level 9, as served precompressed) and brotli (quality 11). Target: < 200 KB gzip (200,000 bytes).
 * Runs `npm run build` first unless BENCH_BUNDLE_BUILD=0 (then it measures the dist as it is).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const TARGET_GZIP_BYTES = 200_000;

interface FileSize {
  file: string;
  bytes: number;
  gzip_bytes: number;
  brotli_bytes: number;
}

function sizeOf(file: string): FileSize {
  const body = readFileSync(path.join(DIST, file));
  return {
    file,
    bytes: body.length,
    gzip_bytes: gzipSync(body, { level: 9 }).length,
    brotli_bytes: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** `/assets/x.js` → `assets/x.js`. */
const local = (href: string) => href.replace(/^\//, '');

/** The chunks `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const out: string[] = [];
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
  )) {
    out.push(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return out;
}

/** The entry script and its static import closure, in index.html order first. */
export function initialJs(html: string): { entry: string; preloaded: string[]; closure: string[] } {
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module script in index.html');
  const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => local(m[1]));
  const seen = new Set<string>();
  const queue = [local(entry)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return { entry: local(entry), preloaded, closure: [...seen] };
}

export async function benchBundle(): Promise<void> {
  if (process.env.BENCH_BUNDLE_BUILD !== '0') {
    console.log('building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const indexFile = path.join(DIST, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run build`);
  const html = readFileSync(indexFile, 'utf8');
  const { entry, preloaded, closure } = initialJs(html);
  const files = [...new Set([entry, ...preloaded, ...closure])];
  const missingPreloads = closure.filter((f) => !preloaded.includes(f) && f !== entry);
  const sizes = files.map(sizeOf).sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  const sum = (key: 'bytes' | 'gzip_bytes' | 'brotli_bytes') => sizes.reduce((n, s) => n + s[key], 0);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => sizeOf(local(m[1])));
  const gzip = sum('gzip_bytes');
  const result = {
    page: '/login',
    measured_at: new Date().toISOString(),
    entry,
    chunks: sizes.length,
    initial_js_bytes: sum('bytes'),
    initial_js_gzip_bytes: gzip,
    initial_js_brotli_bytes: sum('brotli_bytes'),
    target_gzip_bytes: TARGET_GZIP_BYTES,
    target_met: gzip < TARGET_GZIP_BYTES,
    maplibre_in_initial_js: sizes.some((s) => /maplibre|MapView/i.test(s.file)),
    static_imports_not_preloaded: missingPreloads,
    initial_css_gzip_bytes: css.reduce((n, s) => n + s.gzip_bytes, 0),
    files: sizes,
    css,
  };
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  for (const s of sizes) console.log(`  ${s.file.padEnd(48)} ${kb(s.gzip_bytes).padStart(10)} gzip`);
  console.log(
    `initial JS of /login: ${sizes.length} chunks, ${kb(result.initial_js_bytes)} raw, ${kb(gzip)} gzip, ` +
      `${kb(result.initial_js_brotli_bytes)} brotli; target < ${kb(TARGET_GZIP_BYTES)} gzip met: ${result.target_met}`,
  );
  console.log(`written ${writeResult('bundle', result)}`);
}
