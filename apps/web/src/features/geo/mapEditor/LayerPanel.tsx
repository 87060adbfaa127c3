import { Box, Paper, Radio, Switch, Typography, useTheme } from '@mui/material';
import { GEO_LAYERS, type GeoLayer, MAP_EDITOR_UI } from '@taxi/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYER_DEFS } from '../editor/layerSchema';
import { layerColours } from './layerStyles';

/** Every layer with its colour, a switch to show or hide it, and the choice of the one being edited. */
export function LayerPanel({
  visible,
  editing,
  onToggle,
  onEdit,
}: {
  visible: Record<GeoLayer, boolean>;
  editing: GeoLayer;
  onToggle: (layer: GeoLayer, shown: boolean) => void;
  onEdit: (layer: GeoLayer) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colours = layerColours(theme);
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {MAP_EDITOR_UI.layers}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {MAP_EDITOR_UI.editedLayer}
      </Typography>
      <Box role="radiogroup" aria-label={MAP_EDITOR_UI.editedLayer}>
        {GEO_LAYERS.map((layer) => {
          const title = t(LAYER_DEFS[layer].def.title);
          return (
            <Box key={layer} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={`layer-${layer}`}>
              <Radio
                size="small"
                checked={editing === layer}
                onChange={() => onEdit(layer)}
                slotProps={{ input: { 'aria-label': MAP_EDITOR_UI.editLayer(title) } }}
              />
              <Box
                aria-hidden
                sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colours[layer], flexShrink: 0 }}
              />
              <Typography variant="body2" sx={{ flex: 1, fontWeight: editing === layer ? 700 : 400 }}>
                {title}
              </Typography>
              <Switch
                size="small"
                checked={visible[layer] || editing === layer}
                disabled={editing === layer}
                onChange={(e) => onToggle(layer, e.target.checked)}
                slotProps={{ input: { 'aria-label': MAP_EDITOR_UI.showLayer(title) } }}
              />
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
