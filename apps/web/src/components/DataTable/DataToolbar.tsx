import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, IconButton, InputAdornment, TextField, Toolbar, Tooltip, Typography } from '@mui/material';
import { RESOURCE_MSG } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DataToolbarProps {
  title?: ReactNode;
  /** The search box's text (the list searches it on Enter). */
  searchText: string;
  onSearchText: (text: string) => void;
  onSearch: (text: string) => void;
  searchHint?: string;
  exporting: boolean;
  onExport: () => void;
  /** Shows New. */
  onNew?: () => void;
}

/** Above the list: title, search (Enter), CSV export and New (the bulk bar is under it: BulkBar). */
export function DataToolbar({
  title,
  searchText,
  onSearchText,
  onSearch,
  searchHint,
  exporting,
  onExport,
  onNew,
}: DataToolbarProps) {
  const { t } = useTranslation();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
      {title && (
        <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
      )}
      {!title && <Box sx={{ flex: '1 1 auto' }} />}
      <TextField
        size="small"
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 280 } }}
        placeholder={RESOURCE_MSG.search}
        value={searchText}
        onChange={(e) => onSearchText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(searchText.trim());
        }}
        helperText={searchHint && t(searchHint)}
        slotProps={{
          htmlInput: { 'aria-label': RESOURCE_MSG.search },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Tooltip title={RESOURCE_MSG.exportCsv}>
        <span>
          <IconButton aria-label={RESOURCE_MSG.exportCsv} onClick={onExport} disabled={exporting}>
            <DownloadIcon />
          </IconButton>
        </span>
      </Tooltip>
      {onNew && (
        <Button variant="contained" onClick={onNew}>
          {RESOURCE_MSG.newButton}
        </Button>
      )}
    </Toolbar>
  );
}
