import { type GeoLayer, MAP_EDITOR_UI, MSG, type ResourceRow } from '@taxi/shared';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import { toast } from '../../../api/toast';
import { useResourceMutations } from '../../../components/DataTable/api';
import { LAYER_DEFS } from '../editor/layerSchema';
import type { EditSession } from './editSession';
import { geometryValues } from './layerLoading';

/** The server's refusal as readable lines (its field errors, else its message). */
function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError) {
    const lines = Object.values(error.errors).flat();
    if (lines.length > 0) return lines;
  }
  return [errorMessage(error, MSG.saveFailed) || MSG.saveFailed];
}

/**
 * Saving the edited layer feature by feature through its catalogue (PUT for a row's new outline or point;
 * a new feature waits in `queue` for its properties' dialog, which POSTs), and deleting one (DELETE).
 * Refused features keep their edits on the map, with the server's reasons in `serverErrors`.
 */
export function useFeatureSaving(layer: GeoLayer, session: EditSession) {
  const def = LAYER_DEFS[layer].def;
  const { save, remove } = useResourceMutations(def, def.url);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [queue, setQueue] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const saveAll = async (blocked: ReadonlySet<string>) => {
    setSaving(true);
    const errors: Record<string, string[]> = {};
    let saved = 0;
    const todo = session.unsaved().filter((r) => !blocked.has(r.id));
    for (const record of todo) {
      if (record.rowId === null) continue;
      try {
        await save.mutateAsync({ id: record.rowId, values: geometryValues(record.geometry) });
        session.saved(record.id, record.rowId);
        saved++;
      } catch (error) {
        errors[record.id] = messagesOf(error);
      }
    }
    setServerErrors(errors);
    setQueue(todo.filter((r) => r.rowId === null).map((r) => r.id));
    setSaving(false);
    if (saved > 0) toast.success(MAP_EDITOR_UI.savedCount(saved));
    if (Object.keys(errors).length > 0) toast.error(MAP_EDITOR_UI.notSaved);
  };

  /** The properties' dialog created the row. */
  const created = (id: string, row: ResourceRow) => {
    session.saved(id, row.id, row);
    setQueue((q) => q.filter((x) => x !== id));
  };

  /** The dialog closed without saving: the feature stays drawn, unsaved. */
  const skip = (id: string) => setQueue((q) => q.filter((x) => x !== id));

  /** Deletes a feature's row (a drawn one has none), then drops it from the session. */
  const deleteFeature = async (id: string): Promise<boolean> => {
    const record = session.get(id);
    try {
      if (record?.rowId != null) await remove.mutateAsync(record.rowId);
    } catch (error) {
      toast.error(messagesOf(error).join(' '));
      return false;
    }
    session.remove(id);
    setServerErrors(({ [id]: _gone, ...rest }) => rest);
    if (record?.rowId != null) toast.success(MAP_EDITOR_UI.deleted);
    return true;
  };

  return { def, saving, serverErrors, queue, saveAll, created, skip, deleteFeature, deleting: remove.isPending };
}
