import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

const require = createRequire(import.meta.url);
const bidi = bidiFactory();

/**
 * Arabic glyphs for the PDF: Noto Sans Arabic's Arabic subset (the web console's own font files). Its Latin
 * letters, digits and punctuation are drawn in the standard Helvetica beside it.
 */
export const ARABIC_FONTS = {
  regular: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff'),
};

/** The letters the Arabic font draws (the Arabic blocks and presentation forms). */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export const hasArabic = (text: string) => ARABIC.test(text);

/** A piece of a line drawn with one font: in logical order (the font engine shapes and reverses Arabic itself). */
export interface Piece {
  text: string;
  arabic: boolean;
}

/**
 * One line as pieces in visual order, left to right (Unicode's bidi algorithm
 * through bidi-js): runs of one embedding level, reordered by rule L2; an Arabic run's letters stay in logical
 * order for the shaper, a left-to-right run (a number, a Latin name) reads left to right.
 */
export function visualPieces(line: string): Piece[] {
  if (!line) return [];
  // The line's own direction, from its first strong letter (as HTML's dir="auto"): an Arabic label reads right to
  // left, an address typed in French left to right, even on an Arabic page.
  const { levels } = bidi.getEmbeddingLevels(line);
  // Runs of one level, in logical order.
  const runs: { text: string; level: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += line[i];
    else runs.push({ text: line[i], level: levels[i] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  // Each run split by font; a right-to-left run's pieces are laid right to left.
  const pieces: Piece[] = [];
  for (const run of runs) {
    const split: Piece[] = [];
    for (const c of run.text) {
      // Direction marks (Intl's Arabic amounts hold some) order the text; they are not drawn.
      if (BIDI_MARKS.test(c)) continue;
      const arabic = ARABIC.test(c);
      const last = split[split.length - 1];
      if (last && last.arabic === arabic) last.text += c;
      else split.push({ text: c, arabic });
    }
    if (run.level % 2 === 1) {
      split.reverse();
      // A neutral drawn in a right-to-left run shows its mirror: "(" reads ")".
      for (const p of split) if (!p.arabic) p.text = [...p.text].reverse().map(mirror).join('');
    }
    pieces.push(...split);
  }
  return pieces;
}

const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const mirror = (c: string) => bidi.getMirroredCharacter(c) ?? c;

/** How wide a piece is drawn, in points (the writer knows the fonts). */
export type Measure = (piece: Piece) => number;

/** The width of a line drawn as pieces. */
export const lineWidth = (line: string, measure: Measure) => visualPieces(line).reduce((sum, p) => sum + measure(p), 0);

/**
 * A paragraph broken into lines no wider than `width`, at spaces (a word wider than the line is cut by
 * characters), measured as drawn.
 */
export function wrapLines(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || lineWidth(candidate, measure) <= width) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = word;
    }
    // A single word longer than the line: cut where it no longer fits.
    while (line && lineWidth(line, measure) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && lineWidth(line.slice(0, cut), measure) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
    lines.push(line);
  }
  return lines;
}
