import { Button, Stack, Typography } from '@mui/material';
import { pathTo, type SurveyDto, surveyAudienceLabel, surveyPolicy } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useSurveys } from './api';
import { SurveyStatusChip } from './labels';

/** /surveys (SURVEYS): every survey with its status, audience, sending date and responses. */
export default function SurveysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allows = usePolicy();
  const paging = usePaging();
  const list = useSurveys(paging.page + 1, paging.perPage);

  const columns: PagedColumn<SurveyDto>[] = [
    {
      key: 'title',
      label: t('Title'),
      render: (s) => (
        <RouterLink to={pathTo('Survey', { id: s.id })} onClick={(e) => e.stopPropagation()}>
          {dataLabel(s.title)}
        </RouterLink>
      ),
    },
    { key: 'status', label: t('Status'), render: (s) => <SurveyStatusChip status={s.status} /> },
    {
      key: 'audience',
      label: t('Audience'),
      render: (s) => surveyAudienceLabel(s.audience, s.recent_days),
    },
    {
      key: 'sent',
      label: t('Sent'),
      render: (s) => (s.sent_at ? formatDateTime(s.sent_at) : '—'),
      sx: { whiteSpace: 'nowrap' },
    },
    { key: 'questions', label: t('Questions'), render: (s) => formatNumber(s.questions.length), align: 'right' },
    {
      key: 'responses',
      label: t('Responses'),
      render: (s) =>
        s.status === 'draft'
          ? '—'
          : t('{{responses}} of {{recipients}}', {
              responses: formatNumber(s.responses),
              recipients: formatNumber(s.recipients),
            }),
      align: 'right',
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="textSecondary">
          {t('Questions to passengers by SMS and to captains in their app, and what they answered.')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <ExportCsvButton endpoint={endpoints.surveysCsv} />
          {allows(surveyPolicy.change) && (
            <Button variant="contained" component={RouterLink} to={pathTo('SurveysCreate')}>
              {t('New survey')}
            </Button>
          )}
        </Stack>
      </Stack>
      <PagedTable
        columns={columns}
        query={list}
        paging={paging}
        rowKey={(s) => s.id}
        onOpen={(s) => navigate(pathTo('Survey', { id: s.id }))}
        testId="surveys"
      />
    </Stack>
  );
}
