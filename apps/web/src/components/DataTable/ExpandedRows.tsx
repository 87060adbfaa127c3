import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MSG, type ResourceRow } from '@taxi/shared';
import { errorMessage, http } from '../../api/client';

/** The declaration's `expand` list under a row: `GET {url}` as a small table. */
export function ExpandedRows({ url, columns }: { url: string; columns: readonly { name: string; label: string }[] }) {
  const query = useQuery({
    queryKey: ['resources', 'expand', url],
    queryFn: ({ signal }) => http.get<ResourceRow[] | { data: ResourceRow[] }>(url, undefined, signal),
  });
  const rows = Array.isArray(query.data) ? query.data : (query.data?.data ?? []);
  if (query.isLoading) return <LinearProgress />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.name}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{MSG.noData}</TableCell>
          </TableRow>
        )}
        {rows.map((r) => (
          <TableRow key={r.id}>
            {columns.map((c) => (
              <TableCell key={c.name}>{String(r[c.name] ?? '')}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
