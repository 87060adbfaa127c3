import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { REPORTS_UI, type StatisticsDto, statisticsColumns } from '@taxi/shared';
import { formatEuros, formatNumber } from '../../i18n/format';
import { formatPercent } from './format';

export function StatisticsTable({ dto, labels }: { dto: StatisticsDto; labels: string[] }) {
  const revenue = dto.totals.revenue_eur !== undefined;
  const headers = statisticsColumns(dto);
  return (
    <TableContainer>
      <Table size="small" aria-label={REPORTS_UI.table}>
        <TableHead>
          <TableRow>
            {headers.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {dto.rows.map((r, i) => (
            <TableRow key={r.key} data-testid="statistics-row">
              <TableCell component="th" scope="row">
                {labels[i]}
              </TableCell>
              <TableCell align="right">{formatNumber(r.bookings)}</TableCell>
              <TableCell align="right">{formatNumber(r.completed)}</TableCell>
              <TableCell align="right">{formatNumber(r.cancelled)}</TableCell>
              {revenue && <TableCell align="right">{formatEuros(r.revenue_eur ?? 0)}</TableCell>}
              <TableCell align="right" sx={r.utilisation === null ? { color: 'text.secondary' } : undefined}>
                {r.utilisation === null ? REPORTS_UI.nobodyOnShift : formatPercent(r.utilisation, 1)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
