import ChatIcon from '@mui/icons-material/ChatOutlined';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  chatPolicy,
  type FieldDef,
  type LostItemChange,
  type LostItemStatus,
  lostAndFoundResource,
  pathTo,
  RESOURCE_MSG,
  type ResourceRow,
} from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useResourceRow } from '../../components/DataTable/api';
import { cellText } from '../../components/DataTable/values';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useLostItemHistory, useMessageOwner } from './api';
import { LostItemForm } from './LostItemForm';
import { statusLabels } from './labels';

const FIELDS = lostAndFoundResource.fields as readonly FieldDef[];

/** A value of the history as the form shows it (a status, a category, a date; ids as they are). */
function useValueText() {
  const { t } = useTranslation();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'status') return statusLabels(t)[value as LostItemStatus] ?? String(value);
    const def = FIELDS.find((f) => f.name === field);
    return def ? cellText(def, { id: 0, [field]: value } as ResourceRow, '', '') || String(value) : String(value);
  };
}

function History({ id }: { id: number }) {
  const { t } = useTranslation();
  const history = useLostItemHistory(id);
  const text = useValueText();
  const label = (field: string) => t(FIELDS.find((f) => f.name === field)?.label ?? field);
  const line = (c: LostItemChange) =>
    c.action === 'create'
      ? t('Recorded')
      : c.changes
          .map((ch) =>
            t('{{field}}: {{before}} → {{after}}', {
              field: label(ch.field),
              before: text(ch.field, ch.before),
              after: text(ch.field, ch.after),
            }),
          )
          .join(' · ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('History')}
      </Typography>
      {history.isLoading && <LinearProgress />}
      {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
      {history.data && history.data.length === 0 && <Typography color="textSecondary">{t('No change yet')}</Typography>}
      <List dense disablePadding data-testid="lost-history">
        {(history.data ?? []).map((c) => (
          <ListItem key={c.id} disableGutters>
            <ListItemText
              primary={line(c) || t('Saved without changes')}
              secondary={`${formatDateTime(c.at)} · ${c.actor ?? '—'}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function Contact({ row }: { row: ResourceRow }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const message = useMessageOwner();
  if (!allows(chatPolicy.write)) return null;
  const passengerId = typeof row.passenger_id === 'number' ? row.passenger_id : null;
  const captainId = typeof row.captain_id === 'number' ? row.captain_id : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('Contact the owner')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<ChatIcon />}
          disabled={passengerId === null}
          loading={message.isPending && message.variables?.kind === 'passenger'}
          onClick={() => passengerId && message.mutate({ kind: 'passenger', id: passengerId })}
        >
          {t('Message the passenger')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ChatIcon />}
          disabled={captainId === null}
          loading={message.isPending && message.variables?.kind === 'captain'}
          onClick={() => captainId && message.mutate({ kind: 'captain', id: captainId })}
        >
          {t('Message the captain')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /lost_and_found/edit/{id}: the item's form (with its status), messages to its owner, and its history. */
export default function LostItemEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id) || null;
  const row = useResourceRow(lostAndFoundResource, lostAndFoundResource.url, id);
  const back = () => navigate(pathTo('lost_and_found'));
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {t('Item #{{id}}', { id: id ?? '—' })}
        </Typography>
        <Button component={RouterLink} to={pathTo('lost_and_found')}>
          {RESOURCE_MSG.backToList}
        </Button>
      </Stack>
      {row.isLoading && <LinearProgress />}
      {(row.isError || id === null) && (
        <Alert severity="error">{errorMessage(row.error) || RESOURCE_MSG.notFound}</Alert>
      )}
      {row.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <LostItemForm
              def={lostAndFoundResource}
              url={lostAndFoundResource.url}
              row={row.data}
              onSaved={back}
              onCancel={back}
            />
          </Paper>
          <Stack spacing={2}>
            <Contact row={row.data} />
            <History id={row.data.id} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
