import Editor from '@monaco-editor/react';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FeatureCollectionDto, GEO_FILE_LAYERS, type GeoFileLayer } from '@taxi/shared';
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../api/client';
import { api, apiData, endpoints } from '../../../api/endpoints';
import { useApiMutation } from '../../../api/mutation';
import { toast } from '../../../api/toast';
import { useDebounced } from '../../../components/pickers/useDebounced';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ConfirmDiscardDialog } from './ConfirmDiscardDialog';
import { type ErrorMarker, errorMarkers } from './featureRanges';
import { GeoJsonPreview } from './GeoJsonPreview';
import { LAYER_DEFS, layerJsonSchema } from './layerSchema';
import { type MonacoApi, monaco } from './monaco';
import { previewOf, removedFeatures } from './previewData';
import { useUnsavedGuard } from './useUnsavedGuard';

const PREVIEW_DEBOUNCE_MS = 400;
const SERVER_MARKERS = 'geo-server';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The model of a layer's text: its URI is what the layer's JSON schema is matched on. */
const modelPath = (layer: GeoFileLayer) => `geo-layer-${layer}.json`;

let schemasSet = false;
/** Every layer's schema, once: Monaco marks what breaks it as the text is typed. */
function configureSchemas(): void {
  if (schemasSet) return;
  schemasSet = true;
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    schemaValidation: 'error',
    enableSchemaRequest: false,
    schemas: GEO_FILE_LAYERS.map((layer) => ({
      uri: `inmemory://schemas/geo-layer-${layer}.json`,
      fileMatch: [monaco.Uri.parse(modelPath(layer)).toString()],
      schema: layerJsonSchema(layer),
    })),
  });
}

interface Doc {
  layer: GeoFileLayer;
  /** The text as loaded (or last saved). */
  base: string;
  text: string;
  at: number;
}

/**
 * /monaco_editor: a layer's GeoJSON in Monaco, checked against the layer's schema as it is typed, drawn
 * beside it, and saved all or nothing (PUT geo/layers/:layer) with the server's refusals marked on their
 * features. Unsaved text is never dropped without a confirmation.
 */
export default function GeoJsonEditorPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [layer, setLayer] = useState<GeoFileLayer>('sectors');
  const [pendingLayer, setPendingLayer] = useState<GeoFileLayer | null>(null);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [problems, setProblems] = useState<ErrorMarker[]>([]);
  const [textProblems, setTextProblems] = useState(0);
  // A save that would delete rows waits for a confirmation.
  const [pendingSave, setPendingSave] = useState<{
    text: string;
    collection: FeatureCollectionDto;
    removed: string[];
  } | null>(null);
  const editorRef = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);

  const source = useQuery({
    queryKey: ['geo-editor', layer],
    queryFn: ({ signal }) => apiData(endpoints.geoLayer, { params: { layer }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // A loaded layer replaces the text unless it holds unsaved edits of that layer.
  useEffect(() => {
    const data = source.data;
    if (!data) return;
    setDoc((current) => {
      if (current?.layer === layer && (current.at === source.dataUpdatedAt || current.text !== current.base))
        return current;
      const text = JSON.stringify(data, null, 2);
      return { layer, base: text, text, at: source.dataUpdatedAt };
    });
  }, [layer, source.data, source.dataUpdatedAt]);

  const current = doc?.layer === layer ? doc : null;
  const dirty = !!current && current.text !== current.base;
  const blocker = useUnsavedGuard(dirty);

  // The preview follows the text once typing pauses; invalid text keeps the last good drawing.
  const typed = useDebounced(current?.text ?? '', PREVIEW_DEBOUNCE_MS);
  const preview = useMemo(() => (typed ? previewOf(typed) : null), [typed]);
  const [drawn, setDrawn] = useState<FeatureCollection>(EMPTY);
  useEffect(() => {
    if (preview?.ok) setDrawn(preview.collection);
  }, [preview]);
  const base = current?.base;
  const frame = useMemo(() => {
    const loaded = base ? previewOf(base) : null;
    return loaded?.ok ? loaded.collection : EMPTY;
  }, [base]);

  // The server's refusals as markers on the model of the layer (cleared by a load or a save).
  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(modelPath(layer)));
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      SERVER_MARKERS,
      problems.map(({ feature: _f, ...marker }) => ({ ...marker, severity: monaco.MarkerSeverity.Error })),
    );
  }, [problems, layer]);

  const save = useApiMutation({
    mutationFn: ({ collection }: { text: string; collection: FeatureCollectionDto }) =>
      // The text is the whole layer: the rows it no longer holds are deleted.
      api(endpoints.saveGeoLayer, { params: { layer }, query: { replace: true }, body: collection }),
    errorText: (error) => {
      const count = error instanceof ApiError ? Object.keys(error.errors).length : 0;
      return count > 0
        ? t('Not saved: {{count}} problems, marked in the editor', { count })
        : errorMessage(error, t('The layer could not be saved.'));
    },
    onSuccess: (res, { text }) => {
      setProblems([]);
      toast.success(t('{{created}} created, {{updated}} updated, {{deleted}} deleted', res.data));
      setDoc((d) => (d?.layer === layer ? { ...d, base: text } : d));
      void source.refetch();
    },
    onError: (error, { text }) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const markers = errorMarkers(text, error.errors);
        setProblems(markers);
        const first = markers[0];
        if (first) editorRef.current?.revealLineInCenterIfOutsideViewport(first.startLineNumber);
      }
    },
  });

  const submit = () => {
    if (!current || current.text === current.base || save.isPending) return;
    let collection: FeatureCollectionDto;
    try {
      collection = JSON.parse(current.text) as FeatureCollectionDto;
    } catch {
      toast.error(t('The text is not valid JSON: fix it before saving.'));
      return;
    }
    const removed = removedFeatures(current.base, collection);
    if (removed.length > 0) setPendingSave({ text: current.text, collection, removed });
    else save.mutate({ text: current.text, collection });
  };

  // Ctrl+S (⌘S) in the editor saves, as in any code editor.
  const submitRef = useRef(submit);
  submitRef.current = submit;

  const chooseLayer = (next: GeoFileLayer) => {
    if (next === layer) return;
    if (dirty) setPendingLayer(next);
    else switchTo(next);
  };
  const switchTo = (next: GeoFileLayer) => {
    setProblems([]);
    // Monaco reports the new model's markers only when it has some: the last layer's count must not stay.
    setTextProblems(0);
    setDoc(null);
    setLayer(next);
  };
  const discard = () => {
    if (!current) return;
    setProblems([]);
    setDoc({ ...current, text: current.base });
    // Drawn at once, not after the typing pause: text typed right after is judged against what was discarded to.
    const restored = previewOf(current.base);
    if (restored.ok) setDrawn(restored.collection);
  };

  const previewNote = !preview
    ? null
    : !preview.ok
      ? preview.reason === 'json'
        ? t('The text is not valid JSON: the map shows the last valid version.')
        : t('The text is not a FeatureCollection: the map shows the last valid version.')
      : null;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('Layer')}
          value={layer}
          onChange={(e) => chooseLayer(e.target.value as GeoFileLayer)}
          fullWidth={false}
          sx={{ width: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'geojson-layer' } }}
        >
          {GEO_FILE_LAYERS.map((l) => (
            <MenuItem key={l} value={l}>
              {t(LAYER_DEFS[l].def.title)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!current || save.isPending || !dirty}
          data-testid="geojson-save"
        >
          {save.isPending ? t('Saving…') : t('Save')}
        </Button>
        <Button variant="outlined" onClick={discard} disabled={!dirty || save.isPending}>
          {t('Discard changes')}
        </Button>
        {dirty && <Chip color="warning" variant="outlined" label={t('Unsaved changes')} data-testid="geojson-dirty" />}
      </Stack>

      {problems.length > 0 && (
        <Alert severity="error" data-testid="geojson-save-errors">
          <Typography variant="body2" component="p" sx={{ mb: 0.5 }}>
            {t('The server refused the layer: nothing was saved. The problems are marked in the editor.')}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
            {problems.map((p) => (
              <li key={`${p.startLineNumber}:${p.message}`}>
                {p.feature === null
                  ? p.message
                  : t('Feature {{number}} (line {{line}}): {{message}}', {
                      number: p.feature + 1,
                      line: p.startLineNumber,
                      message: p.message,
                    })}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {t('GeoJSON')}
            </Typography>
            <Typography variant="body2" color="textSecondary" data-testid="geojson-text-problems">
              {textProblems > 0 ? t('{{count}} problems in the text', { count: textProblems }) : ''}
            </Typography>
          </Stack>
          {/* Code reads left to right whatever the page's direction. */}
          <Box dir="ltr" data-testid="geojson-editor" sx={{ height: 560, border: 1, borderColor: 'divider' }}>
            {current ? (
              <Editor
                path={modelPath(layer)}
                language="json"
                value={current.text}
                theme={theme.palette.mode === 'dark' ? 'vs-dark' : 'vs'}
                beforeMount={configureSchemas}
                onMount={(editor) => {
                  editorRef.current = editor;
                  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => submitRef.current());
                }}
                onChange={(value) => setDoc((d) => (d?.layer === layer ? { ...d, text: value ?? '' } : d))}
                onValidate={(markers) => setTextProblems(markers.filter((m) => m.owner !== SERVER_MARKERS).length)}
                loading={
                  <Skeleton variant="rectangular" height={560} role="status" aria-label={t('Loading the editor…')} />
                }
                options={{
                  ariaLabel: t('GeoJSON of the layer'),
                  automaticLayout: true,
                  minimap: { enabled: false },
                  fontSize: 13,
                  tabSize: 2,
                  scrollBeyondLastLine: false,
                  stickyScroll: { enabled: false },
                  fixedOverflowWidgets: true,
                }}
              />
            ) : source.isError ? (
              <Alert severity="error">{errorMessage(source.error, t('The layer could not be loaded.'))}</Alert>
            ) : (
              <Skeleton variant="rectangular" height={560} role="status" aria-label={t('Loading the layer…')} />
            )}
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('Preview')}
          </Typography>
          <Box role="status" sx={{ mb: 1, minHeight: 24 }} data-testid="geojson-preview-status">
            {previewNote ? (
              <Alert severity="warning" sx={{ py: 0 }}>
                {previewNote}
              </Alert>
            ) : preview?.ok ? (
              <Typography variant="body2" color="textSecondary">
                {preview.skipped > 0
                  ? t('{{count}} features drawn, {{skipped}} without a drawable geometry', {
                      count: preview.collection.features.length,
                      skipped: preview.skipped,
                    })
                  : t('{{count}} features drawn', { count: preview.collection.features.length })}
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ flex: 1, minHeight: 480 }}>
            <GeoJsonPreview collection={drawn} frame={frame} />
          </Box>
        </Paper>
      </Box>

      <ConfirmDeleteDialog
        names={pendingSave?.removed ?? []}
        onKeep={() => setPendingSave(null)}
        onDelete={() => {
          if (pendingSave) save.mutate({ text: pendingSave.text, collection: pendingSave.collection });
          setPendingSave(null);
        }}
      />
      <ConfirmDiscardDialog
        open={pendingLayer !== null || blocker.state === 'blocked'}
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
    </Stack>
  );
}
