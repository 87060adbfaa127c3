import { Alert, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { PROJECT_SCHEDULE_MSG, pathTo, RESOURCE_MSG, rolesResource, staffResource } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useResourceRow } from '../../components/DataTable/api';
import { ResourceFormPage, ResourcePage } from '../../components/DataTable/ResourcePage';
import { cellText } from '../../components/DataTable/values';
import { useCurrentUser } from '../auth/currentUser';
import { ProjectScheduleForm } from '../planning/ProjectScheduleForm';

export const StaffPage = () => <ResourcePage def={staffResource} />;
export const StaffAddPage = () => <ResourceFormPage def={staffResource} mode="create" />;
export const RolesPage = () => <ResourcePage def={rolesResource} />;

/** /users/{id}: a staff member's details and roles, with the link to their project schedule. */
export function UserProfilePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const me = useCurrentUser();
  const user = useResourceRow(staffResource, staffResource.url, Number(id) || null);
  const row = user.data;
  const roles = (row?.role_list as { id: number; name: string }[] | undefined) ?? [];
  const details = staffResource.fields.filter((f) => f.type !== 'password' && f.name !== 'roles');
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {row ? `${row.first_name} ${row.last_name}` : RESOURCE_MSG.profile}
      </Typography>
      {user.isLoading && <LinearProgress />}
      {user.isError && <Alert severity="error">{errorMessage(user.error)}</Alert>}
      {row && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle2" color="textSecondary">
              {RESOURCE_MSG.userDetails}
            </Typography>
            {details.map((f) => (
              <Stack key={f.name} direction="row" spacing={2}>
                <Typography sx={{ width: 160 }} color="textSecondary">
                  {t(f.label)}
                </Typography>
                <Typography data-testid={`profile-${f.name}`}>
                  {cellText(f, row, RESOURCE_MSG.active, RESOURCE_MSG.inactive)}
                </Typography>
              </Stack>
            ))}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ width: 160 }} color="textSecondary">
                {RESOURCE_MSG.roles}
              </Typography>
              <Stack direction="row" spacing={1}>
                {roles.map((r) => (
                  <Chip key={r.id} label={dataLabel(r.name)} size="small" />
                ))}
              </Stack>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              <Button
                variant="outlined"
                component={RouterLink}
                to={pathTo('UserProjectScheduleCalendar', { id: row.id })}
              >
                {RESOURCE_MSG.projectSchedule}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
      {row && row.id === me.id && (
        <Stack spacing={1} component="section" aria-labelledby="profile-schedule-heading">
          <Typography variant="h6" component="h2" id="profile-schedule-heading">
            {PROJECT_SCHEDULE_MSG.heading}
          </Typography>
          <ProjectScheduleForm />
        </Stack>
      )}
    </Stack>
  );
}
