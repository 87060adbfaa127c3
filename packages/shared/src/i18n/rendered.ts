import { interpolate, type Language, type TextVars } from './index';

export type Catalogue = Record<string, string>;

interface Compiled {
  exact: Map<string, string>;
  templates: { pattern: RegExp; names: string[]; target: string }[];
}

const compiled = new WeakMap<Catalogue, Compiled>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(catalogue: Catalogue): Compiled {
  const exact = new Map<string, string>();
  const templates: Compiled['templates'] = [];
  for (const [source, target] of Object.entries(catalogue)) {
    if (!target) continue;
    if (!source.includes('{{')) {
      exact.set(source, target);
      continue;
    }
    // A template whose own words are only glue ('{{start}} to {{end}}', '{{label}}: {{count}}') would match
    // any sentence holding that glue ("expected string to have…"): too generic to find a rendered text by.
    if (!/\p{L}{4,}/u.test(source.replace(/\{\{\s*\w+\s*\}\}/g, ' '))) continue;
    const names: string[] = [];
    const body = source
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    templates.push({ pattern: new RegExp(`^${body}$`, 's'), names, target });
  }
  // Longest templates first: the most specific wins when two could match.
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return { exact, templates };
}

/**
 * Translates a text that was already rendered in English ("Order #12 cancelled") by finding its source
 * in the catalogue, a plain key or a `{{var}}` template, and filling the translation with the same
 * values (each translated when it is a plain key itself: "Service changed to Full car" → "… Voiture entière").
 * What no key matches comes back unchanged. The server uses it on its answers' messages.
 */
export function translateRendered(catalogue: Catalogue | undefined, text: string): string {
  if (!catalogue || !text) return text;
  let entry = compiled.get(catalogue);
  if (!entry) {
    entry = compile(catalogue);
    compiled.set(catalogue, entry);
  }
  const direct = entry.exact.get(text);
  if (direct) return direct;
  for (const template of entry.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const vars: TextVars = {};
    // A value that is itself a text of the catalogue (a demo service's name, a status) reads in the language too.
    template.names.forEach((name, i) => {
      vars[name] = entry.exact.get(match[i + 1]) ?? match[i + 1];
    });
    return interpolate(template.target, vars);
  }
  return text;
}

export type { Language };
