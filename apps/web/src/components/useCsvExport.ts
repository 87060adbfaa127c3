import { CSV_TOTAL_HEADER, type Endpoint, fillPath } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildUrl, type QueryValue } from '../api/client';
import { getToken } from '../api/session';
import { toast } from '../api/toast';
import { currentLanguage } from '../i18n';
import { attachmentName, type CsvProgress, readCsvBody } from './csvStream';

/** Progress state is refreshed at most this often while rows stream in (one render per frame or so). */
const PROGRESS_EVERY_MS = 100;

/** Saves bytes as a file through a temporary download link. */
function saveFile(chunks: BlobPart[], name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(chunks, { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : response.statusText;
}

/**
 * Streams a list's CSV export (an `export.csv` endpoint with the list's filter): progress from the rows
 * read against X-Total-Count, cancel by aborting the request, then the file is saved. Errors are toasts.
 */
export function useCsvExport() {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const start = useCallback(
    async (endpoint: Endpoint, query: Record<string, QueryValue> = {}, params?: Record<string, string | number>) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ rows: 0, total: null });
      try {
        const token = getToken();
        const response = await fetch(buildUrl(fillPath(endpoint.path, params), query), {
          headers: {
            Accept: 'text/csv',
            // the column headers in the console's language, not the browser's
            'Accept-Language': currentLanguage(),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) {
          toast.error(tr('The export failed: {{message}}', { message: await failure(response) }));
          return;
        }
        const totalHeader = response.headers.get(CSV_TOTAL_HEADER);
        const total = totalHeader === null ? null : Number(totalHeader);
        let shownAt = 0;
        const { chunks, rows } = await readCsvBody(response.body, total, (next) => {
          const now = performance.now();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setProgress(next);
        });
        setProgress({ rows, total });
        saveFile(chunks as BlobPart[], attachmentName(response.headers.get('content-disposition'), 'export.csv'));
        if (total !== null && rows < total) {
          toast.warning(tr('The export stopped after {{count}} of {{total}} rows', { count: rows, total }));
        }
      } catch (error) {
        if (abort.signal.aborted) toast.info(tr('Export cancelled'));
        else toast.error(tr('The export failed: {{message}}', { message: (error as Error).message }));
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    [],
  );

  return { progress, running: progress !== null, start, cancel };
}
