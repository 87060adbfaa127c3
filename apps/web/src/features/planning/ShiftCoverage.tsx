import {
  Alert,
  Box,
  List,
  ListItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SHIFT_MSG as M } from '@taxi/shared';
import { FetchState } from '../../components/FetchState';
import { formatNumber } from '../../i18n/format';
import { useShiftCoverage } from './api';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Coverage of a city day: captains planned per sector (rows) and hour (columns). A sector-hour without
 * anyone is a gap, drawn in the warning colour; captains with overlapping shifts are listed as conflicts.
 */
export function ShiftCoverage({ day }: { day: string }) {
  const coverage = useShiftCoverage(day);
  const data = coverage.data;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="textSecondary">
        {M.coverageHelp}
      </Typography>
      <FetchState query={coverage} />
      {data && (
        <>
          {data.gaps > 0 && (
            <Alert severity="warning" data-testid="coverage-gaps">
              {M.gaps(data.gaps)}
            </Alert>
          )}
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label={M.coverage} data-testid="coverage-grid">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {M.sector}
                    </TableCell>
                    {HOURS.map((h) => (
                      <TableCell key={h} component="th" scope="col" align="center" sx={{ px: 0.5 }}>
                        {String(h).padStart(2, '0')}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.sectors.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        {s.name}
                      </TableCell>
                      {s.hours.map((n, h) => (
                        <TableCell
                          // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the cell's identity
                          key={h}
                          align="center"
                          title={n === 0 ? M.gap : undefined}
                          data-gap={n === 0 ? 'true' : undefined}
                          sx={{
                            px: 0.5,
                            ...(n === 0
                              ? { bgcolor: 'warning.main', color: 'warning.contrastText', fontWeight: 700 }
                              : {}),
                          }}
                        >
                          {formatNumber(n)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {M.conflicts}
            </Typography>
            {data.conflicts.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                {M.noConflicts}
              </Typography>
            ) : (
              <List dense data-testid="coverage-conflicts">
                {data.conflicts.map((c) => (
                  <ListItem key={c.shift_ids.join('-')} sx={{ color: 'error.main' }}>
                    {M.conflict(c.captain)}
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
