import { MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SEASON, MSG, SEASONS, type Season } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { queryKeys } from '../../api/queryKeys';
import { toast } from '../../api/toast';
import { fareKeys } from '../fares/keys';

const SEASON_KEY = 'SEASON';

export function useSeason() {
  return useQuery({
    queryKey: queryKeys.settings.byKey(SEASON_KEY),
    queryFn: ({ signal }) =>
      apiData(endpoints.setting, { query: { key: SEASON_KEY }, signal }) as Promise<Season | null>,
  });
}

/** Season selector (needs SETTINGS — the caller checks): sends the new value and shows the server message. */
export function SeasonSelector() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const season = useSeason();
  const change = useApiMutation({
    mutationFn: (next: Season) => api(endpoints.setSeason, { body: { season: next } }),
    onSuccess: (answer, next) => {
      client.setQueryData(queryKeys.settings.byKey(SEASON_KEY), next);
      // Prices are the season's: every estimate on screen is asked again.
      void client.invalidateQueries({ queryKey: fareKeys.all });
      toast.success(answer.message ?? MSG.seasonUpdated);
    },
  });
  const value = change.isPending ? change.variables : (season.data ?? DEFAULT_SEASON);
  return (
    <TextField
      select
      value={value}
      disabled={change.isPending || season.isPending}
      onChange={(event) => change.mutate(event.target.value as Season)}
      fullWidth={false}
      slotProps={{
        htmlInput: { 'data-testid': 'season-select', 'aria-label': MSG.season },
        select: { renderValue: (selected) => t('Season: {{season}}', { season: t(String(selected)) }) },
      }}
      sx={{
        minWidth: 150,
        '& .MuiSelect-select': { py: 0.75 },
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.08)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'rgba(255,255,255,0.8)' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.35)' },
      }}
    >
      {SEASONS.map((s) => (
        <MenuItem key={s} value={s}>
          {t(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}
