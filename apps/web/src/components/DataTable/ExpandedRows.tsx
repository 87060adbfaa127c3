import { LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints, MSG, type ResourceDef, type ResourceRow } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { apiData } from '../../api/endpoints';
import { LoadError } from '../LoadError';

type Columns = readonly { name: string; label: string }[];

/** The declaration's `expand` list under a row: `GET {expand.url}` as a small table. */
export function ExpandedRows({ def, rowId, columns }: { def: ResourceDef; rowId: number; columns: Columns }) {
  const { t } = useTranslation();
  const expand = catalogueEndpoints(def).expand;
  const query = useQuery({
    queryKey: ['resources', 'expand', expand.path, rowId],
    queryFn: ({ signal }) => apiData(expand, { params: { id: rowId }, signal }),
  });
  const rows = (Array.isArray(query.data) ? query.data : (query.data?.data ?? [])) as ResourceRow[];
  if (query.isLoading) return <LinearProgress />;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.name}>{t(c.label)}</TableCell>
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
