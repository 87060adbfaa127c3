import type { Geometry } from 'geojson';
import { type UndoChange, UndoStack } from './undoStack';

/** A feature of the layer being edited: its row (null until saved), its properties and its outline or point. */
export interface FeatureRecord {
  id: string;
  rowId: number | null;
  properties: Record<string, unknown>;
  /** The geometry as the server has it (JSON), null for a feature not saved yet. */
  base: string | null;
  geometry: Geometry;
}

export interface LoadedFeature {
  rowId: number;
  properties: Record<string, unknown>;
  geometry: Geometry;
}

/** The drawing's id of a saved row. */
export const rowKey = (rowId: number) => `row-${rowId}`;

const same = (a: Geometry | null, b: Geometry | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The edited layer's features and their undo history, outside React (the map's drawing reports to it;
 * the page reads it with useSyncExternalStore through `version`).
 */
export class EditSession {
  private records = new Map<string, FeatureRecord>();
  private readonly history = new UndoStack<Geometry>();
  private listeners = new Set<() => void>();
  version = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private emit(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  load(features: readonly LoadedFeature[]): void {
    this.records = new Map(
      features.map((f) => [
        rowKey(f.rowId),
        {
          id: rowKey(f.rowId),
          rowId: f.rowId,
          properties: f.properties,
          base: JSON.stringify(f.geometry),
          geometry: f.geometry,
        },
      ]),
    );
    this.history.clear();
    this.emit();
  }

  get(id: string): FeatureRecord | undefined {
    return this.records.get(id);
  }

  all(): FeatureRecord[] {
    return [...this.records.values()];
  }

  /** Features whose geometry differs from the server's, new ones included. */
  unsaved(): FeatureRecord[] {
    return this.all().filter((r) => r.base !== JSON.stringify(r.geometry));
  }

  get canUndo(): boolean {
    return this.history.size > 0;
  }

  /** A drawn feature (or a split's part): new, undone by removing it. */
  add(id: string, geometry: Geometry, properties: Record<string, unknown> = {}): void {
    this.records.set(id, { id, rowId: null, properties, base: null, geometry });
    this.history.push([{ id, previous: null }]);
    this.emit();
  }

  /**
   * One user action over existing features and new ones (a split), recorded as one undo step. Features
   * whose geometry did not change are left out; nothing is recorded when none changed.
   */
  change(changes: readonly { id: string; geometry: Geometry }[], added: readonly FeatureRecord[] = []): void {
    const step: UndoChange<Geometry>[] = [];
    for (const { id, geometry } of changes) {
      const record = this.records.get(id);
      if (!record || same(record.geometry, geometry)) continue;
      step.push({ id, previous: record.geometry });
      this.records.set(id, { ...record, geometry });
    }
    for (const record of added) {
      this.records.set(record.id, record);
      step.push({ id: record.id, previous: null });
    }
    if (step.length === 0) return;
    this.history.push(step);
    this.emit();
  }

  /** The newest action undone in the records; returns what the drawing must show (null: remove it). */
  undo(): { id: string; geometry: Geometry | null }[] {
    const step = this.history.pop();
    if (!step) return [];
    const out: { id: string; geometry: Geometry | null }[] = [];
    for (const { id, previous } of [...step].reverse()) {
      const record = this.records.get(id);
      if (previous === null) this.records.delete(id);
      else if (record) this.records.set(id, { ...record, geometry: previous });
      out.push({ id, geometry: previous });
    }
    this.emit();
    return out;
  }

  /** A feature removed from the layer (deleted on the server, or a new one dropped). */
  remove(id: string): void {
    this.records.delete(id);
    this.history.forget(id);
    this.emit();
  }

  /** The server accepted the feature: its geometry is the saved one now. */
  saved(id: string, rowId: number, properties?: Record<string, unknown>): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.set(id, {
      ...record,
      rowId,
      properties: properties ?? record.properties,
      base: JSON.stringify(record.geometry),
    });
    this.emit();
  }
}
