import { Button, Chip, Stack, Typography } from '@mui/material';
import { hasIdDocs, PEOPLE_MSG, passengerPolicy, TERMS_MSG, VOICE_UI, voicePolicy } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { CallLog } from '../voice/CallLog';
import { PhoneLink } from '../voice/PhoneLink';
import { Account } from './Account';
import { usePassenger } from './api';
import { useClaimedWizard } from './approvals';
import { Field, LoyaltyBadges, PageHeader, PersonTabs, PhoneText, ProfileCard, StoredImages } from './components';
import { PassengerConfirmationDialog } from './PassengerConfirmationDialog';
import { PersonBookings } from './PersonBookings';
import { RemoveDocumentsDialog } from './RemoveDocumentsDialog';
import { TermsChip } from './TermsChip';

/** /passengers/{id}: profile, documents, bookings, account entries; Approve (wizard) and Remove documents. */
export default function PassengerPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const allows = usePolicy();
  const query = usePassenger(id);
  // A passenger of the approvals queue (documents sent, not approved) is claimed first, as on the queue page, so two
  // operators never confirm the same one (a 409 names who was first); a review, or a passenger without documents
  // (in no queue), opens the wizard at once.
  const [wizard, setWizard] = useState(false);
  const claimed = useClaimedWizard();
  const [removing, setRemoving] = useState(false);
  const p = query.data;
  if (!query.isSuccess || !p) return <FetchState query={query} />;
  const editable = allows(passengerPolicy.change);
  const inQueue = !p.approved_at && hasIdDocs(p);

  return (
    <Stack spacing={2}>
      <PageHeader
        title={
          <>
            {p.full_name}{' '}
            <Typography component="span" color="textSecondary">
              #{p.id}
            </Typography>
          </>
        }
        actions={
          editable && (
            <>
              <Button variant="outlined" color="error" disabled={!hasIdDocs(p)} onClick={() => setRemoving(true)}>
                {PEOPLE_MSG.removeDocuments}
              </Button>
              <Button
                variant="contained"
                onClick={() => (inQueue ? claimed.claim(p.id) : setWizard(true))}
                disabled={!p.can_be_approved || claimed.claiming === p.id}
                data-testid="approve-button"
              >
                {p.approved_at ? t('Review') : t('Approve')}
              </Button>
            </>
          )
        }
      />
      <Stack direction="row" spacing={1}>
        {p.approved_at ? (
          <Chip color="success" label={t('Approved {{date}}', { date: formatDateTime(p.approved_at) })} />
        ) : (
          <Chip label={t('Not approved')} />
        )}
        <Chip
          color={hasIdDocs(p) ? 'info' : 'default'}
          label={hasIdDocs(p) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs}
        />
        {!p.registered && <Chip color="warning" label={t('Unregistered')} />}
        {p.can_use_vip && <Chip color="secondary" label={t('VIP')} />}
        {!p.can_be_approved && <Chip color="error" label={PEOPLE_MSG.passengerNotApprovable} />}
      </Stack>
      <ProfileCard
        fields={[
          [t('First name'), p.first_name],
          [t('Last name'), p.last_name],
          [t('Username'), p.username],
          [t('E-mail'), p.email],
          [t('Phone'), p.phone_number ? <PhoneLink key="phone" value={p.phone_number} /> : null],
          [t('WhatsApp'), p.whatsapp_number ? <PhoneText key="whatsapp" value={p.whatsapp_number} /> : null],
          [t('Created'), formatDateTime(p.created_at)],
          [t('Rejected documents'), p.rejected_count],
          [TERMS_MSG.heading, <TermsChip key="terms" audience="passenger" id={p.id} />],
        ]}
        footer={
          <Field label={t('Loyalty')}>
            <LoyaltyBadges classes={p.active_loyalty_classes} />
          </Field>
        }
      />
      <PersonTabs
        tabs={[
          {
            id: 'documents',
            label: t('Documents'),
            content: (
              <StoredImages
                images={[
                  [p.id_card_front, t('ID card front')],
                  [p.id_card_back, t('ID card back')],
                ]}
              />
            ),
          },
          { id: 'bookings', label: t('Bookings'), content: <PersonBookings kind="passenger" id={p.id} /> },
          { id: 'entries', label: t('Account entries'), content: <Account kind="passenger" id={p.id} /> },
          // The calls from or to the passenger's number, for those who take calls.
          ...(allows(voicePolicy.calls) && p.phone_number
            ? [
                {
                  id: 'calls',
                  label: VOICE_UI.calls,
                  content: <CallLog filters={{ number: p.phone_number }} testId="passenger-calls" />,
                },
              ]
            : []),
        ]}
      />
      <PassengerConfirmationDialog
        passengerId={wizard ? p.id : claimed.wizardId}
        onClose={(approved) => (wizard ? setWizard(false) : claimed.close(approved))}
      />
      <RemoveDocumentsDialog passengerId={p.id} open={removing} onClose={() => setRemoving(false)} />
    </Stack>
  );
}
