import CallMergeOutlined from '@mui/icons-material/CallMergeOutlined';
import ContentCutOutlined from '@mui/icons-material/ContentCutOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NearMeOutlined from '@mui/icons-material/NearMeOutlined';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { Button, Chip, Divider, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { MAP_EDITOR_UI } from '@taxi/shared';
import type { ReactNode } from 'react';
import type { Tool } from './drawModes';

interface ToolbarProps {
  tool: Tool;
  shape: 'polygon' | 'point' | 'either';
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  onUndo: () => void;
  hasSelection: boolean;
  merging: boolean;
  onMerge: () => void;
  onDelete: () => void;
  unsaved: number;
  saving: boolean;
  onSave: () => void;
}

/** An icon button with its name and a tooltip saying the same (a disabled one keeps its tooltip). */
function Action({ label, icon, ...rest }: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} {...rest}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The editing tools: select, draw an outline or a point, split; merge, undo, delete; save. */
export function EditorToolbar(props: ToolbarProps) {
  const { tool, shape, onTool } = props;
  const tools: { value: Tool; label: string; icon: ReactNode; hidden: boolean }[] = [
    { value: 'select', label: MAP_EDITOR_UI.select, icon: <NearMeOutlined />, hidden: false },
    { value: 'polygon', label: MAP_EDITOR_UI.drawPolygon, icon: <PentagonOutlined />, hidden: shape === 'point' },
    { value: 'point', label: MAP_EDITOR_UI.drawPoint, icon: <PlaceOutlined />, hidden: shape === 'polygon' },
    { value: 'split', label: MAP_EDITOR_UI.split, icon: <ContentCutOutlined />, hidden: shape === 'point' },
  ];
  return (
    <Stack
      direction="row"
      spacing={1}
      role="toolbar"
      aria-label={MAP_EDITOR_UI.tools}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={tool}
        onChange={(_e, value: Tool | null) => value && onTool(value)}
      >
        {tools
          .filter((t) => !t.hidden)
          .map((t) => (
            <Tooltip key={t.value} title={t.label}>
              <ToggleButton value={t.value} aria-label={t.label} data-testid={`tool-${t.value}`}>
                {t.icon}
              </ToggleButton>
            </Tooltip>
          ))}
      </ToggleButtonGroup>
      <Divider orientation="vertical" flexItem />
      {shape !== 'point' && (
        <Action
          label={MAP_EDITOR_UI.merge}
          icon={<CallMergeOutlined color={props.merging ? 'primary' : 'inherit'} />}
          onClick={props.onMerge}
          disabled={!props.hasSelection}
        />
      )}
      <Action label={MAP_EDITOR_UI.undo} icon={<UndoOutlined />} onClick={props.onUndo} disabled={!props.canUndo} />
      <Action
        label={MAP_EDITOR_UI.deleteFeature}
        icon={<DeleteOutlined />}
        onClick={props.onDelete}
        disabled={!props.hasSelection}
      />
      <Divider orientation="vertical" flexItem />
      <Button
        variant="contained"
        onClick={props.onSave}
        disabled={props.unsaved === 0 || props.saving}
        loading={props.saving}
        data-testid="map-editor-save"
      >
        {props.saving ? MAP_EDITOR_UI.saving : MAP_EDITOR_UI.save}
      </Button>
      {props.unsaved > 0 && (
        <Chip
          color="warning"
          variant="outlined"
          label={MAP_EDITOR_UI.unsaved(props.unsaved)}
          data-testid="map-editor-unsaved"
        />
      )}
    </Stack>
  );
}
