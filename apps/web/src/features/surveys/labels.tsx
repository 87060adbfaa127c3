import { Chip } from '@mui/material';
import { SURVEY_LABELS, type SurveyStatus } from '@taxi/shared';

const STATUS_COLOR: Record<SurveyStatus, 'default' | 'info' | 'success'> = {
  draft: 'default',
  sent: 'info',
  closed: 'success',
};

export function SurveyStatusChip({ status }: { status: SurveyStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={SURVEY_LABELS.statuses[status]} />;
}
