import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  TextField,
} from '@mui/material';
import {
  answerKey,
  FOLLOW_UP_TICKET_TYPE,
  type NewTicketBody,
  TICKET_MSG,
  TICKET_TEXT_MAX,
  type TicketFieldDto,
  type TicketTypeDto,
} from '@taxi/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { CaptainPicker, PassengerPicker, UserPicker } from '../../components/pickers';
import { useCurrentUser } from '../auth/currentUser';
import { useQueueCache, useTicketTypes } from './api';
import { EMPTY_DRAFT, type FollowUpDraft, latestPlace, loadDraft, rememberPlace, saveDraft } from './followUpDraft';
import { subjectTypeLabel } from './labels';

/** The follow-up ticket form (people.md §2): who to report, that person, a description, optionally an assignee. */
export default function FollowUpTicketPage() {
  const types = useTicketTypes();
  const type = types.data?.find((x) => x.title === FOLLOW_UP_TICKET_TYPE);
  if (!type) return types.isPending ? <LinearProgress /> : <Alert severity="error">{TICKET_MSG.unknownType}</Alert>;
  return <FollowUpForm type={type} />;
}

type Errors = Record<string, string>;

function FollowUpForm({ type }: { type: TicketTypeDto }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const cache = useQueueCache();
  const questions = type.questions;
  const place = latestPlace(me.settings.FOLLOW_UP_TICKET);
  const [step, setStep] = useState(() => {
    const at = place.id === type.id ? questions.findIndex((q) => q.id === place.last_question_id) : -1;
    return Math.max(0, at);
  });
  const [draft, setDraft] = useState<FollowUpDraft>(() => loadDraft(me.id));
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => saveDraft(me.id, draft), [me.id, draft]);

  const progress = useApiMutation({
    mutationFn: (body: { id: number | null; last_question_id: number | null; last_field_id: number | null }) =>
      api(endpoints.followUpProgress, { body }),
    // Losing the place is no reason to interrupt the operator.
    errorText: () => null,
  });
  const goTo = (index: number) => {
    setStep(index);
    const q = questions[index];
    const next = { id: type.id, last_question_id: q.id, last_field_id: q.fields[0]?.id ?? null };
    rememberPlace(next);
    progress.mutate(next);
  };

  const update = (patch: Partial<FollowUpDraft>, field?: TicketFieldDto) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (field) setErrors((e) => ({ ...e, [answerKey(field.id)]: '' }));
  };

  /** 'This Field is required' for each empty field of these questions. */
  const missing = (indexes: number[]): Errors => {
    const out: Errors = {};
    for (const i of indexes)
      for (const f of questions[i].fields) {
        const empty =
          (f.kind === 'subject_type' && !draft.subjectType) ||
          (f.kind === 'person' && !draft.person) ||
          (f.kind === 'text' && !draft.description.trim()) ||
          (f.kind === 'user' && (f.required || draft.assign) && !draft.user);
        if (empty) out[answerKey(f.id)] = TICKET_MSG.fieldRequired;
      }
    return out;
  };
  const stepOf = (key: string) => questions.findIndex((q) => q.fields.some((f) => answerKey(f.id) === key));

  const save = useApiMutation({
    mutationFn: (body: NewTicketBody) => api(endpoints.createTicket, { body }),
    errorText: (error) => (error instanceof ApiError && error.status === 422 ? error.message : undefined) ?? null,
    onSuccess: (reply) => {
      toast.success(reply.message ?? TICKET_MSG.saved);
      setDraft(EMPTY_DRAFT);
      saveDraft(me.id, null);
      setErrors({});
      setStep(0);
      rememberPlace({ id: null, last_question_id: null, last_field_id: null });
      cache.refreshLists();
      cache.refetchQueue();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const next: Errors = {};
      for (const [key, list] of Object.entries(error.errors)) next[key] = list[0] ?? '';
      setErrors(next);
      const first = Object.keys(next)
        .map(stepOf)
        .filter((i) => i >= 0);
      if (first.length) setStep(Math.min(...first));
    },
  });

  const submit = () => {
    const all = missing(questions.map((_, i) => i));
    setErrors(all);
    const keys = Object.keys(all);
    if (keys.length) {
      setStep(Math.min(...keys.map(stepOf).filter((i) => i >= 0)));
      return;
    }
    const answers: Record<string, string | number> = {};
    for (const q of questions)
      for (const f of q.fields) {
        if (f.kind === 'subject_type') answers[answerKey(f.id)] = draft.subjectType;
        if (f.kind === 'text') answers[answerKey(f.id)] = draft.description.trim();
      }
    save.mutate({
      ticket_type_id: type.id,
      last_question_id: questions[step]?.id ?? null,
      answers,
      passenger_id: draft.subjectType === 'passenger' ? draft.person?.id : null,
      captain_id: draft.subjectType === 'captain' ? draft.person?.id : null,
      user_id: draft.assign ? draft.user?.id : null,
    });
  };

  const fieldView = (f: TicketFieldDto) => {
    const error = errors[answerKey(f.id)] || undefined;
    switch (f.kind) {
      case 'subject_type':
        return (
          <FormControl error={error !== undefined} required>
            <FormLabel id={`field-${f.id}`}>{t(f.label)}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`field-${f.id}`}
              value={draft.subjectType}
              onChange={(e) => update({ subjectType: e.target.value as FollowUpDraft['subjectType'], person: null }, f)}
            >
              {f.options.map((o) => (
                <FormControlLabel
                  key={o}
                  value={o}
                  control={<Radio />}
                  label={subjectTypeLabel(o === 'captain' ? 'captain' : 'passenger')}
                />
              ))}
            </RadioGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        );
      case 'person': {
        const Picker = draft.subjectType === 'captain' ? CaptainPicker : PassengerPicker;
        return (
          <Stack sx={{ maxWidth: 420 }}>
            <Picker
              value={draft.person}
              onChange={(v) => update({ person: v }, f)}
              error={error}
              required
              disabled={!draft.subjectType}
              testId="follow-up-person"
            />
          </Stack>
        );
      }
      case 'text':
        return (
          <TextField
            label={t(f.label)}
            value={draft.description}
            onChange={(e) => update({ description: e.target.value }, f)}
            error={error !== undefined}
            helperText={error}
            required
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX, 'data-testid': 'follow-up-description' } }}
          />
        );
      case 'user':
        return (
          <Stack spacing={1} sx={{ maxWidth: 420 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.assign}
                  onChange={(e) => update({ assign: e.target.checked, user: null }, f)}
                />
              }
              label={TICKET_MSG.assignToUser}
            />
            {draft.assign && (
              <UserPicker
                label={t(f.label)}
                value={draft.user}
                onChange={(v) => update({ user: v }, f)}
                error={error}
                required
              />
            )}
          </Stack>
        );
      default:
        return null;
    }
  };

  const stepHasError = useMemo(
    () => questions.map((q) => q.fields.some((f) => Boolean(errors[answerKey(f.id)]))),
    [questions, errors],
  );
  // Every question stays open (all the missing fields show at once); the one the operator is in is the
  // active step, saved as they move so the form resumes there.
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, maxWidth: 760 }}
      component="form"
      noValidate
      aria-label={TICKET_MSG.followUpTicket}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stepper activeStep={step} orientation="vertical" nonLinear>
        {questions.map((q, i) => (
          <Step key={q.id} completed={false} expanded>
            <StepLabel error={stepHasError[i]} data-testid={`follow-up-step-${i}`}>
              {t(q.title)}
            </StepLabel>
            <StepContent
              onFocusCapture={() => {
                if (i !== step) goTo(i);
              }}
            >
              <Stack spacing={2} sx={{ py: 1 }}>
                {q.fields.map((f) => (
                  <div key={f.id}>{fieldView(f)}</div>
                ))}
              </Stack>
            </StepContent>
          </Step>
        ))}
      </Stepper>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="follow-up-save">
          {TICKET_MSG.save}
        </Button>
      </Stack>
    </Paper>
  );
}
