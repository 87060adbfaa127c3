#!/usr/bin/env node
// The package registry this project installs from carries only the Linux builds of Biome's platform
// binaries, so `npm install` writes a lockfile without the others, and `npm ci` then refuses that
// lockfile as out of sync. This adds the missing entries, restricted to their os/cpu so that no machine
// ever fetches one it cannot use. Idempotent; run after `npm install` (and .ci/run runs it before npm ci).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  if (!key.endsWith('node_modules/@biomejs/biome')) continue;
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${key.slice(0, -'@biomejs/biome'.length)}${dep}`;
    if (packages[target]) continue;
    const match = /cli-(\w+)-(arm64|x64)(-musl)?$/.exec(dep);
    if (!match) continue;
    packages[target] = {
      version,
      cpu: [match[2]],
      dev: true,
      license: 'MIT OR Apache-2.0',
      optional: true,
      os: [match[1]],
      ...(match[3] ? { libc: ['musl'] } : {}),
      engines: { node: '>=14.21.3' },
    };
    added++;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`fix-lockfile: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
