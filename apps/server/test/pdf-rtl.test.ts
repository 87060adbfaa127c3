import { describe, expect, it } from 'vitest';
import { visualPieces, wrapLines } from '../src/modules/partners/pdf-rtl';

const drawn = (line: string) => visualPieces(line).map((p) => (p.arabic ? `[${p.text}]` : p.text));

describe('visualPieces: a line in the order it is drawn, left to right', () => {
  it('an Arabic sentence with numbers: words right to left, each number left to right', () => {
    expect(drawn('الصفحة 12 من 30')).toEqual(['30', ' ', '[من]', ' ', '12', ' ', '[الصفحة]']);
  });

  it('a Latin value keeps its own direction, even with a leading number', () => {
    expect(drawn('4 Avenue de la Madone')).toEqual(['4 Avenue de la Madone']);
    expect(drawn('Jean (room 12)')).toEqual(['Jean (room 12)']);
  });

  it('mirrors brackets in right-to-left text and drops direction marks', () => {
    expect(drawn('غرفة (12)')).toEqual(['(', '12', ') ', '[غرفة]']);
    // A right-to-left mark (as Intl puts before an Arabic amount) makes the line right to left, and is not drawn.
    expect(drawn('\u200f30.05\u00a0€')).toEqual(['€\u00a0', '30.05']);
  });
});

describe('wrapLines', () => {
  const measure = (p: { text: string }) => p.text.length;
  it('breaks at spaces within the width, and cuts a word longer than a line', () => {
    expect(wrapLines('one two three', 7, measure)).toEqual(['one two', 'three']);
    expect(wrapLines('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapLines('', 4, measure)).toEqual(['']);
  });
});
