import { Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { PROJECT_SCHEDULE_MSG as M, scheduleAction } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { type PickerOption, ProjectPicker } from '../../components/pickers';
import { formatDateTime } from '../../i18n/format';
import { useLastSchedule, useSchedulesInvalidate } from './api';

/**
 * The project schedule form (people.md §2): without a current project the user picks one and starts
 * ('Schedule Started!'); with one they end it ('Schedule Ended!'). Any failure: 'failed, Server error'.
 */
export function ProjectScheduleForm() {
  const last = useLastSchedule();
  const invalidate = useSchedulesInvalidate();
  const [project, setProject] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const onError = (e: Error) => {
    if (e instanceof ApiError && e.errors.project_id) setError(e.errors.project_id[0]);
    void invalidate();
  };
  const start = useApiMutation({
    mutationFn: (projectId: number) =>
      api(endpoints.startProjectSchedule, { body: { project_id: projectId, from: null, to: null, now: true } }),
    errorText: () => M.failed,
    onSuccess: () => {
      toast.success(M.started);
      setProject(null);
      void invalidate();
    },
    onError,
  });
  const end = useApiMutation({
    mutationFn: (id: number) => api(endpoints.endProjectSchedule, { params: { id }, body: { to: null } }),
    errorText: () => M.failed,
    onSuccess: () => {
      toast.success(M.ended);
      void invalidate();
    },
    onError,
  });
  if (last.isLoading) return <Skeleton height={56} />;
  const current = last.data ?? null;
  const action = scheduleAction(current);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="project-schedule-form" data-action={action}>
      {action === 'started' || !current ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Stack spacing={0.5} sx={{ flex: 1, minWidth: 240 }}>
            <Typography color="textSecondary">{M.noCurrent}</Typography>
            <ProjectPicker
              label={M.project}
              value={project}
              onChange={(v) => {
                setProject(v);
                setError(undefined);
              }}
              error={error}
              testId="project-picker"
            />
          </Stack>
          <Button
            variant="contained"
            disabled={!project || start.isPending}
            onClick={() => project && start.mutate(project.id)}
            sx={{ mt: { sm: 3.5 } }}
          >
            {M.start}
          </Button>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }} data-testid="current-project">
            {M.current(dataLabel(current.project.name), formatDateTime(current.from))}
          </Typography>
          <Button variant="contained" color="warning" disabled={end.isPending} onClick={() => end.mutate(current.id)}>
            {M.end}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
