import { LinearProgress, type SxProps, type Theme } from '@mui/material';
import { LoadError } from './LoadError';

/**
 * A list's fetch state above its table: the progress bar while it fetches, then its error with the request id
 * and Retry (the query's refetch). `keepSpace` keeps the bar's height when idle so the table does not jump.
 */
export function FetchState({
  query,
  keepSpace = false,
  alertSx,
}: {
  query: { isFetching: boolean; isError: boolean; error: unknown; refetch?: () => unknown };
  keepSpace?: boolean;
  alertSx?: SxProps<Theme>;
}) {
  return (
    <>
      {keepSpace ? (
        // Hidden between fetches, and still: an indeterminate bar would go on animating where nobody sees it.
        <LinearProgress
          sx={
            query.isFetching ? undefined : { visibility: 'hidden', '& .MuiLinearProgress-bar': { animation: 'none' } }
          }
        />
      ) : (
        query.isFetching && <LinearProgress />
      )}
      {query.isError && <LoadError error={query.error} retry={query.refetch} sx={alertSx} />}
    </>
  );
}
