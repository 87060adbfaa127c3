import { Alert, Box, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { STATUS_LIMITS, SYSTEM_STATUS_UI, type SystemStatusDto, statusWarnings } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { FetchState } from '../../components/FetchState';
import { formatDateTime, formatNumber, formatTime } from '../../i18n/format';

/** How often the figures are read again while the page is open. */
const REFRESH_MS = 5000;

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' } as const;

/** A figure's row: its label, its value, and a warning chip past its limit. */
function Figure({ label, value, warn = false, id }: { label: string; value: ReactNode; warn?: boolean; id: string }) {
  return (
    <ListItem disableGutters secondaryAction={<Value warn={warn} value={value} id={id} />}>
      <ListItemText primary={label} />
    </ListItem>
  );
}

function Value({ value, warn, id }: { value: ReactNode; warn: boolean; id: string }) {
  return warn ? (
    <Chip color="warning" size="small" label={value} data-testid={`status-${id}`} />
  ) : (
    <Typography component="span" sx={{ unicodeBidi: 'plaintext' }} data-testid={`status-${id}`}>
      {value}
    </Typography>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const ui = SYSTEM_STATUS_UI;
const uptime = (s: number) => ui.duration(Math.floor(s / 3600), Math.floor((s % 3600) / 60));

function Sections({ s }: { s: SystemStatusDto }) {
  const yesNo = (b: boolean) => (b ? ui.yes : ui.no);
  const pool = s.database.pool;
  return (
    <Box sx={grid}>
      <Section title={ui.server}>
        <List dense>
          <Figure id="version" label={ui.version} value={s.server.version} />
          <Figure id="environment" label={ui.environment} value={s.server.app_env} />
          <Figure id="node" label={ui.node} value={s.server.node} />
          <Figure id="started" label={ui.started} value={formatDateTime(s.server.started_at)} />
          <Figure id="uptime" label={ui.uptime} value={uptime(s.server.uptime_s)} />
          <Figure id="memory" label={ui.memory} value={ui.megabytes(formatNumber(s.server.rss_mb))} />
          <Figure id="heap" label={ui.heap} value={ui.megabytes(formatNumber(s.server.heap_used_mb))} />
          <Figure
            id="loop"
            label={ui.loopDelay}
            value={ui.milliseconds(formatNumber(s.server.loop_delay_p99_ms))}
            warn={s.server.loop_delay_p99_ms > STATUS_LIMITS.loopDelayMs}
          />
        </List>
      </Section>
      <Section title={ui.database}>
        <List dense>
          <Figure id="engine" label={ui.engine} value={ui.engines[s.database.engine]} />
          <Figure
            id="latency"
            label={ui.latency}
            value={ui.milliseconds(formatNumber(s.database.latency_ms))}
            warn={s.database.latency_ms > STATUS_LIMITS.dbLatencyMs}
          />
          <Figure
            id="pool"
            label={ui.pool}
            value={`${formatNumber(pool.total - pool.idle)} / ${formatNumber(pool.total)}, ${formatNumber(pool.waiting)}`}
            warn={pool.waiting >= STATUS_LIMITS.poolWaiting}
          />
        </List>
      </Section>
      <Section title={ui.realtime}>
        <List dense>
          <Figure id="sockets" label={ui.sockets} value={formatNumber(s.realtime.sockets)} />
          <Figure id="redis" label={ui.redis} value={yesNo(s.realtime.redis)} />
        </List>
      </Section>
      <Section title={ui.http}>
        <List dense>
          <Figure id="requests" label={ui.requests} value={formatNumber(s.http.requests)} />
          <Figure
            id="server-errors"
            label={ui.serverErrors}
            value={formatNumber(s.http.server_errors)}
            warn={s.http.server_errors > 0}
          />
          <Figure id="client-errors" label={ui.clientErrors} value={formatNumber(s.http.client_errors)} />
        </List>
      </Section>
      <Section title={ui.jobs}>
        <List dense>
          <Figure id="jobs-due" label={ui.due} value={formatNumber(s.jobs.due)} />
          <Figure id="jobs-scheduled" label={ui.scheduled} value={formatNumber(s.jobs.scheduled)} />
          <Figure id="jobs-failing" label={ui.failing} value={formatNumber(s.jobs.failing)} warn={s.jobs.failing > 0} />
          <Figure
            id="jobs-oldest"
            label={ui.oldestDue}
            value={ui.seconds(formatNumber(s.jobs.oldest_due_s))}
            warn={s.jobs.oldest_due_s > STATUS_LIMITS.oldestDueJobS}
          />
        </List>
        {s.jobs.by_kind.length === 0 ? (
          <Typography color="textSecondary">{ui.noJobs}</Typography>
        ) : (
          <List dense aria-label={ui.kind} data-testid="status-job-kinds">
            {s.jobs.by_kind.map((k) => (
              <ListItem key={k.kind} disableGutters>
                <ListItemText
                  primary={<span dir="ltr">{k.kind}</span>}
                  secondary={`${ui.due} ${formatNumber(k.due)} · ${ui.scheduled} ${formatNumber(k.scheduled)} · ${ui.failing} ${formatNumber(k.failing)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={ui.simulator}>
        {s.simulator ? (
          <List dense>
            <Figure id="sim-captains" label={ui.simCaptains} value={formatNumber(s.simulator.captains)} />
            <Figure id="sim-bookings" label={ui.simBookings} value={formatNumber(s.simulator.bookings)} />
            <Figure id="sim-paid" label={ui.simPaid} value={formatNumber(s.simulator.paid)} />
            <Figure id="sim-pax-cancels" label={ui.simPaxCancels} value={formatNumber(s.simulator.passenger_cancels)} />
            <Figure
              id="sim-captain-cancels"
              label={ui.simCaptainCancels}
              value={formatNumber(s.simulator.captain_cancels)}
            />
            <Figure
              id="sim-errors"
              label={ui.simErrors}
              value={formatNumber(s.simulator.errors)}
              warn={s.simulator.errors > 0}
            />
          </List>
        ) : (
          <Typography color="textSecondary" data-testid="status-simulator-off">
            {ui.simulatorOff}
          </Typography>
        )}
      </Section>
    </Box>
  );
}

/** /debug_view: this server's health for the administrators, read again every 5 seconds. */
export default function DebugViewPage() {
  useTranslation();
  const query = useQuery({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => apiData(endpoints.systemStatus, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const s = query.data;
  const warnings = s ? statusWarnings(s) : [];
  return (
    <Stack spacing={2}>
      <FetchState query={query} />
      {s && (
        <>
          <Typography variant="body2" color="textSecondary">
            {ui.updated(formatTime(s.generated_at))}
          </Typography>
          {warnings.length === 0 ? (
            <Alert severity="success" data-testid="status-summary">
              {ui.allGood}
            </Alert>
          ) : (
            <Alert severity="warning" data-testid="status-summary">
              {warnings.map((w) => ui.warnings[w]).join(' · ')}
            </Alert>
          )}
          <Sections s={s} />
        </>
      )}
    </Stack>
  );
}
