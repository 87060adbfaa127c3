import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  useTheme,
} from '@mui/material';
import { periodErrors, REPORTS_UI, STAT_GROUPS, type StatGroup, type StatisticsDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { DateTextField } from '../../components/DateTextField';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { formatDate, formatTime } from '../../i18n/format';
import { useStatistics } from './api';
import { downloadChartPng } from './exportFiles';
import { type Preset, presetPeriod } from './period';
import { StatisticsChart } from './StatisticsChart';
import { StatisticsTable } from './StatisticsTable';

// Names of services, origins... are sent in English, as stored: shown in the console's language.
const labelOf = (dto: StatisticsDto) => (key: string, label: string) =>
  dto.group === 'hour' ? formatTime(key) : dto.group === 'day' ? formatDate(key) : dataLabel(label);

/** /BarStatistics: a period and a grouping, a bar chart and the table of the same numbers, CSV and PNG. */
export default function StatisticsPage() {
  useTranslation();
  const theme = useTheme();
  const [period, setPeriod] = useState(() => presetPeriod('week'));
  const [preset, setPreset] = useState<Preset | null>('week');
  const [group, setGroup] = useState<StatGroup>('day');
  const chart = useRef<HTMLDivElement>(null);
  const errors = periodErrors(period.from, period.to, group);
  const valid = Object.keys(errors).length === 0;
  const query = useStatistics(period.from, period.to, group, valid);
  const dto = valid ? query.data : undefined;
  const labels = dto ? dto.rows.map((r) => labelOf(dto)(r.key, r.label)) : [];
  const choosePreset = (p: Preset | null) => {
    if (!p) return;
    setPreset(p);
    setPeriod(presetPeriod(p));
  };
  const setDay = (field: 'from' | 'to') => (value: string) => {
    setPreset(null);
    setPeriod((p) => ({ ...p, [field]: value }));
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={preset}
            onChange={(_, p: Preset | null) => choosePreset(p)}
            aria-label={REPORTS_UI.period}
          >
            <ToggleButton value="today">{REPORTS_UI.presetToday}</ToggleButton>
            <ToggleButton value="week">{REPORTS_UI.preset7}</ToggleButton>
            <ToggleButton value="month">{REPORTS_UI.preset30}</ToggleButton>
          </ToggleButtonGroup>
          {/* Typed DD/MM/YYYY in the console's language, never the browser's own date format (mm/dd/yyyy). */}
          <Box sx={{ width: 190 }}>
            <DateTextField
              kind="date"
              size="small"
              label={REPORTS_UI.from}
              value={period.from}
              onChange={setDay('from')}
              error={!!errors.from}
              helperText={errors.from}
              testId="statistics-from"
            />
          </Box>
          <Box sx={{ width: 190 }}>
            <DateTextField
              kind="date"
              size="small"
              label={REPORTS_UI.to}
              value={period.to}
              onChange={setDay('to')}
              error={!!errors.to}
              helperText={errors.to}
              testId="statistics-to"
            />
          </Box>
          <TextField
            select
            size="small"
            label={REPORTS_UI.groupBy}
            value={group}
            onChange={(e) => setGroup(e.target.value as StatGroup)}
            error={!!errors.group}
            helperText={errors.group}
            sx={{ width: 190 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'statistics-group' } as object } }}
          >
            {STAT_GROUPS.map((g) => (
              <MenuItem key={g} value={g}>
                {REPORTS_UI.group[g]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          {dto ? (
            <ExportCsvButton endpoint={endpoints.reportsStatisticsCsv} filter={{ from: dto.from, to: dto.to, group }} />
          ) : (
            <Button variant="outlined" disabled>
              {REPORTS_UI.exportCsv}
            </Button>
          )}
          <Button
            variant="outlined"
            disabled={!dto || dto.rows.length === 0}
            onClick={() =>
              dto &&
              void downloadChartPng(
                chart.current,
                theme.palette.background.paper,
                `statistics-${dto.from}-${dto.to}-${dto.group}.png`,
              )
            }
          >
            {REPORTS_UI.exportPng}
          </Button>
        </Stack>
      </Paper>
      {valid && query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {dto && dto.rows.length === 0 && <Alert severity="info">{REPORTS_UI.noData}</Alert>}
      {dto && dto.rows.length > 0 && (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} ref={chart}>
            <StatisticsChart dto={dto} labels={labels} />
          </Paper>
          <Paper variant="outlined">
            <StatisticsTable dto={dto} labels={labels} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
