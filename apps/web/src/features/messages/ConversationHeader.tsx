import { Chip, Link, Stack, Typography } from '@mui/material';
import { CHAT_MSG, type ConversationDto, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhoneLink } from '../voice/PhoneLink';

/** The page of whom a conversation is with: the captain, the passenger, or the booking's ride. */
function relatedPath(c: ConversationDto): string | null {
  if (c.kind === 'captain' && c.captain_id !== null) return pathTo('Captain', { id: c.captain_id });
  if (c.kind === 'passenger' && c.passenger_id !== null) return pathTo('Passenger', { id: c.passenger_id });
  if (c.kind === 'booking' && c.booking_id !== null) return pathTo('Details', { id: c.booking_id });
  return null;
}

/** Above a thread: who it is with (a link to their page), what kind of conversation, and their number to dial. */
export function ConversationHeader({ conversation }: { conversation: ConversationDto }) {
  const { t } = useTranslation();
  const path = relatedPath(conversation);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      data-testid="conversation-header"
    >
      <Chip size="small" variant="outlined" label={t(CHAT_MSG[conversation.kind])} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {path ? (
          <Link component={RouterLink} to={path} underline="hover" color="inherit">
            {conversation.title}
          </Link>
        ) : (
          conversation.title
        )}
      </Typography>
      <PhoneLink value={conversation.phone} />
    </Stack>
  );
}
