import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CHANNEL_OF_AUDIENCE,
  OPTIONS_MAX,
  pathTo,
  QUESTION_KINDS,
  QUESTIONS_MAX,
  type QuestionKind,
  SURVEY_AUDIENCES,
  SURVEY_CHANNELS,
  SURVEY_LABELS,
  SURVEY_MSG,
  type SurveyAudience,
  type SurveyDto,
  type SurveyInput,
  surveyInputSchema,
} from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { translateText } from '../../i18n';
import { SaveCancelActions } from '../people/SaveCancelActions';
import { useSurvey, useSurveysInvalidate } from './api';

interface QuestionForm {
  key: number;
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  options: string[];
}
interface Form {
  title: string;
  audience: SurveyAudience;
  recentDays: string;
  questions: QuestionForm[];
}
/** Messages by field path, as the server writes them (`questions.0.options`). */
type Errors = Record<string, string>;

let nextKey = 1;
const blankQuestion = (kind: QuestionKind = 'choice'): QuestionForm => ({
  key: nextKey++,
  kind,
  prompt: '',
  required: true,
  options: kind === 'choice' ? ['', ''] : [],
});

const fromSurvey = (s: SurveyDto): Form => ({
  title: s.title,
  audience: s.audience,
  recentDays: s.recent_days === null ? '' : String(s.recent_days),
  questions: s.questions.map((q) => ({
    key: nextKey++,
    kind: q.kind,
    prompt: q.prompt,
    required: q.required,
    options: q.kind === 'choice' ? q.options : [],
  })),
});

const toInput = (f: Form): SurveyInput => ({
  title: f.title,
  audience: f.audience,
  channel: CHANNEL_OF_AUDIENCE[f.audience],
  recent_days: f.recentDays.trim() === '' ? null : Number(f.recentDays),
  questions: f.questions.map(({ kind, prompt, required, options }) => ({
    kind,
    prompt,
    required,
    options: kind === 'choice' ? options : [],
  })),
});

const errorsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors => {
  const out: Errors = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return out;
};

/** One question of the builder: its kind, prompt, whether required, its options; moved up or down, removed. */
function QuestionEditor({
  index,
  count,
  question,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  question: QuestionForm;
  errors: Errors;
  onChange: (q: QuestionForm) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const path = `questions.${index}`;
  const err = (field: string) => {
    const message = errors[`${path}.${field}`];
    return message ? translateText(message) : undefined;
  };
  const setKind = (kind: QuestionKind) =>
    onChange({
      ...question,
      kind,
      options: kind === 'choice' ? (question.options.length ? question.options : ['', '']) : [],
    });
  const n = index + 1;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={t('Question {{n}}', { n })}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
            {t('Question {{n}}', { n })}
          </Typography>
          <IconButton aria-label={t('Move question {{n}} up', { n })} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={t('Move question {{n}} down', { n })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('Remove question {{n}}', { n })} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              label={t('Kind')}
              value={question.kind}
              onChange={(e) => setKind(e.target.value as QuestionKind)}
              slotProps={{ htmlInput: { 'data-testid': `question-kind-${index}` } }}
            >
              {QUESTION_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {SURVEY_LABELS.kinds[k]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              fullWidth
              required
              label={t('Question')}
              value={question.prompt}
              onChange={(e) => onChange({ ...question, prompt: e.target.value })}
              error={!!err('prompt')}
              helperText={err('prompt')}
              slotProps={{ htmlInput: { 'data-testid': `question-prompt-${index}` } }}
            />
          </Grid>
        </Grid>
        <FormControlLabel
          control={
            <Checkbox
              checked={question.required}
              onChange={(e) => onChange({ ...question, required: e.target.checked })}
            />
          }
          label={t('An answer is required')}
        />
        {question.kind === 'choice' && (
          <Stack spacing={1}>
            {question.options.map((option, i) => {
              const m = i + 1;
              const optionError = err(`options.${i}`);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are plain texts edited in place
                <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('Option {{m}}', { m })}
                    value={option}
                    onChange={(e) =>
                      onChange({ ...question, options: question.options.map((o, j) => (j === i ? e.target.value : o)) })
                    }
                    error={!!optionError}
                    helperText={optionError}
                    slotProps={{ htmlInput: { 'data-testid': `question-${index}-option-${i}` } }}
                  />
                  <IconButton
                    aria-label={t('Remove option {{m}}', { m })}
                    onClick={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
            {err('options') && (
              <Typography variant="body2" color="error" role="alert">
                {err('options')}
              </Typography>
            )}
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              disabled={question.options.length >= OPTIONS_MAX}
              onClick={() => onChange({ ...question, options: [...question.options, ''] })}
            >
              {t('Add an option')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /surveys/create (SURVEYS): the form builder of a draft — title, audience and its filter, the channel it
 * implies, questions added, reordered, removed. `?draft={id}` edits a draft. Saving leads to the survey's
 * page, where it is sent.
 */
export default function SurveyCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draftId = Number(params.get('draft'));
  const editing = Number.isInteger(draftId) && draftId > 0 ? draftId : null;
  const existing = useSurvey(editing);
  const invalidate = useSurveysInvalidate();
  const idempotency = useIdempotencyKey();
  const [form, setForm] = useState<Form>(() => ({
    title: '',
    audience: 'captains',
    recentDays: '',
    questions: [blankQuestion()],
  }));
  const [errors, setErrors] = useState<Errors>({});
  const loaded = useRef(false);

  useEffect(() => {
    if (existing.data && !loaded.current) {
      loaded.current = true;
      setForm(fromSurvey(existing.data));
    }
  }, [existing.data]);

  const save = useApiMutation({
    mutationFn: (body: SurveyInput) =>
      editing === null
        ? api(endpoints.createSurvey, { body, idempotencyKey: idempotency.key() })
        : api(endpoints.updateSurvey, { params: { id: editing }, body }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void invalidate.surveys();
      navigate(pathTo('Survey', { id: res.data.id }));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });

  const setQuestion = (i: number, q: QuestionForm) =>
    setForm((f) => ({ ...f, questions: f.questions.map((x, j) => (j === i ? q : x)) }));
  const move = (i: number, delta: -1 | 1) =>
    setForm((f) => {
      const questions = [...f.questions];
      [questions[i], questions[i + delta]] = [questions[i + delta], questions[i]];
      return { ...f, questions };
    });
  const remove = (i: number) => setForm((f) => ({ ...f, questions: f.questions.filter((_, j) => j !== i) }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = toInput(form);
    const parsed = surveyInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  const err = (field: string) => (errors[field] ? translateText(errors[field]) : undefined);
  const notDraft = existing.data && existing.data.status !== 'draft';

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate sx={{ maxWidth: 880 }}>
      {existing.isError && <Alert severity="error">{t('This survey could not be loaded.')}</Alert>}
      {notDraft && <Alert severity="warning">{SURVEY_MSG.notDraft}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {editing === null ? t('New survey') : t('Edit the draft')}
          </Typography>
          <TextField
            fullWidth
            required
            name="title"
            label={t('Title')}
            value={form.title}
            onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
            error={!!err('title')}
            helperText={err('title')}
            slotProps={{ htmlInput: { 'data-testid': 'survey-title' } }}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                fullWidth
                label={t('Audience')}
                value={form.audience}
                onChange={(e) => setForm((f) => ({ ...f, audience: e.target.value as SurveyAudience }))}
                error={!!err('audience')}
                helperText={err('audience')}
                slotProps={{ htmlInput: { 'data-testid': 'survey-audience' } }}
              >
                {SURVEY_AUDIENCES.map((a) => (
                  <MenuItem key={a} value={a}>
                    {SURVEY_LABELS.audiences[a]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                fullWidth
                type="number"
                label={t('Only with a ride in the last N days')}
                value={form.recentDays}
                onChange={(e) => setForm((f) => ({ ...f, recentDays: e.target.value }))}
                error={!!err('recent_days')}
                helperText={err('recent_days') ?? t('Empty: every active one')}
                slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                fullWidth
                label={t('Channel')}
                value={CHANNEL_OF_AUDIENCE[form.audience]}
                error={!!err('channel')}
                helperText={err('channel')}
                slotProps={{ select: { readOnly: true } }}
              >
                {SURVEY_CHANNELS.map((c) => (
                  <MenuItem key={c} value={c}>
                    {SURVEY_LABELS.channels[c]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
          <Typography variant="h6" component="h2">
            {t('Questions')}
          </Typography>
          {err('questions') && (
            <Alert severity="error" role="alert">
              {err('questions')}
            </Alert>
          )}
          {form.questions.map((q, i) => (
            <QuestionEditor
              key={q.key}
              index={i}
              count={form.questions.length}
              question={q}
              errors={errors}
              onChange={(next) => setQuestion(i, next)}
              onMove={(delta) => move(i, delta)}
              onRemove={() => remove(i)}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {QUESTION_KINDS.map((k) => (
              <Button
                key={k}
                variant="outlined"
                startIcon={<AddIcon />}
                disabled={form.questions.length >= QUESTIONS_MAX}
                onClick={() => setForm((f) => ({ ...f, questions: [...f.questions, blankQuestion(k)] }))}
                data-testid={`add-question-${k}`}
              >
                {t('Add: {{kind}}', { kind: SURVEY_LABELS.kinds[k] })}
              </Button>
            ))}
          </Stack>
        </Stack>
        <SaveCancelActions saving={save.isPending || !!notDraft} />
      </Paper>
    </Stack>
  );
}
