import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>(['../src/**/*.tsx'], { query: '?raw', import: 'default', eager: true });

/**
 * MUI dropped system props: `<Typography color="text.secondary">` or `<Box color="…">` render in the
 * inherited colour without a word. Typography takes palette keys (`textSecondary`, `success`); anything
 * else goes through `sx`.
 */
const DOTTED_COLOR = /<(Typography|Box)\b[^>]*\scolor=(\{[^}]*'[a-z]+\.[a-zA-Z0-9]+'[^}]*\}|"[a-z]+\.[a-zA-Z0-9]+")/;
const BOX_COLOR = /<Box\b[^>]*\scolor=/;

describe('colours of text', () => {
  it('no Typography or Box is given a palette path as a prop', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([, text]) => DOTTED_COLOR.test(text) || BOX_COLOR.test(text))
      .map(([file]) => file.replace(/^\.\.\/src\//, ''));
    expect(offenders).toEqual([]);
  });

  it('the rule sees the mistake it guards against', () => {
    expect(DOTTED_COLOR.test('<Typography variant="body2" color="text.secondary">')).toBe(true);
    expect(DOTTED_COLOR.test("<Typography color={late ? 'error.main' : 'text.secondary'}>")).toBe(true);
    expect(BOX_COLOR.test('<Box color="text.secondary">')).toBe(true);
    expect(DOTTED_COLOR.test('<Typography color="textSecondary">')).toBe(false);
  });
});
