import CloseIcon from '@mui/icons-material/Close';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Stack,
  type SxProps,
  type Theme,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Endpoint } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../api/client';
import { formatNumber } from '../i18n/format';
import { useCsvExport } from './useCsvExport';

/**
 * "Export CSV" of a list: the list's current filter sent to its `export.csv` endpoint, the rows counted
 * as they stream in ("n of total rows"), a cancel button, then the file is saved.
 */
export function ExportCsvButton({
  endpoint,
  params,
  filter,
  label,
  disabled,
  sx,
}: {
  endpoint: Endpoint;
  /** Values of the endpoint's `:param`s. */
  params?: Record<string, string | number>;
  filter?: Record<string, QueryValue>;
  /** The button's accessible name when "Export CSV" alone would not say what is exported. */
  label?: string;
  /** Nothing to export (a filter that shows no row by construction). */
  disabled?: boolean;
  /** Placement in the page's layout (alignSelf in a column...). */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const { progress, start, cancel } = useCsvExport();
  if (!progress) {
    return (
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadIcon />}
        onClick={() => void start(endpoint, filter, params)}
        disabled={disabled}
        aria-label={label}
        sx={[{ flexShrink: 0, alignSelf: 'center', whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
        data-testid="export-csv"
      >
        {t('Export CSV')}
      </Button>
    );
  }
  const { rows, total } = progress;
  const percent = total ? Math.min(100, (rows / total) * 100) : 0;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={[
        { alignItems: 'center', alignSelf: 'center', minWidth: 220, flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-testid="export-csv-progress"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <LinearProgress
          variant={total ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={t('Export progress')}
        />
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {total === null
            ? t('Exporting…')
            : t('{{count}} of {{total}} rows', { count: formatNumber(rows, 0), total: formatNumber(total, 0) })}
        </Typography>
      </Box>
      <Tooltip title={t('Cancel export')}>
        <IconButton size="small" aria-label={t('Cancel export')} onClick={cancel}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
