import { Box, Chip, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { SHIFTS_MAP_MSG as M, type ShiftsMapCaptain, type ShiftsMapDto } from '@taxi/shared';
import type { ReactNode } from 'react';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box component="section" data-testid={testId} sx={{ px: 1.5, pt: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="textSecondary" sx={{ pb: 1 }}>
    {children}
  </Typography>
);

function placeOf(c: ShiftsMapCaptain, sectorName: (id: number) => string): string {
  if (!c.online) return M.offline;
  return c.sector_id === null ? M.unknownPlace : M.inSector(sectorName(c.sector_id));
}

function StandingChip({ c }: { c: ShiftsMapCaptain }) {
  if (!c.online) return <Chip size="small" variant="outlined" label={M.offline} />;
  return c.in_zone ? (
    <Chip size="small" color="success" variant="outlined" label={M.inZone} />
  ) : (
    <Chip size="small" color="error" variant="outlined" label={M.outOfZone} />
  );
}

/**
 * The shifts map's lists: the captains on shift outside their zone (what a planner acts on), the captains
 * of the selected sector, and every planned sector with its planned and present counts.
 */
export function ShiftsMapPanel({
  data,
  sectorName,
  selectedId,
  onSelectSector,
  onFocusCaptain,
}: {
  data: ShiftsMapDto | undefined;
  sectorName: (id: number) => string;
  selectedId: number | null;
  onSelectSector: (id: number) => void;
  onFocusCaptain: (c: ShiftsMapCaptain) => void;
}) {
  const outside = (data?.captains ?? []).filter((c) => c.online && !c.in_zone);
  const ofSector = selectedId === null ? [] : (data?.captains ?? []).filter((c) => c.sector_ids.includes(selectedId));
  return (
    <>
      <Section title={M.outside} testId="shifts-outside">
        {data && outside.length === 0 && <Empty>{M.noneOutside}</Empty>}
        <List dense disablePadding>
          {outside.map((c) => (
            <ListItem key={c.captain_id} disablePadding data-testid="captain-outside">
              <ListItemButton onClick={() => onFocusCaptain(c)}>
                <ListItemText primary={c.name} secondary={placeOf(c, sectorName)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Section>
      {selectedId !== null && (
        <Section title={M.sectorCaptains(sectorName(selectedId))} testId="shifts-sector-captains">
          {ofSector.length === 0 && <Empty>{M.noCaptains}</Empty>}
          <List dense disablePadding>
            {ofSector.map((c) => (
              <ListItem
                key={c.captain_id}
                disablePadding
                secondaryAction={<StandingChip c={c} />}
                data-testid="sector-captain"
              >
                <ListItemButton disabled={!c.online} onClick={() => onFocusCaptain(c)} sx={{ pr: 14 }}>
                  <ListItemText
                    primary={c.name}
                    secondary={placeOf(c, sectorName)}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      <Section title={M.sectors} testId="shifts-sectors">
        {data && data.sectors.length === 0 && <Empty>{M.noSectors}</Empty>}
        {data && data.sectors.length > 0 && selectedId === null && <Empty>{M.clickSector}</Empty>}
        <List dense disablePadding>
          {(data?.sectors ?? []).map((s) => (
            <ListItem
              key={s.id}
              disablePadding
              data-testid="shift-sector"
              data-sector-id={s.id}
              data-planned={s.planned}
              data-present={s.present}
            >
              <ListItemButton selected={s.id === selectedId} onClick={() => onSelectSector(s.id)}>
                <ListItemText primary={s.name} secondary={M.plannedPresent(s.planned, s.present)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Section>
    </>
  );
}
