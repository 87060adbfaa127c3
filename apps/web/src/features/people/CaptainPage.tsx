import { Alert, Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { type CaptainCarDto, captainPolicy, MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatDateTime } from '../../components/time';
import { usePolicy } from '../auth/currentUser';
import { useAuthedImage, useCaptain, useCaptainCars } from './api';
import { ActivateCaptainDialog, BlockCaptainDialog } from './CaptainDialogs';
import { CaptainStatus } from './CaptainsPage';
import { EMPTY_ROW_SX, PageHeader, PersonTabs, ProfileCard, StoredImages } from './components';
import { PersonBookings } from './PersonBookings';

function ColorSwatch({ color }: { color: CaptainCarDto['color'] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          border: 1,
          borderColor: 'divider',
          bgcolor: color?.hex ?? 'transparent',
        }}
      />
      <span>{color?.name ?? '—'}</span>
    </Stack>
  );
}

const CAR_COLUMNS: readonly TableColumn<CaptainCarDto>[] = [
  { key: 'number', label: 'Number', render: (car) => car.number },
  { key: 'brand', label: 'Brand', render: (car) => car.brand?.name ?? '—' },
  { key: 'model', label: 'Model', render: (car) => car.model?.name ?? '—' },
  { key: 'color', label: 'Color', render: (car) => <ColorSwatch color={car.color} /> },
  { key: 'type', label: 'Type', render: (car) => car.vehicle_type },
  { key: 'seats', label: 'Seats', render: (car) => car.seats },
];

function Cars({ id }: { id: number }) {
  const cars = useCaptainCars(id);
  if (!cars.isSuccess) return <FetchState query={cars} />;
  return (
    <RowsTable
      columns={CAR_COLUMNS}
      rows={cars.data}
      rowKey={(car) => car.id}
      empty={MSG.noData}
      emptySx={EMPTY_ROW_SX}
      testId="captain-cars"
    />
  );
}

/** /captains/{id}: profile, cars, documents, bookings, link to monthly bookings; activation and punishment. */
export default function CaptainPage() {
  const id = Number(useParams().id);
  const allows = usePolicy();
  const query = useCaptain(id);
  const [activating, setActivating] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const photo = useAuthedImage(query.data?.profile_image);
  const c = query.data;
  if (!query.isSuccess || !c) return <FetchState query={query} />;
  const blocked = Boolean(c.blocked_until && new Date(c.blocked_until) > new Date());

  return (
    <Stack spacing={2}>
      <PageHeader
        title={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={photo.url ?? undefined}>{c.first_name[0]}</Avatar>
            <span>
              {c.full_name}{' '}
              <Typography component="span" color="text.secondary">
                #{c.id}
              </Typography>
            </span>
            <CaptainStatus c={c} />
          </Stack>
        }
        actions={
          <>
            <Button component={RouterLink} to={pathTo('CaptainMonthlyBookings', { id: c.id })}>
              Monthly bookings
            </Button>
            {allows(captainPolicy.change) && (
              <Button variant="outlined" component={RouterLink} to={pathTo('DriversCreateCar', { id: c.id })}>
                Add car
              </Button>
            )}
            {allows(captainPolicy.punish) && !blocked && (
              <Button variant="outlined" color="error" onClick={() => setBlocking(true)}>
                Block
              </Button>
            )}
            {allows(captainPolicy.change) && (
              <Button variant="contained" onClick={() => setActivating(true)} data-testid="activate-captain">
                {c.active ? 'Change cash register' : 'Activate'}
              </Button>
            )}
          </>
        }
      />
      {blocked && (
        <Alert severity="error">
          Blocked until {formatDateTime(c.blocked_until)}: {c.block_reason}
        </Alert>
      )}
      <ProfileCard
        fields={[
          ['Username', c.username],
          ['Phone', c.phone_number],
          ['WhatsApp', c.whatsapp_number],
          ['E-mail', c.email],
          ['Cash register', c.cash_register?.name],
          ['Activated', c.activated_at ? formatDateTime(c.activated_at) : null],
          ['Registered', c.registered ? 'Yes' : 'No'],
          ['Created', formatDateTime(c.created_at)],
        ]}
        footer={
          c.conversation_id && (
            <Button
              size="small"
              component={RouterLink}
              to={`/messages?conversation=${encodeURIComponent(c.conversation_id)}`}
            >
              Open conversation
            </Button>
          )
        }
      />
      <PersonTabs
        tabs={[
          { id: 'cars', label: `Cars (${c.cars_count ?? 0})`, content: <Cars id={c.id} /> },
          {
            id: 'documents',
            label: 'Documents',
            content: <StoredImages images={[[c.profile_image, 'Profile photo']]} />,
          },
          { id: 'bookings', label: 'Bookings', content: <PersonBookings kind="captain" id={c.id} /> },
        ]}
      />
      <ActivateCaptainDialog captainId={c.id} open={activating} onClose={() => setActivating(false)} />
      <BlockCaptainDialog captainId={c.id} open={blocking} onClose={() => setBlocking(false)} />
    </Stack>
  );
}
