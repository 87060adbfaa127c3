import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DIALOG_RESET_DELAY_MS,
  hasIdDocs,
  type PassengerDto,
  PEOPLE_MSG,
  passengerConfirmationSchema,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { toast } from '../../api/toast';
import { ImagePicker } from '../../components/pickers';
import { formatPhone } from '../../i18n/format';
import { peopleKeys, useActivatePassenger, useAuthedImage, usePeopleInvalidate } from './api';

type Errors = Partial<
  Record<'first_name' | 'last_name' | 'whatsapp_number' | 'id_card_front' | 'id_card_back', string>
>;

/**
 * The passenger confirmation wizard (people.md §2): step 1 Personal Info saved through
 * POST passenger/{id} (multipart, _method PUT, images only when changed); step 2 Finish with
 * 'Approve Passenger'. `onClose(approved)` tells the caller whether the passenger was approved.
 */
export function PassengerConfirmationDialog(props: {
  passengerId: number | null;
  onClose: (approved: boolean) => void;
}) {
  const open = props.passengerId !== null;
  const [id, setId] = useState<number | null>(props.passengerId);
  useEffect(() => {
    if (props.passengerId !== null) setId(props.passengerId);
  }, [props.passengerId]);
  return (
    <Dialog open={open} onClose={() => props.onClose(false)} maxWidth="md" fullWidth data-testid="passenger-wizard">
      {id !== null && <WizardBody key={id} id={id} open={open} onClose={props.onClose} />}
    </Dialog>
  );
}

function WizardBody({ id, open, onClose }: { id: number; open: boolean; onClose: (approved: boolean) => void }) {
  const { t } = useTranslation();
  const invalidate = usePeopleInvalidate();
  const passenger = useQuery({
    queryKey: peopleKeys.passenger(id),
    queryFn: ({ signal }) => apiData(endpoints.passenger, { params: { id }, signal }),
  });
  const [step, setStep] = useState(0);
  const [approved, setApproved] = useState(false);
  const [form, setForm] = useState({ first_name: '', last_name: '', whatsapp_number: '' });
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<PassengerDto | null>(null);
  const current = saved ?? passenger.data ?? null;
  const frontImage = useAuthedImage(current?.id_card_front);
  const backImage = useAuthedImage(current?.id_card_back);

  useEffect(() => {
    if (passenger.data && !saved) {
      setForm({
        first_name: passenger.data.first_name,
        last_name: passenger.data.last_name,
        whatsapp_number: passenger.data.whatsapp_number ?? passenger.data.phone_number,
      });
    }
  }, [passenger.data, saved]);

  // The dialog state resets 300 ms after closing (people.md §4).
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setStep(0);
      setApproved(false);
      setFront(null);
      setBack(null);
      setErrors({});
      setSaved(null);
    }, DIALOG_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const save = useMutation({
    mutationFn: async () => {
      const body = new FormData();
      body.set('first_name', form.first_name);
      body.set('last_name', form.last_name);
      body.set('whatsapp_number', form.whatsapp_number);
      if (front) body.set('id_card_front', front);
      if (back) body.set('id_card_back', back);
      return api(endpoints.confirmPassenger, { params: { id }, body });
    },
    onSuccess: (res) => {
      setSaved(res.data);
      setFront(null);
      setBack(null);
      setStep(1);
      void invalidate.passengers();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const next: Errors = {};
        for (const [key, messages] of Object.entries(error.errors)) next[key as keyof Errors] = messages[0];
        setErrors(next);
      }
      toast.error(errorMessage(error, error instanceof Error ? error.message : undefined));
    },
  });
  const activate = useActivatePassenger();

  const submitStep1 = () => {
    const parsed = passengerConfirmationSchema.safeParse(form);
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
    }
    if (!front && !current?.id_card_front) next.id_card_front = PEOPLE_MSG.fileRequired;
    if (!back && !current?.id_card_back) next.id_card_back = PEOPLE_MSG.fileRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate();
  };

  const approve = () =>
    activate.mutate(id, {
      onSuccess: (res) => {
        setApproved(true);
        toast.success(res.message ?? PEOPLE_MSG.activationCompleted);
      },
      onError: (error) => toast.error(errorMessage(error, error instanceof Error ? error.message : undefined)),
    });

  const close = () => {
    if (approved) toast.success(PEOPLE_MSG.passengerApproved);
    onClose(approved);
  };

  const field = (name: 'first_name' | 'last_name' | 'whatsapp_number', label: string) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(e) => {
        setForm({ ...form, [name]: e.target.value });
        setErrors((prev) => ({ ...prev, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] && t(errors[name])}
      required
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `wizard-${name}` } }}
    />
  );

  return (
    <>
      <DialogTitle>
        {current ? `${current.full_name} — #${current.id}` : t('Passenger')}
        {current && (
          <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
            {hasIdDocs(current) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          <Step>
            <StepLabel>{PEOPLE_MSG.personalInfo}</StepLabel>
          </Step>
          <Step completed={approved}>
            <StepLabel>{PEOPLE_MSG.finish}</StepLabel>
          </Step>
        </Stepper>
        {passenger.isError && <Alert severity="error">{errorMessage(passenger.error)}</Alert>}
        {step === 0 && current && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('first_name', t('First name'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('last_name', t('Last name'))}</Grid>
            <Grid size={12}>{field('whatsapp_number', PEOPLE_MSG.whatsappLabel)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ImagePicker
                label={t('ID card front')}
                file={front}
                onChange={(file) => {
                  setFront(file);
                  setErrors((prev) => ({ ...prev, id_card_front: undefined }));
                }}
                currentUrl={frontImage.url}
                error={errors.id_card_front && t(errors.id_card_front)}
                testId="wizard-id-front"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ImagePicker
                label={t('ID card back')}
                file={back}
                onChange={(file) => {
                  setBack(file);
                  setErrors((prev) => ({ ...prev, id_card_back: undefined }));
                }}
                currentUrl={backImage.url}
                error={errors.id_card_back && t(errors.id_card_back)}
                testId="wizard-id-back"
              />
            </Grid>
          </Grid>
        )}
        {step === 1 && current && (
          <Stack spacing={1} data-testid="wizard-summary">
            <Typography variant="h6">{current.full_name}</Typography>
            <Typography>
              {t('WhatsApp:')} <span dir="ltr">{formatPhone(current.whatsapp_number)}</span>
            </Typography>
            <Typography>
              {t('Phone:')} <span dir="ltr">{formatPhone(current.phone_number)}</span>
            </Typography>
            <Typography>
              {t('ID card: {{front}} / {{back}}', {
                front: current.id_card_front ? t('front ✓') : t('front ✗'),
                back: current.id_card_back ? t('back ✓') : t('back ✗'),
              })}
            </Typography>
            {!current.can_be_approved && <Alert severity="warning">{PEOPLE_MSG.passengerNotApprovable}</Alert>}
            {approved && <Alert severity="success">{PEOPLE_MSG.passengerApproved}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('Close')}</Button>
        {step === 1 && !approved && <Button onClick={() => setStep(0)}>{t('Back')}</Button>}
        {step === 0 && (
          <Button variant="contained" onClick={submitStep1} disabled={save.isPending || !current}>
            {t('Save and continue')}
          </Button>
        )}
        {step === 1 && !approved && (
          <Button
            variant="contained"
            color="success"
            onClick={approve}
            disabled={activate.isPending || current?.can_be_approved === false}
          >
            {PEOPLE_MSG.approvePassenger}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
