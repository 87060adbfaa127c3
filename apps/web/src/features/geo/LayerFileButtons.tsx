import { Alert, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { FeatureCollectionDto, GeoFileLayer } from '@taxi/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { resourceKeys } from '../../components/DataTable/api';

/** Saves a text as a file through a temporary download link. */
function saveText(text: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/geo+json' }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * A layer's GeoJSON export and import (GET/PUT geo/layers/:layer): the import is all or nothing, and the
 * features the server refused are listed under the buttons.
 */
export function LayerFileButtons({ layer, catalogueKey }: { layer: GeoFileLayer; catalogueKey: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const save = useApiMutation({
    mutationFn: (collection: FeatureCollectionDto) =>
      api(endpoints.saveGeoLayer, { params: { layer }, body: collection }),
    onSuccess: (res) => {
      setProblems([]);
      toast.success(t('{{created}} created, {{updated}} updated', res.data));
      void qc.invalidateQueries({ queryKey: resourceKeys.all(catalogueKey) });
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setProblems(Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(', ')}`));
    },
  });

  const download = async () => {
    setExporting(true);
    try {
      const collection = await apiData(endpoints.geoLayer, { params: { layer } });
      saveText(JSON.stringify(collection, null, 1), `${layer}.geojson`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    let collection: FeatureCollectionDto;
    try {
      collection = JSON.parse(await file.text()) as FeatureCollectionDto;
    } catch {
      setProblems([t('Enter valid GeoJSON')]);
      return;
    }
    save.mutate(collection);
  };

  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" size="small" onClick={download} disabled={exporting}>
          {t('Export GeoJSON')}
        </Button>
        <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={save.isPending}>
          {t('Import GeoJSON')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          hidden
          aria-label={t('Import GeoJSON')}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" data-testid="layer-import-errors">
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
