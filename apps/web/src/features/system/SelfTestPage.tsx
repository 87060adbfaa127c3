import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
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
import {
  EVENTS,
  SELF_TEST_EVENT_WAIT_MS,
  type SelfTestDto,
  type SelfTestResult,
  SELF_TEST_UI as ui,
} from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { useSocketEvent } from '../../api/socket';
import { formatNumber, formatTime } from '../../i18n/format';
import { liveCheck, type ShownResult } from './selfTestResults';

const STATUS_COLOUR = { ok: 'success', failed: 'error', skipped: 'default', waiting: 'info' } as const;

function ResultRow({ r }: { r: ShownResult }) {
  return (
    <TableRow data-testid={`self-test-${r.check}`} data-status={r.status}>
      <TableCell component="th" scope="row">
        {ui.checks[r.check]}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOUR[r.status]} label={ui.statuses[r.status]} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {ui.milliseconds(formatNumber(r.ms))}
      </TableCell>
      <TableCell sx={{ unicodeBidi: 'plaintext' }}>{r.detail}</TableCell>
    </TableRow>
  );
}

/**
 * /test: the self-test. One click makes the database, the job worker, the disk, the street graph, the
 * mail server and the live connection each do their real work once; the live event is awaited here.
 */
export default function SelfTestPage() {
  useTranslation();
  const [run, setRun] = useState<SelfTestDto | null>(null);
  // Nonces of the self-test events this console received (the event may beat the answer).
  const heard = useRef(new Set<string>());
  const [, setHeardCount] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useSocketEvent(EVENTS.selfTest, ({ nonce }) => {
    heard.current.add(nonce);
    setHeardCount(heard.current.size);
  });

  const mutation = useApiMutation({
    mutationFn: () => api(endpoints.selfTest).then((res) => res.data),
    onMutate: () => {
      setRun(null);
      setTimedOut(false);
    },
    onSuccess: setRun,
  });

  // The live event gets a few seconds after the answer before it counts as lost.
  useEffect(() => {
    if (!run) return;
    const timer = setTimeout(() => setTimedOut(true), SELF_TEST_EVENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [run]);

  const shown: ShownResult[] = run
    ? run.results.map((r: SelfTestResult) =>
        r.check === 'realtime' ? liveCheck(r, heard.current.has(run.nonce), timedOut) : r,
      )
    : [];
  const failed = shown.filter((r) => r.status === 'failed').length;
  const settled = shown.every((r) => r.status !== 'waiting');

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography color="textSecondary">{ui.intro}</Typography>
      <Box>
        <Button
          variant="contained"
          data-testid="self-test-run"
          onClick={() => mutation.mutate()}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? ui.running : ui.run}
        </Button>
      </Box>
      {mutation.isPending && <LinearProgress aria-label={ui.running} />}
      {!run && !mutation.isPending && <Typography color="textSecondary">{ui.never}</Typography>}
      {run && (
        <>
          <Typography variant="body2" color="textSecondary">
            {ui.ranAt(formatTime(run.ran_at))}
          </Typography>
          {settled && (
            <Alert severity={failed ? 'error' : 'success'} data-testid="self-test-summary">
              {failed ? ui.someFailed(failed) : ui.allPassed}
            </Alert>
          )}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={ui.run}>
              <TableHead>
                <TableRow>
                  <TableCell>{ui.check}</TableCell>
                  <TableCell>{ui.result}</TableCell>
                  <TableCell align="right">{ui.time}</TableCell>
                  <TableCell>{ui.detail}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((r) => (
                  <ResultRow key={r.check} r={r} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
