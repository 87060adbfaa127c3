import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { GEO_LAYER_SHAPES, GEO_LAYERS, type GeoLayer, MAP_CENTER, MAP_EDITOR_UI, MAP_ZOOM } from '@taxi/shared';
import type { Feature } from 'geojson';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../api/toast';
import { useBasemap } from '../../../components/map/basemap';
import { MapView } from '../../../components/map/MapView';
import { useShortcut } from '../../keyboard/shortcuts';
import { ConfirmDiscardDialog } from '../editor/ConfirmDiscardDialog';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';
import { DrawControl } from './DrawControl';
import { EditorToolbar } from './EditorToolbar';
import { EditSession } from './editSession';
import { DeleteFeatureDialog, NewFeatureDialog } from './FeatureDialogs';
import { LayerPanel } from './LayerPanel';
import { geometryValues, loadLayer, shownFeatures } from './layerLoading';
import { ProblemsList } from './ProblemsList';
import { ShownLayer } from './ShownLayers';
import { snapCandidates } from './snapTargets';
import { useDrawingEditor } from './useDrawingEditor';
import { useFeatureSaving } from './useFeatureSaving';
import { layerKey, useLayerCollections } from './useLayerCollections';
import { useProblems } from './useProblems';

const ALL_SHOWN = Object.fromEntries(GEO_LAYERS.map((l) => [l, true])) as Record<GeoLayer, boolean>;

/** The map's start: `?lon=&lat=&zoom=` opens it on a place, else on the city. */
function useStartView(): { center: [number, number]; zoom: number } {
  const [params] = useSearchParams();
  const lon = Number(params.get('lon'));
  const lat = Number(params.get('lat'));
  const zoom = Number(params.get('zoom'));
  const placed = params.has('lon') && params.has('lat') && Number.isFinite(lon) && Number.isFinite(lat);
  return {
    center: placed ? [lon, lat] : MAP_CENTER,
    zoom: params.has('zoom') && Number.isFinite(zoom) ? zoom : MAP_ZOOM,
  };
}

/**
 * /map_editor: every geo layer on one map, one of them edited with terra-draw (select and drag, draw an
 * outline or a point, split, merge, undo, snapping to the neighbours' vertices), checked with the shared
 * rules before saving feature by feature through the layer's catalogue.
 */
export default function MapEditorPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const start = useStartView();
  const [editing, setEditing] = useState<GeoLayer>('sectors');
  const [pendingLayer, setPendingLayer] = useState<GeoLayer | null>(null);
  const [visible, setVisible] = useState(ALL_SHOWN);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [vertex, setVertex] = useState<number | null>(null);
  const session = useMemo(() => new EditSession(), []);
  useSyncExternalStore(session.subscribe, session.getVersion);
  const editor = useDrawingEditor(session, setDeleting);
  const saving = useFeatureSaving(editing, session);
  const collections = useLayerCollections((layer) => visible[layer] || layer === editing);
  const shape = GEO_LAYER_SHAPES[editing];

  // The edited layer goes into the drawing when it loads (again after a switch); what cannot be edited stays shown.
  const [left, setLeft] = useState<Feature[]>([]);
  const loaded = useRef<{ draw: unknown; layer: GeoLayer; at: number } | null>(null);
  const source = collections[editing];
  useEffect(() => {
    const draw = editor.draw;
    if (!draw || !source.data) return;
    const l = loaded.current;
    if (l && l.draw === draw && l.layer === editing && l.at === source.dataUpdatedAt) return;
    loaded.current = { draw, layer: editing, at: source.dataUpdatedAt };
    setLeft(loadLayer(draw, session, source.data));
  }, [editor.draw, editing, source.data, source.dataUpdatedAt, session]);

  const shown = useMemo(() => {
    const out: { layer: GeoLayer; features: Feature[] }[] = [];
    for (const layer of GEO_LAYERS) {
      if (layer === editing) out.push({ layer, features: left });
      else if (visible[layer]) out.push({ layer, features: shownFeatures(collections[layer].data) });
    }
    return out;
  }, [editing, left, visible, collections]);

  const staticTargets = useMemo(
    () =>
      snapCandidates(
        shown.flatMap((s) => s.features.map((f, i) => ({ id: `${s.layer}-${f.id ?? i}`, geometry: f.geometry }))),
      ),
    [shown],
  );
  const snapTargets = (exclude?: string) => [...staticTargets, ...snapCandidates(session.all(), exclude)];
  const basemap = useBasemap();
  const streets = useMemo(
    () =>
      (basemap.data?.features ?? []).flatMap((f) =>
        f.properties.kind === 'street' && f.geometry.type === 'LineString' ? [f.geometry.coordinates] : [],
      ),
    [basemap.data],
  );

  const unsaved = session.unsaved();
  const { problems, blocked, refused } = useProblems(editing, session, left, saving.serverErrors);
  const blocker = useUnsavedGuard(unsaved.length > 0);

  const switchTo = (next: GeoLayer) => {
    // The layer left behind is shown as saved: ask the server again.
    void client.invalidateQueries({ queryKey: layerKey(editing) });
    editor.setTool('select');
    setEditing(next);
  };
  const chooseLayer = (next: GeoLayer) => {
    if (next === editing) return;
    if (unsaved.length > 0) setPendingLayer(next);
    else switchTo(next);
  };

  // The Delete key: the selected outline's corner under the pointer if there is one, else the selected
  // feature (the toolbar's button, away from the map, always means the feature).
  const requestDelete = (atPointer: boolean) => {
    if (!editor.selected) return;
    const index = atPointer ? editor.selectedVertex() : -1;
    setVertex(index >= 0 ? index : null);
    setDeleting(editor.selected);
  };
  const closeDelete = () => {
    setDeleting(null);
    setVertex(null);
  };
  useShortcut('mapEditor.undo', editor.undo);
  useShortcut('mapEditor.cancel', editor.cancel);
  useShortcut('mapEditor.delete', () => requestDelete(true));

  const creating = saving.queue[0] ?? null;
  const creatingRecord = creating ? session.get(creating) : undefined;
  const fixed = useMemo(() => (creatingRecord ? geometryValues(creatingRecord.geometry) : null), [creatingRecord]);
  const deletingRecord = deleting ? session.get(deleting) : undefined;
  const nameOf = (id: string) => String(session.get(id)?.properties.name ?? '') || MAP_EDITOR_UI.newFeature;

  const hint = editor.mergeFrom
    ? MAP_EDITOR_UI.hintMerge
    : {
        select: MAP_EDITOR_UI.hintSelect,
        polygon: MAP_EDITOR_UI.hintPolygon,
        point: MAP_EDITOR_UI.hintPoint,
        split: MAP_EDITOR_UI.hintSplit,
      }[editor.tool];

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' } }}>
      <Stack spacing={2}>
        <LayerPanel
          visible={visible}
          editing={editing}
          onToggle={(layer, on) => setVisible((v) => ({ ...v, [layer]: on }))}
          onEdit={chooseLayer}
        />
        {/* Messages sit beside the map, so the map never moves under the pointer while one comes or goes. */}
        {editor.notice && (
          <Alert severity="info" data-testid="map-editor-notice">
            {editor.notice}
          </Alert>
        )}
        <ProblemsList problems={problems} refused={refused} />
        {source.isError && (
          <Alert severity="error">{errorMessage(source.error, t('The layer could not be loaded.'))}</Alert>
        )}
        {left.length > 0 && <Alert severity="info">{MAP_EDITOR_UI.notEditable(left.length)}</Alert>}
      </Stack>
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <EditorToolbar
          tool={editor.tool}
          shape={shape}
          onTool={editor.setTool}
          canUndo={session.canUndo}
          onUndo={editor.undo}
          hasSelection={editor.selected !== null}
          merging={editor.mergeFrom !== null}
          onMerge={editor.startMerge}
          onDelete={() => requestDelete(false)}
          unsaved={unsaved.length}
          saving={saving.saving}
          onSave={() => void saving.saveAll(blocked)}
        />
        <Typography
          variant="body2"
          color="textSecondary"
          role="status"
          data-testid="map-editor-hint"
          sx={{ minHeight: 40 }}
        >
          {hint}
        </Typography>
        <Paper variant="outlined" sx={{ height: { xs: 420, md: 620 }, overflow: 'hidden' }}>
          <MapView
            name="map-editor"
            testId="map-editor-map"
            center={start.center}
            zoom={start.zoom}
            sx={{ width: '100%', height: '100%' }}
          >
            {shown.map((s) => (
              <ShownLayer key={s.layer} layer={s.layer} features={s.features} />
            ))}
            <DrawControl onReady={editor.setDraw} events={editor.events} snapTargets={snapTargets} streets={streets} />
          </MapView>
        </Paper>
      </Stack>

      <NewFeatureDialog
        def={saving.def}
        fixed={fixed}
        onSaved={(row) => creating && saving.created(creating, row)}
        onCancel={() => creating && saving.skip(creating)}
      />
      <DeleteFeatureDialog
        name={deleting ? nameOf(deleting) : null}
        saved={deletingRecord?.rowId != null}
        vertex={vertex !== null}
        pending={saving.deleting}
        onCancel={closeDelete}
        onConfirm={async () => {
          const id = deleting;
          if (!id) return;
          // Closed whatever happens: a confirmation left open over the map would block every other tool.
          try {
            if (vertex !== null) {
              if (!editor.removeVertex(id, vertex)) toast.info(MAP_EDITOR_UI.vertexKept);
            } else if (await saving.deleteFeature(id)) editor.removeFeature(id);
          } finally {
            closeDelete();
          }
        }}
      />
      <ConfirmDiscardDialog
        open={pendingLayer !== null || blocker.state === 'blocked'}
        text={MAP_EDITOR_UI.discardText}
        onKeep={() => {
          setPendingLayer(null);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        onDiscard={() => {
          if (pendingLayer) {
            const next = pendingLayer;
            setPendingLayer(null);
            switchTo(next);
          }
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </Box>
  );
}
