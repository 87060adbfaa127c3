#!/usr/bin/env node
// Merges translation fragments into the catalogues: `node scripts/i18n-add.mjs a.fr.json b.ar.json`.
// A fragment is a flat {"English source": "translation"} object; its language is the name's suffix.
// Entries of the fragment replace the catalogue's; keys stay sorted so diffs are readable.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../packages/shared/src/i18n/locales');

for (const file of process.argv.slice(2)) {
  const language = /\.(fr|ar)\.json$/.exec(file)?.[1];
  if (!language) throw new Error(`${file}: the name must end in .fr.json or .ar.json`);
  const fragment = JSON.parse(readFileSync(file, 'utf8'));
  const target = join(locales, `${language}.json`);
  const catalogue = { ...JSON.parse(readFileSync(target, 'utf8')), ...fragment };
  const sorted = Object.fromEntries(
    Object.keys(catalogue)
      .sort()
      .map((k) => [k, catalogue[k]]),
  );
  writeFileSync(`${target}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${target}.tmp`, target);
  console.log(`${target}: ${Object.keys(fragment).length} entries merged, ${Object.keys(sorted).length} in all`);
}
