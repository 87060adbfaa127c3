import { Alert, Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { type CaptainCarDto, CONTRACT_MSG, captainPolicy, MSG, pathTo, RATING_UI, TERMS_MSG } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { CaptainCapabilities } from '../fleet/CaptainCapabilities';
import { CaptainLowRatings, CaptainRatingSummary } from '../ratings/CaptainRating';
import { PhoneLink } from '../voice/PhoneLink';
import { Account } from './Account';
import { useAuthedImage, useCaptain, useCaptainCars } from './api';
import { CaptainContract } from './CaptainContract';
import { ActivateCaptainDialog, BlockCaptainDialog } from './CaptainDialogs';
import { CaptainStatus } from './CaptainsPage';
import { EMPTY_ROW_SX, PageHeader, PersonTabs, PhoneText, ProfileCard, StoredImages } from './components';
import { PersonBookings } from './PersonBookings';
import { TermsChip } from './TermsChip';

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
      <span>{color ? dataLabel(color.name) : '—'}</span>
    </Stack>
  );
}

const carColumns = (t: (source: string) => string): readonly TableColumn<CaptainCarDto>[] => [
  { key: 'number', label: t('Number'), render: (car) => car.number },
  { key: 'brand', label: t('Brand'), render: (car) => car.brand?.name ?? '—' },
  { key: 'model', label: t('Model'), render: (car) => car.model?.name ?? '—' },
  { key: 'color', label: t('Color'), render: (car) => <ColorSwatch color={car.color} /> },
  { key: 'type', label: t('Type'), render: (car) => dataLabel(car.vehicle_type) },
  { key: 'seats', label: t('Seats'), render: (car) => car.seats },
];

function Cars({ id }: { id: number }) {
  const { t } = useTranslation();
  const cars = useCaptainCars(id);
  if (!cars.isSuccess) return <FetchState query={cars} />;
  return (
    <RowsTable
      columns={carColumns(t)}
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
  const { t } = useTranslation();
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
              <Typography component="span" color="textSecondary">
                #{c.id}
              </Typography>
            </span>
            <CaptainStatus c={c} />
          </Stack>
        }
        actions={
          <>
            <Button component={RouterLink} to={pathTo('CaptainMonthlyBookings', { id: c.id })}>
              {t('Monthly bookings')}
            </Button>
            {allows(captainPolicy.change) && (
              <Button variant="outlined" component={RouterLink} to={pathTo('DriversCreateCar', { id: c.id })}>
                {t('Add car')}
              </Button>
            )}
            {allows(captainPolicy.punish) && !blocked && (
              <Button variant="outlined" color="error" onClick={() => setBlocking(true)}>
                {t('Block')}
              </Button>
            )}
            {allows(captainPolicy.change) && (
              <Button variant="contained" onClick={() => setActivating(true)} data-testid="activate-captain">
                {c.active ? t('Change cash register') : t('Activate')}
              </Button>
            )}
          </>
        }
      />
      {blocked && (
        <Alert severity="error">
          {t('Blocked until {{date}}: {{reason}}', { date: formatDateTime(c.blocked_until), reason: c.block_reason })}
        </Alert>
      )}
      <ProfileCard
        fields={[
          [t('Username'), c.username],
          [t('Phone'), c.phone_number ? <PhoneLink key="phone" value={c.phone_number} /> : null],
          [t('WhatsApp'), c.whatsapp_number ? <PhoneText key="whatsapp" value={c.whatsapp_number} /> : null],
          [t('E-mail'), c.email],
          [t('Cash register'), dataLabel(c.cash_register?.name)],
          [t('Activated'), c.activated_at ? formatDateTime(c.activated_at) : null],
          [t('Registered'), c.registered ? t('Yes') : t('No')],
          [t('Created'), formatDateTime(c.created_at)],
          [TERMS_MSG.heading, <TermsChip key="terms" audience="captain" id={c.id} />],
          [CONTRACT_MSG.heading, <CaptainContract key="contract" id={c.id} editable={allows(captainPolicy.change)} />],
          ...(allows(captainPolicy.rating)
            ? [[RATING_UI.average, <CaptainRatingSummary key="rating" captainId={c.id} />] as const]
            : []),
        ]}
        footer={
          c.conversation_id && (
            <Button
              size="small"
              component={RouterLink}
              to={`/messages?conversation=${encodeURIComponent(c.conversation_id)}`}
            >
              {t('Open conversation')}
            </Button>
          )
        }
      />
      <PersonTabs
        tabs={[
          { id: 'cars', label: t('Cars ({{n}})', { n: c.cars_count ?? 0 }), content: <Cars id={c.id} /> },
          {
            id: 'documents',
            label: t('Documents'),
            content: <StoredImages images={[[c.profile_image, t('Profile photo')]]} />,
          },
          { id: 'bookings', label: t('Bookings'), content: <PersonBookings kind="captain" id={c.id} /> },
          { id: 'account', label: t('Account entries'), content: <Account kind="captain" id={c.id} /> },
          {
            id: 'capabilities',
            label: t('Capabilities'),
            content: <CaptainCapabilities captainId={c.id} canEdit={allows(captainPolicy.change)} />,
          },
          ...(allows(captainPolicy.rating)
            ? [{ id: 'ratings', label: RATING_UI.ratings, content: <CaptainLowRatings captainId={c.id} /> }]
            : []),
        ]}
      />
      <ActivateCaptainDialog captainId={c.id} open={activating} onClose={() => setActivating(false)} />
      <BlockCaptainDialog captainId={c.id} open={blocking} onClose={() => setBlocking(false)} />
    </Stack>
  );
}
