import { mayOpen, pathTo, routeByName } from '@taxi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/currentUser';
import { CommandPalette } from './CommandPalette';
import { ShortcutsSheet } from './ShortcutsSheet';
import { useShortcut } from './shortcuts';

/** Mounted once in the shell: the global shortcuts (Ctrl/Cmd+K, `?`, `n`), the palette and the `?` sheet. */
export function KeyboardOverlay() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [palette, setPalette] = useState(false);
  const [sheet, setSheet] = useState(false);
  const mayBook = mayOpen(routeByName('PhoneBooking'), user);

  useShortcut('palette', () => {
    setSheet(false);
    setPalette((open) => !open);
  });
  useShortcut('help', () => setSheet(true), !palette && !sheet);
  useShortcut('booking.new', () => navigate(pathTo('PhoneBooking')), mayBook && !palette && !sheet);

  return (
    <>
      <CommandPalette open={palette} onClose={() => setPalette(false)} onShowShortcuts={() => setSheet(true)} />
      <ShortcutsSheet open={sheet} onClose={() => setSheet(false)} />
    </>
  );
}
