import {
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Keys } from './CommandPalette';
import { SHORTCUTS, type ShortcutScope } from './shortcuts';

const SCOPES: readonly { scope: ShortcutScope; title: string }[] = [
  { scope: 'global', title: 'Everywhere' },
  { scope: 'board', title: 'Requests board' },
  { scope: 'messages', title: 'Messages' },
  { scope: 'call', title: 'Calls' },
  { scope: 'mapEditor', title: 'Map editor' },
];

/** The `?` sheet: every keyboard shortcut with its keys and what it does. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="shortcuts-sheet">
      <DialogTitle>{t('Keyboard shortcuts')}</DialogTitle>
      {/* Focusable: the list runs past a short window, and its scroll must be reachable from the keyboard. */}
      <DialogContent dividers tabIndex={0} sx={{ p: 0 }}>
        <Table size="small" aria-label={t('Keyboard shortcuts')}>
          {SCOPES.map(({ scope, title }) => (
            <Fragment key={scope}>
              <TableHead>
                <TableRow>
                  <TableCell colSpan={2} sx={{ bgcolor: 'action.hover' }}>
                    <Typography component="span" sx={{ fontSize: 13, fontWeight: 700 }}>
                      {t(title)}
                    </Typography>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {SHORTCUTS.filter((s) => s.scope === scope).map((s) => (
                  <TableRow key={s.id} data-testid={`shortcut-${s.id}`}>
                    <TableCell sx={{ width: '40%', whiteSpace: 'nowrap' }}>
                      {s.keys.map((keys, index) => (
                        <Fragment key={keys}>
                          {index > 0 && (
                            <Typography component="span" sx={{ mx: 0.75, fontSize: 12, color: 'text.secondary' }}>
                              {t('or')}
                            </Typography>
                          )}
                          <Keys keys={keys} />
                        </Fragment>
                      ))}
                    </TableCell>
                    <TableCell>{t(s.label)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Fragment>
          ))}
        </Table>
      </DialogContent>
    </Dialog>
  );
}
