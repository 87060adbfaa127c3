/**
 * Where a server error `features.{i}.{field}` sits in the GeoJSON text of the editor: a small JSON parser
 * that keeps every value's offsets, and the mapping from an error key to a line and column range.
 * Pure (no Monaco): the editor turns the ranges into markers.
 */

export type JsonNode =
  | { kind: 'object'; start: number; end: number; props: { key: string; keyStart: number; value: JsonNode }[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'value'; start: number; end: number };

/** The text as a tree of offsets (`end` exclusive), or null when it is not JSON. */
export function parseJsonTree(text: string): JsonNode | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (): never => {
    throw new SyntaxError(`JSON at ${i}`);
  };
  const string = (): string => {
    const start = i;
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (text[i] !== '"') fail();
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const props: { key: string; keyStart: number; value: JsonNode }[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', start, end: i, props };
      }
      for (;;) {
        ws();
        const keyStart = i;
        const key = string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        props.push({ key, keyStart, value: value() });
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return { kind: 'object', start, end: i, props };
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return { kind: 'array', start, end: i, items };
        } else fail();
      }
    }
    if (c === '"') {
      string();
      return { kind: 'value', start, end: i };
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!literal) fail();
    i += (literal as RegExpExecArray)[0].length;
    return { kind: 'value', start, end: i };
  };
  try {
    const root = value();
    ws();
    return i === text.length ? root : null;
  } catch {
    return null;
  }
}

/** A range as Monaco counts it: lines and columns from 1, the end column exclusive. */
export interface TextRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Line and column (from 1) of an offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function rangeOf(text: string, start: number, end: number): TextRange {
  const a = positionAt(text, start);
  const b = positionAt(text, end);
  return { startLineNumber: a.line, startColumn: a.column, endLineNumber: b.line, endColumn: b.column };
}

const prop = (node: JsonNode | undefined, key: string) =>
  node?.kind === 'object' ? node.props.find((p) => p.key === key) : undefined;

/** Fields the server reads from a feature's geometry rather than from its properties. */
const GEOMETRY_FIELDS = new Set(['geometry', 'lat', 'lon', 'coordinates']);

/**
 * The range an error key points at: `features.{i}` alone or with `_`/`properties`: the whole feature;
 * `features.{i}.geometry` (or lat, lon): its geometry; `features.{i}.{name}`: the property `name` (key and
 * value), else the feature's properties, else the feature. Null when the key names no feature of the text.
 */
export function errorRange(text: string, key: string, tree = parseJsonTree(text)): TextRange | null {
  const match = /^features\.(\d+)(?:\.(.+))?$/.exec(key);
  if (!match || !tree) return null;
  const features = prop(tree, 'features')?.value;
  if (features?.kind !== 'array') return null;
  const feature = features.items[Number(match[1])];
  if (!feature) return null;
  const field = (match[2] ?? '').split('.')[0];
  if (GEOMETRY_FIELDS.has(field)) {
    const geometry = prop(feature, 'geometry');
    if (geometry) return rangeOf(text, geometry.keyStart, geometry.value.end);
  } else if (field && field !== '_' && field !== 'properties') {
    const properties = prop(feature, 'properties');
    const own = prop(properties?.value, field);
    if (own) return rangeOf(text, own.keyStart, own.value.end);
    if (properties) return rangeOf(text, properties.keyStart, properties.value.end);
  }
  return rangeOf(text, feature.start, feature.end);
}

export interface ErrorMarker extends TextRange {
  message: string;
  /** The feature's index, or null for an error of the whole collection. */
  feature: number | null;
}

/**
 * The server's 422 `errors` as markers in the text: each on its feature (or field), the rest on the
 * first line. The message names the field.
 */
export function errorMarkers(text: string, errors: Record<string, readonly string[]>): ErrorMarker[] {
  const tree = parseJsonTree(text);
  return Object.entries(errors).map(([key, messages]) => {
    const range = errorRange(text, key, tree);
    const match = /^features\.(\d+)(?:\.(.+))?$/.exec(key);
    const field = match?.[2] && match[2] !== '_' ? `${match[2]}: ` : '';
    const message = `${field}${messages.join(' ')}`;
    return range
      ? { ...range, message, feature: Number(match?.[1]) }
      : { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2, message, feature: null };
  });
}
