import {
  Alert,
  Avatar,
  Box,
  Button,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { captainPolicy, MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDateTime } from '../../components/time';
import { usePolicy } from '../auth/currentUser';
import { useAuthedImage, useCaptain, useCaptainCars } from './api';
import { ActivateCaptainDialog, BlockCaptainDialog } from './CaptainDialogs';
import { CaptainStatus } from './CaptainsPage';
import { FieldCells, PageHeader, StoredImage } from './components';
import { PersonBookings } from './PersonBookings';

function Cars({ id }: { id: number }) {
  const cars = useCaptainCars(id);
  if (cars.isPending) return <LinearProgress />;
  if (cars.isError) return <Alert severity="error">{errorMessage(cars.error)}</Alert>;
  return (
    <Table size="small" data-testid="captain-cars">
      <TableHead>
        <TableRow>
          <TableCell>Number</TableCell>
          <TableCell>Brand</TableCell>
          <TableCell>Model</TableCell>
          <TableCell>Color</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Seats</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {cars.data.map((car) => (
          <TableRow key={car.id}>
            <TableCell>{car.number}</TableCell>
            <TableCell>{car.brand?.name ?? '—'}</TableCell>
            <TableCell>{car.model?.name ?? '—'}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 14,
                    height: 14,
                    borderRadius: '50%',
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: car.color?.hex ?? 'transparent',
                  }}
                />
                <span>{car.color?.name ?? '—'}</span>
              </Stack>
            </TableCell>
            <TableCell>{car.vehicle_type}</TableCell>
            <TableCell>{car.seats}</TableCell>
          </TableRow>
        ))}
        {cars.data.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }}>
              {MSG.noData}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

/** /captains/{id}: profile, cars, documents, bookings, link to monthly bookings; activation and punishment. */
export default function CaptainPage() {
  const id = Number(useParams().id);
  const allows = usePolicy();
  const query = useCaptain(id);
  const [tab, setTab] = useState(0);
  const [activating, setActivating] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const photo = useAuthedImage(query.data?.profile_image);
  const c = query.data;
  if (query.isPending) return <LinearProgress />;
  if (query.isError || !c) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
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
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container spacing={2}>
          <FieldCells
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
          />
          {c.conversation_id && (
            <Grid size={{ xs: 12 }}>
              <Button
                size="small"
                component={RouterLink}
                to={`/messages?conversation=${encodeURIComponent(c.conversation_id)}`}
              >
                Open conversation
              </Button>
            </Grid>
          )}
        </Grid>
      </Paper>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          <Tab label={`Cars (${c.cars_count ?? 0})`} />
          <Tab label="Documents" />
          <Tab label="Bookings" />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 0 && <Cars id={c.id} />}
          {tab === 1 && (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <StoredImage name={c.profile_image} label="Profile photo" />
              </Grid>
            </Grid>
          )}
          {tab === 2 && <PersonBookings kind="captain" id={c.id} />}
        </Box>
      </Paper>
      <ActivateCaptainDialog captainId={c.id} open={activating} onClose={() => setActivating(false)} />
      <BlockCaptainDialog captainId={c.id} open={blocking} onClose={() => setBlocking(false)} />
    </Stack>
  );
}
