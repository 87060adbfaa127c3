import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  pathTo,
  type QuestionResultDto,
  SURVEY_LABELS,
  type SurveyDto,
  type SurveyQuestionDto,
  surveyPolicy,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useSurvey, useSurveyResults, useSurveysInvalidate } from './api';
import { SurveyStatusChip } from './labels';

/** The chart library comes with this page only, after its first paint. */
const SurveyChart = lazy(() => import('./SurveyCharts'));

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The counts behind a chart, as a table (what a screen reader and a printout read). */
function CountsTable({ result }: { result: QuestionResultDto }) {
  const { t } = useTranslation();
  const rows =
    result.kind === 'choice'
      ? result.options.map((o) => ({ label: dataLabel(o.label), count: o.count }))
      : result.ratings.map((r) => ({ label: formatNumber(r.rating), count: r.count }));
  return (
    <Table size="small" aria-label={t('Answers to {{prompt}}', { prompt: dataLabel(result.prompt) })}>
      <TableHead>
        <TableRow>
          <TableCell>{result.kind === 'choice' ? t('Option') : t('Rating')}</TableCell>
          <TableCell align="right">{t('Answers')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.label}>
            <TableCell>{r.label}</TableCell>
            <TableCell align="right">{formatNumber(r.count)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function QuestionResult({ question, result }: { question: SurveyQuestionDto; result: QuestionResultDto | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`q-${question.id}`}>
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3" id={`q-${question.id}`}>
          {t('{{n}}. {{prompt}}', { n: question.position, prompt: dataLabel(question.prompt) })}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {SURVEY_LABELS.kinds[question.kind]}
          {' · '}
          {question.required ? t('Required') : t('Optional')}
          {result ? ` · ${t('{{count}} answers', { count: result.answered })}` : ''}
        </Typography>
        {question.kind === 'choice' && question.options.length > 0 && !result && (
          <List dense>
            {question.options.map((o) => (
              <ListItem key={o}>
                <ListItemText primary={dataLabel(o)} />
              </ListItem>
            ))}
          </List>
        )}
        {result && result.kind !== 'text' && (
          <Grid container spacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Suspense fallback={<CircularProgress size={24} aria-label={t('Loading')} />}>
                <SurveyChart result={result} />
              </Suspense>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <CountsTable result={result} />
              {result.kind === 'rating' && (
                <Typography sx={{ mt: 1 }} data-testid={`survey-average-${question.id}`}>
                  {result.average === null
                    ? t('No rating yet')
                    : t('Average: {{average}} / 5', { average: formatNumber(result.average, 2) })}
                </Typography>
              )}
            </Grid>
          </Grid>
        )}
        {result?.kind === 'text' &&
          (result.texts.length === 0 ? (
            <Typography color="textSecondary">{t('No answer yet')}</Typography>
          ) : (
            <List dense data-testid={`survey-texts-${question.id}`}>
              {result.texts.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id of their own here
                <ListItem key={i} divider>
                  <ListItemText
                    primary={a.text}
                    secondary={formatDateTime(a.answered_at)}
                    slotProps={{ primary: { dir: 'auto' } }}
                  />
                </ListItem>
              ))}
            </List>
          ))}
      </Stack>
    </Paper>
  );
}

function Actions({ survey }: { survey: SurveyDto }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const invalidate = useSurveysInvalidate();
  const [confirming, setConfirming] = useState<'send' | 'close' | null>(null);
  const act = useApiMutation({
    mutationFn: (what: 'send' | 'close') =>
      api(what === 'send' ? endpoints.sendSurvey : endpoints.closeSurvey, { params: { id: survey.id } }),
    onSuccess: (res) => {
      setConfirming(null);
      if (res.message) toast.success(res.message);
      void invalidate.surveys();
    },
    onError: () => setConfirming(null),
  });
  if (!allows(surveyPolicy.change)) return null;
  return (
    <Stack direction="row" spacing={1}>
      {survey.status === 'draft' && (
        <>
          <Button component={RouterLink} to={`${pathTo('SurveysCreate')}?draft=${survey.id}`}>
            {t('Edit')}
          </Button>
          <Button variant="contained" onClick={() => setConfirming('send')} data-testid="survey-send">
            {t('Send')}
          </Button>
        </>
      )}
      {survey.status === 'sent' && (
        <Button variant="outlined" onClick={() => setConfirming('close')} data-testid="survey-close">
          {t('Close the survey')}
        </Button>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="survey-confirm-title">
        <DialogTitle id="survey-confirm-title">
          {confirming === 'send' ? t('Send this survey?') : t('Close this survey?')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming === 'send'
              ? t('Every {{audience}} it reaches receives it now by {{channel}}. It cannot be edited afterwards.', {
                  audience: SURVEY_LABELS.audiences[survey.audience],
                  channel: SURVEY_LABELS.channels[survey.channel],
                })
              : t('No answer is taken once it is closed.')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('Cancel')}</Button>
          <Button
            variant="contained"
            disabled={act.isPending}
            onClick={() => confirming && act.mutate(confirming)}
            data-testid="survey-confirm"
          >
            {confirming === 'send' ? t('Send') : t('Close the survey')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** /survey/{id} (SURVEYS): the survey, its questions and, once sent, its results as charts and the text answers. */
export default function SurveyPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const surveyId = Number(id);
  const valid = Number.isInteger(surveyId) && surveyId > 0 ? surveyId : null;
  const survey = useSurvey(valid);
  const live = survey.data?.status === 'sent';
  const results = useSurveyResults(survey.data && survey.data.status !== 'draft' ? valid : null, live);

  if (valid === null || survey.isError)
    return <Alert severity="error">{survey.isError ? errorMessage(survey.error) : t('Not found.')}</Alert>;
  if (!survey.data) return <CircularProgress aria-label={t('Loading')} />;
  const s = survey.data;
  const rate = results.data ? Math.round(results.data.response_rate * 1000) / 10 : null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }} dir="auto">
              {dataLabel(s.title)}
            </Typography>
            <SurveyStatusChip status={s.status} />
            <Actions survey={s} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2, m: 0 }}
          >
            <Fact label={t('Audience')} value={SURVEY_LABELS.audiences[s.audience]} />
            <Fact
              label={t('Filter')}
              value={
                s.recent_days === null
                  ? t('Every active one')
                  : t('A ride in the last {{count}} days', { count: s.recent_days })
              }
            />
            <Fact label={t('Channel')} value={SURVEY_LABELS.channels[s.channel]} />
            <Fact label={t('Sent')} value={s.sent_at ? formatDateTime(s.sent_at) : '—'} />
            <Fact label={t('Recipients')} value={formatNumber(s.recipients)} />
            <Fact
              label={t('Responses')}
              value={<span data-testid="survey-responses">{formatNumber(results.data?.responses ?? s.responses)}</span>}
            />
            <Fact
              label={t('Response rate')}
              value={rate === null ? '—' : t('{{rate}} %', { rate: formatNumber(rate, 1) })}
            />
          </Box>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2">
        {s.status === 'draft' ? t('Questions') : t('Results')}
      </Typography>
      {results.isError && <Alert severity="error">{errorMessage(results.error)}</Alert>}
      {s.questions.map((q) => (
        <QuestionResult key={q.id} question={q} result={results.data?.questions.find((r) => r.question_id === q.id)} />
      ))}
    </Stack>
  );
}
