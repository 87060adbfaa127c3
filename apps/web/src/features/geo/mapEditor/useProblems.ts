import { type GeoLayer, MAP_EDITOR_UI } from '@taxi/shared';
import type { Feature } from 'geojson';
import { useMemo } from 'react';
import type { EditSession } from './editSession';
import type { FeatureProblems } from './ProblemsList';
import { type Checked, geometryProblems } from './validation';

/**
 * The unsaved features' problems by the shared rules (recomputed with every edit: `session.version`), the
 * ids they keep from being saved, and the server's refusals of the last save.
 */
export function useProblems(
  layer: GeoLayer,
  session: EditSession,
  left: readonly Feature[],
  serverErrors: Record<string, string[]>,
) {
  const version = session.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version stands for the session's content
  return useMemo(() => {
    const nameOf = (properties: Record<string, unknown> | null) =>
      String(properties?.name ?? '') || MAP_EDITOR_UI.newFeature;
    const records = session.all();
    const all: Checked[] = [
      ...records.map((r) => ({ id: r.id, geometry: r.geometry, name: nameOf(r.properties) })),
      ...left.map((f, i) => ({ id: `left-${f.id ?? i}`, geometry: f.geometry, name: nameOf(f.properties) })),
    ];
    const problems: FeatureProblems[] = [];
    for (const record of session.unsaved()) {
      const checked = all.find((c) => c.id === record.id);
      if (!checked) continue;
      const messages = geometryProblems(layer, checked, all);
      if (messages.length > 0) problems.push({ id: record.id, name: checked.name, messages });
    }
    const refused: FeatureProblems[] = Object.entries(serverErrors).flatMap(([id, messages]) => {
      const record = session.get(id);
      return record ? [{ id, name: nameOf(record.properties), messages }] : [];
    });
    return { problems, blocked: new Set(problems.map((p) => p.id)), refused };
  }, [layer, session, left, serverErrors, version]);
}
