import { Box, Button, Stack, Typography } from '@mui/material';
import { BOOKING_UI, type BookingDto, bookingPolicy } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useSolveNote } from './commands';

function SolveButton({ noteId, onSolved }: { noteId: number; onSolved: () => void }) {
  const solve = useSolveNote();
  return (
    <Button size="small" disabled={solve.isPending} onClick={() => solve.mutate(noteId, { onSuccess: onSolved })}>
      {BOOKING_UI.solve}
    </Button>
  );
}

/** The card's unsolved notes; who may change a booking marks them solved. */
export function CardNotes({ booking }: { booking: BookingDto }) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const mayChange = usePolicy()(bookingPolicy.change);
  const notes = booking.notes_list.filter((n) => !n.solved && !hidden.has(n.id));
  if (notes.length === 0) return null;
  return (
    <Stack
      spacing={0.5}
      sx={{ bgcolor: 'warning.50', borderRadius: 1, p: 0.75, border: 1, borderColor: 'warning.light' }}
    >
      {notes.map((note) => (
        <Stack
          key={note.id}
          direction="row"
          spacing={1}
          style={{ alignItems: 'flex-start' }}
          data-testid={`note-${note.id}`}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontSize: 13, whiteSpace: 'pre-wrap' }}>{note.note}</Typography>
            <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>
              {note.author_name ?? ''} · {formatDateTime(note.created_at)}
            </Typography>
          </Box>
          {mayChange && (
            <SolveButton noteId={note.id} onSolved={() => setHidden((prev) => new Set(prev).add(note.id))} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
