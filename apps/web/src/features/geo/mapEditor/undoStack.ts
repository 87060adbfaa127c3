/** One feature's state before an edit: its geometry, or null when the edit created it. */
export interface UndoChange<G> {
  id: string;
  previous: G | null;
}

/**
 * The editor's undo history: each entry is one user action (a drag, a merge, a split) as the previous
 * geometries of the features it touched. Undoing pops the newest action.
 */
export class UndoStack<G> {
  private groups: UndoChange<G>[][] = [];

  constructor(private readonly limit = 100) {}

  get size(): number {
    return this.groups.length;
  }

  push(changes: UndoChange<G>[]): void {
    if (changes.length === 0) return;
    this.groups.push(changes);
    if (this.groups.length > this.limit) this.groups.shift();
  }

  pop(): UndoChange<G>[] | undefined {
    return this.groups.pop();
  }

  /** A feature gone for good (deleted on the server): its entries go, and actions left empty with them. */
  forget(id: string): void {
    this.groups = this.groups.map((g) => g.filter((c) => c.id !== id)).filter((g) => g.length > 0);
  }

  clear(): void {
    this.groups = [];
  }
}
