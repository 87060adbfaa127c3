import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import TranslateIcon from '@mui/icons-material/Translate';
import { ListItemIcon, ListSubheader, MenuItem } from '@mui/material';
import { LANGUAGE_NAMES, LANGUAGES } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { setPreference, THEME_CHOICES, type ThemeChoice, usePreferences } from './preferences';

const THEME_ICONS: Record<ThemeChoice, typeof DarkModeIcon> = {
  system: SettingsBrightnessIcon,
  light: LightModeIcon,
  dark: DarkModeIcon,
};

const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'Follow the system',
  light: 'Light',
  dark: 'Dark',
};

/** The profile menu's language and theme choices (each language named in itself), as the menu's items. */
export function usePreferenceItems(onDone: () => void) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  return [
    <ListSubheader key="language-header" sx={{ lineHeight: '32px' }}>
      {t('Language')}
    </ListSubheader>,
    ...LANGUAGES.map((language) => (
      <MenuItem
        key={`language-${language}`}
        selected={preferences.language === language}
        lang={language}
        data-testid={`language-${language}`}
        onClick={() => {
          onDone();
          void setPreference({ language });
        }}
      >
        <ListItemIcon>
          <TranslateIcon fontSize="small" />
        </ListItemIcon>
        {LANGUAGE_NAMES[language]}
      </MenuItem>
    )),
    <ListSubheader key="theme-header" sx={{ lineHeight: '32px' }}>
      {t('Theme')}
    </ListSubheader>,
    ...THEME_CHOICES.map((choice) => {
      const Icon = THEME_ICONS[choice];
      return (
        <MenuItem
          key={`theme-${choice}`}
          selected={preferences.theme === choice}
          data-testid={`theme-${choice}`}
          onClick={() => {
            onDone();
            void setPreference({ theme: choice });
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {t(THEME_LABELS[choice])}
        </MenuItem>
      );
    }),
  ];
}
